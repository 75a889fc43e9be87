/**
 * Giving out receipts: each writer numbers in a series of its own (see `receipt.ts`). A writer
 * is one open book on one device, the server for what it writes, or a collector's phone, which
 * keeps its series between visits (`nextReceipt` is pure so that it can).
 */
import type * as Y from 'yjs'
import {
  MAX_COUNT,
  chainCode,
  newSeries,
  receiptNumber,
  storeReceipt,
  type Receipt,
  type ReceiptFacts,
} from './receipt.ts'

/** Where a series stands: its last receipt (n = 0 and code '' before the first). */
export type SeriesState = Receipt

/** A series nobody has used yet. */
export function startSeries(series: string = newSeries()): SeriesState {
  return { series, n: 0, code: '' }
}

/** The receipt after `state` for `facts`, as stored; it is also the series' new state. */
export function nextReceipt(state: SeriesState, facts: ReceiptFacts): Receipt {
  const current = state.n >= MAX_COUNT ? startSeries() : state
  const n = current.n + 1
  const number = receiptNumber({ series: current.series, n })
  return { series: current.series, n, code: chainCode(current.code, number, facts) }
}

/** Where a writer keeps its series between sessions (the app keeps one per device and book). */
export interface SeriesKeeper {
  /** Called with each receipt given, before its record is written. */
  save(state: SeriesState): void
}

// The series each open doc numbers in: a new one at its first receipt, unless the session
// continues one it holds alone (`continueSeries`). No two writers share one, so two tabs or two
// devices of one lender, apart or not, never give out one number twice.
const writers = new WeakMap<Y.Doc, SeriesState>()
const keepers = new WeakMap<Y.Doc, SeriesKeeper>()

/**
 * From now on, `doc`'s receipts continue `state`, and each is saved with `keeper`. The caller
 * vouches that no other writer numbers in that series while this session lives (the app holds
 * a lock on it, see `src/data/book/receiptSeries.ts`).
 */
export function continueSeries(doc: Y.Doc, state: SeriesState, keeper: SeriesKeeper): void {
  writers.set(doc, state)
  keepers.set(doc, keeper)
}

/**
 * The receipt the next record written into `doc` by this session gets, stored as its string.
 * Call it once the record is checked and about to be written (the series moves on).
 */
export function issueReceipt(doc: Y.Doc, facts: ReceiptFacts): string {
  const receipt = nextReceipt(writers.get(doc) ?? startSeries(), facts)
  writers.set(doc, receipt)
  keepers.get(doc)?.save(receipt)
  return storeReceipt(receipt)
}

/**
 * The series this session gives out receipts in for `doc`, or null before its first: a receipt
 * given elsewhere must not be in it, or the session's next one would repeat its number.
 */
export function issuingSeries(doc: Y.Doc): string | null {
  return writers.get(doc)?.series ?? null
}
