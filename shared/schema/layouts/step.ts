/**
 * One step of the lender doc's layout history (see `index.ts`): the layout it brings a doc to,
 * what it moves there and why, and the move itself.
 */
import type * as Y from 'yjs'

/** A layout step. */
export interface LayoutStep {
  /** The layout a doc is at once this step has run: 1, 2, 3… in order, without gaps. */
  readonly layout: number
  /** What it moves, in a few words (nothing, for a step that is a stamp only). */
  readonly moves: string
  /** Why the layout changed. */
  readonly why: string
  /**
   * Moves what the doc holds of older forms into today's, with today's writers. Runs inside the
   * migration's transaction, before the stamp; it must be a no-op on a doc with nothing to move,
   * and safe on two devices at once (both move the same facts, which readers count once).
   */
  readonly move: (doc: Y.Doc) => void
}
