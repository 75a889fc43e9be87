/**
 * The layouts of the lender's doc, in order: each step says what it moved and why, and moves it
 * (`initLenderDoc` runs them). The doc's stamp, `meta.schemaVersion`, names the last layout it
 * was moved to. A new layout is one file beside these, one line in `LAYOUTS` and the number in
 * `current.ts`.
 */
import type * as Y from 'yjs'
import { metaMap } from '../doc.ts'
import { CURRENT_LAYOUT } from './current.ts'
import { layout1 } from './l1-payments-map.ts'
import { layout2 } from './l2-deposit-log.ts'
import { layout3 } from './l3-text-records.ts'
import { layout4 } from './l4-actor-keys.ts'
import { layout5 } from './l5-interest-rule.ts'
import { layout6 } from './l6-receipts.ts'
import { layout7 } from './l7-loan-terms.ts'
import type { LayoutStep } from './step.ts'

export type { LayoutStep } from './step.ts'

/** Every layout step, oldest first: layouts 1 to n without gaps (a test holds it to that). */
export const LAYOUTS: readonly LayoutStep[] = [
  layout1,
  layout2,
  layout3,
  layout4,
  layout5,
  layout6,
  layout7,
]

/** The layout this code writes, kept in `meta.schemaVersion`: the last step's (a test says so). */
export const SCHEMA_VERSION: number = CURRENT_LAYOUT

/**
 * How many layouts past this one a stamp may name and still be taken for a newer app's. Each
 * layout so far came one at a time, and a device that syncs a newer book fetches the newer app
 * from the same server (the service worker updates it), so it is behind by one or two at most;
 * a hundred leaves years of room. The server refuses a stamp above its own layout.
 */
export const NEWER_LAYOUTS = 100

/**
 * The layout a stamp names: a whole number from 1 to `SCHEMA_VERSION + NEWER_LAYOUTS`. Null for
 * no stamp, and for a stamp no app writes (999, Infinity, 4.5, '5', -1), which is not a layout:
 * it is read as this layout, counted among what could not be read, and stamped over by this
 * layout (`initLenderDoc`), so a stray value can never lock a book for good.
 */
export function layoutOf(stamp: unknown): number | null {
  return Number.isInteger(stamp) &&
    (stamp as number) >= 1 &&
    (stamp as number) <= SCHEMA_VERSION + NEWER_LAYOUTS
    ? (stamp as number)
    : null
}

/**
 * Whether another device has moved the doc to a layout this code does not know. Such a device
 * may keep facts where this code does not look, so reading would show a book with money missing
 * and writing could put facts where the newer code does not look: the app stops and asks for an
 * update instead. A missing version is this layout's (it is stamped after sync), and so is one
 * that is not a layout (see `layoutOf`).
 */
export function isNewerLayout(doc: Y.Doc): boolean {
  const layout = layoutOf(metaMap(doc).get('schemaVersion'))
  return layout !== null && layout > SCHEMA_VERSION
}
