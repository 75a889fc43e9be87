/**
 * Who writes in which series of a book, and which record holds each number: what the server
 * checks a receipt given elsewhere against before writing it (a collector's phone numbers his
 * deposits offline, see `receipt.ts`). A series is one writer's, so a receipt is taken only in a
 * series that no one else has written in: otherwise a collector could give out the owner's next
 * number before the owner does, and the book would hold it twice.
 */
import type * as Y from 'yjs'
import { readLender } from '../schema/lender.ts'
import type { LenderSnapshot } from '../schema/types.ts'
import { readVoids } from '../schema/void.ts'
import { SERIES_LENGTH, readReceipt, type Receipt } from './receipt.ts'
import { readRefusedReceipts } from './refused.ts'

/** What the book holds of the series and numbers of some receipts, as the check needs it. */
export interface SeriesOwners {
  /** The series asked about: receipts of any other are passed over. */
  readonly series: ReadonlySet<string>
  /** The numbers asked about, as `SERIES.n`. */
  readonly asked: ReadonlySet<string>
  /** Series → the accounts that wrote its receipts ('' for a record that names no one). */
  readonly owners: Map<string, Set<string>>
  /** `SERIES.n` asked about → the record that holds it: `deposit:<id>`, `waiver:<id>`… */
  readonly numbers: Map<string, string>
}

/** Why a receipt given elsewhere is not written. */
export type ReceiptRefusal =
  /** Someone else writes in its series (another account, a record that names no one). */
  | 'notYourSeries'
  /** Its number is held by another record of the book. */
  | 'numberTaken'

/** What kind of record holds a receipt. */
export type ReceiptHolder = 'deposit' | 'waiver' | 'void' | 'refused'

/**
 * What the book (deposits, waivers, voids) holds of the series and numbers of `asked`. Only
 * those: a big book holds 100,000 receipts, and reading each of them took a server 150 ms per
 * batch of deposits, where passing over the others by their first characters takes a few.
 * `book` is the snapshot of `doc` when the caller has one (the server's projection: no second
 * read of the book); voids are read from the doc, since a snapshot shows only the void that
 * stands.
 */
export function seriesOwners(
  doc: Y.Doc,
  asked: Iterable<Receipt>,
  book: Pick<LenderSnapshot, 'payments' | 'waivers'> = readLender(doc),
): SeriesOwners {
  const receipts = [...asked]
  const held: SeriesOwners = {
    series: new Set(receipts.map((r) => r.series)),
    asked: new Set(receipts.map(numberKey)),
    owners: new Map(),
    numbers: new Map(),
  }
  if (receipts.length === 0) return held
  for (const p of book.payments) noteReceipt(held, p.receipt, 'deposit', p.depositId, p.createdBy)
  for (const w of book.waivers) noteReceipt(held, w.receipt, 'waiver', w.id, w.createdBy)
  for (const v of readVoids(doc)) noteReceipt(held, v.receipt, 'void', v.id, v.createdBy)
  for (const r of readRefusedReceipts(doc)) {
    noteReceipt(held, r.receipt, 'refused', r.id, r.createdBy)
  }
  return held
}

/** A receipt's number as `SERIES.n`: its stored form up to the code. */
function numberKey(receipt: Pick<Receipt, 'series' | 'n'>): string {
  return `${receipt.series}.${receipt.n}`
}

/**
 * Adds one record's receipt (as stored; nothing when it has none, or it is of a series not asked
 * about) to `held`: what `seriesOwners` reads, and what a writer adds as it writes, so that a
 * batch is checked against what it wrote itself.
 */
export function noteReceipt(
  held: SeriesOwners,
  stored: string | undefined,
  kind: ReceiptHolder,
  id: string,
  by: { account: string } | undefined,
): void {
  if (stored === undefined || stored[SERIES_LENGTH] !== '.') return
  const series = stored.slice(0, SERIES_LENGTH)
  if (!held.series.has(series)) return
  // A record of the series, well-formed or not, is someone's writing in it.
  const owners = held.owners.get(series)
  if (owners) owners.add(by?.account ?? '')
  else held.owners.set(series, new Set([by?.account ?? '']))
  const key = stored.slice(0, stored.lastIndexOf('.'))
  if (!held.asked.has(key) || held.numbers.has(key) || readReceipt(stored) === null) return
  held.numbers.set(key, `${kind}:${id}`)
}

/**
 * Whether `account` may write `receipt` on `record` (`deposit:<id>`…): null when it may; why not
 * otherwise (`held` must have been asked about it). Its series must be one only `account` has written
 * in, and not `reserved` (the series the writer itself gives out in, which no one has written in
 * yet perhaps, but whose next number it will give); its number must not be held by another
 * record.
 */
export function receiptRefusal(
  held: SeriesOwners,
  receipt: Receipt,
  account: string,
  record: string,
  reserved: string | null = null,
): ReceiptRefusal | null {
  if (receipt.series === reserved) return 'notYourSeries'
  const owners = held.owners.get(receipt.series)
  if (owners && (owners.size > 1 || !owners.has(account))) return 'notYourSeries'
  const holder = held.numbers.get(numberKey(receipt))
  return holder === undefined || holder === record ? null : 'numberTaken'
}
