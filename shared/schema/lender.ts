/**
 * The lender's doc as a whole: its initialisation and its one reader. The reader is where merges
 * are reconciled, because a rule applied when reading holds however the updates arrived.
 */
import type * as Y from 'yjs'
import { metaMap } from './doc.ts'
import { LOCAL_ORIGIN } from './guards.ts'
import { LAYOUTS, SCHEMA_VERSION, layoutOf } from './layouts/index.ts'
import { LenderReads } from './lenderReads.ts'
import type { LenderSnapshot } from './types.ts'

/**
 * Brings the doc to this layout, once: every step of `LAYOUTS` moves, in order, what the doc
 * holds of its older forms (a new doc has nothing to move and is just stamped). All in the same
 * transaction as the stamp, so no device sees one without the other. A no-op on a doc already at
 * this layout or a newer one; a stamp that is no layout (see `layoutOf`) is stamped over, which
 * moves nothing twice.
 *
 * Every step runs, not only those above the doc's stamp: a device still on an older app may have
 * added its older forms since the stamp (a layout-1 payment merged into a book stamped 3), and
 * the rewrite of layout 3 also does layout 4's placement of deposits. A step with nothing to move
 * writes nothing.
 */
export function initLenderDoc(doc: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const meta = metaMap(doc)
  const layout = layoutOf(meta.get('schemaVersion'))
  if (layout !== null && layout >= SCHEMA_VERSION) return
  doc.transact(() => {
    for (const step of LAYOUTS) step.move(doc)
    meta.set('schemaVersion', SCHEMA_VERSION)
  }, origin)
}

/**
 * A plain snapshot of everything in the doc: people and loans sorted by createdAt then id,
 * payments by date, createdAt, id; archived entries included. What the writers would refuse is
 * skipped, never thrown on, since the doc may have come from the network: shown nowhere, counted
 * in no figure, and listed in `skipped` so that the app can say so. A payment id held by payments
 * that differ shows one of them, the same on every device (see `resolvePayment`).
 *
 * Reconciliation: a person whose `archived` flag is set but who still has a loan that is not
 * archived is shown as not archived, with `revived: true`. That is what a merge gives when one
 * device deleted the person while another, offline, lent them money: nothing is lost, and the UI
 * can point at the person. (Payments of an archived loan simply stay with that loan.)
 *
 * Voids: every payment of a deposit, and every waiver, that has a void not undone is flagged
 * `voided` (the earliest such void); it stays in the lists so the history can strike it through,
 * and the engine skips it. A void that arrives before what it voids simply waits for it.
 *
 * The reading itself, shared with the projection, is `LenderReads`'s.
 */
export function readLender(doc: Y.Doc): LenderSnapshot {
  return { ...new LenderReads(doc).readAll() }
}

/**
 * `readLender` with the book's list of payments left in no particular order: sorting 100,000 of
 * them is a fifth of a big book's first read, and an export finds them by id. Everything else is
 * exactly as `readLender` gives it.
 */
export function readLenderUnsorted(doc: Y.Doc): LenderSnapshot {
  return { ...new LenderReads(doc).readAll({ sortPayments: false }) }
}
