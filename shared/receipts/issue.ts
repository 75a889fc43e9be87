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

// One series per open doc, taken at its first receipt: a session never shares it, so two tabs
// or two devices of one lender, apart or not, never give out one number twice.
const writers = new WeakMap<Y.Doc, SeriesState>()

/**
 * The receipt the next record written into `doc` by this session gets, stored as its string.
 * Call it once the record is checked and about to be written (the series moves on).
 */
export function issueReceipt(doc: Y.Doc, facts: ReceiptFacts): string {
  const receipt = nextReceipt(writers.get(doc) ?? startSeries(), facts)
  writers.set(doc, receipt)
  return storeReceipt(receipt)
}
