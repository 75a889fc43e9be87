/**
 * The lender's doc as plain snapshots that follow the change, not the book. `readLender` reads
 * every entry; this reads the doc once, then listens to Yjs events, which name exactly the
 * people, loans and payments a transaction touched, and re-reads only those. Objects that did not
 * change keep their identity across snapshots, so the engine's figures cache and React skip them.
 *
 * The result is, at every moment, deep-equal to `readLender(doc)` (a property test holds it to
 * that): both are `LenderReads`, read whole or patched, so the rules live in one place.
 */
import type * as Y from 'yjs'
import type { Steps } from '../steps.ts'
import { LenderReads } from './lenderReads.ts'
import type { LenderSnapshot, Loan, Payment } from './types.ts'

/** A live view of one lender's doc. */
export interface LenderProjection {
  /** The current snapshot; the same object until the doc changes. */
  snapshot(): LenderSnapshot
  /**
   * The loans of a person that are not archived, in creation order, as of the last snapshot; the
   * same array until one of them changes (so a per-person cache can skip everyone else).
   */
  activeLoansOf(personId: string): readonly Loan[]
  /**
   * One loan's payments, voided ones flagged, in replay order, as of the last snapshot; the same
   * array until one of them changes (a person's pages need these, never the whole book's list).
   */
  paymentsOf(loanId: string): readonly Payment[]
  /**
   * Reads the doc whole, a few entries per step (see `Steps`): the next `snapshot()` is what it
   * read, or, should the doc change before it is done, a read of its own.
   */
  readSteps(): Steps<void>
  /** Calls `listener` after every transaction that changed people, loans or payments. */
  subscribe(listener: () => void): () => void
  /** Stops listening to the doc. */
  destroy(): void
}

/** Past this many changed entries in one go, reading everything again is the cheaper path. */
const FULL_READ_RATIO = 0.25

/** Starts projecting `doc`; call `destroy` when the doc is closed. */
export function projectLender(doc: Y.Doc): LenderProjection {
  const reads = new LenderReads(doc)
  const unfollow = reads.follow()
  let current: LenderSnapshot | null = null
  let pending = true
  // Transactions seen: a read in steps that saw one begin and end apart is not the doc's.
  let seen = 0
  const listeners = new Set<() => void>()

  const onTransaction = (transaction: Y.Transaction) => {
    seen++
    if (reads.pending() === 0 && !reads.rewritten) return
    if (!transaction.changedParentTypes.size) return
    pending = true
    for (const listener of listeners) listener()
  }
  doc.on('afterTransaction', onTransaction)

  return {
    snapshot() {
      if (!pending && current) return current
      pending = false
      const whole = !current || reads.rewritten || reads.pending() > reads.size() * FULL_READ_RATIO
      current = whole || !current ? reads.readAll() : reads.update(current)
      return current
    },
    *readSteps() {
      const before = seen
      const read = yield* reads.readAllSteps()
      if (seen === before) {
        current = read
        pending = false
      } else {
        current = null
        pending = true
      }
    },
    activeLoansOf: (personId) => reads.activeLoansOf(personId),
    paymentsOf: (loanId) => reads.paymentsOf(loanId),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      unfollow()
      doc.off('afterTransaction', onTransaction)
      listeners.clear()
    },
  }
}
