/**
 * Deposits as layout 2 stores them: one append-only root Y.Array, `deposits`, holding one compact
 * record per deposit. A 100,000-payment book took 15 MiB as one map entry per payment; as records
 * in one array it takes about 4 MiB, and it decodes in a tenth of the time, because entries that
 * one device appends one after another merge into a single Yjs item.
 *
 * A record is a plain array, written once and never changed:
 *
 *     [depositId, day, createdAt, extra, loanId, amount, loanId, amount, …]
 *
 * - ids: a `newId` id (20 hex digits) is stored as its 10 bytes, any other id as its string;
 * - day: the deposit's date as an epoch day (days since 1970-01-01);
 * - createdAt: epoch milliseconds, or the ISO string when milliseconds would not give it back;
 * - extra: null, or `{ note?, by?, ids? }`: the description when it is not the default, who
 *   recorded it, and the payments' ids when they are not the ones `paymentId` derives (an import
 *   or the migration keeps the ids it was given);
 * - then one (loanId, amount) pair per payment, amount in paise.
 *
 * Why one array and not a map keyed by id: a map keeps one Yjs item per key forever, with the key
 * written out; records in an array cost only their own bytes. Two devices that append while apart
 * both keep their records (an array never drops a concurrent insert), and nothing here is ever
 * deleted, so the order the array settles in does not matter: readers sort payments themselves.
 */
import type * as Y from 'yjs'
import { epochDay, fromEpochDay } from '../dates.ts'
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'
import { isPaise, readActor } from './guards.ts'
import type { Payment } from './types.ts'

/** The description a deposit's payments get when the lender gives none (spec §9). */
export const DEFAULT_DEPOSIT_DESCRIPTION = 'Deposit payment'

/** `deposits`: the deposit records, in the order they arrived. */
export function depositLog(doc: Y.Doc): Y.Array<unknown> {
  return doc.getArray<unknown>('deposits')
}

/** A deposit to store: its payments in order, each with its id. */
export interface DepositRecord {
  depositId: string
  date: IsoDate
  createdAt: string
  description: string
  createdBy?: Actor
  payments: readonly { id: string; loanId: string; amount: Paise }[]
}

/** The id a deposit's `index`-th payment gets when none is given. */
export function paymentId(depositId: string, index: number): string {
  return `${depositId}-${index}`
}

const HEX_ID = /^[0-9a-f]{20}$/
const HEX = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'))

/** A `newId` id as its 10 bytes; any other id as it is. */
function packId(id: string): Uint8Array | string {
  if (!HEX_ID.test(id)) return id
  const bytes = new Uint8Array(10)
  for (let i = 0; i < 10; i++) bytes[i] = parseInt(id.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

const digits: string[] = new Array<string>(10)

/**
 * The id stored by `packId`, or null when the value is neither form. Joined, not added up: ten
 * `+=` would leave a chain of string pieces behind every id, not one flat string.
 */
function unpackId(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value
  if (!(value instanceof Uint8Array) || value.length !== 10) return null
  for (let i = 0; i < 10; i++) digits[i] = HEX[value[i] as number] as string
  return digits.join('')
}

// A book has ten payments or so per loan: one string per loan id, not one per payment.
const loanIds = new Map<string, string>()

// The same for ids stored as bytes, found by the bytes: a first read of a big book then builds
// and hashes one hex string per loan, not one per payment. Keyed by the first six bytes (exact
// as a number); the other four must match too, or the id is built afresh.
const loanIdsByBytes = new Map<number, { tail: number; id: string }>()

/** The loan id stored by `packId`, as one shared string per id; null when malformed. */
function unpackLoanId(value: unknown): string | null {
  if (!(value instanceof Uint8Array) || value.length !== 10) {
    const id = unpackId(value)
    if (id === null) return null
    const known = loanIds.get(id)
    if (known !== undefined) return known
    loanIds.set(id, id)
    return id
  }
  const head =
    ((value[0]! * 256 + value[1]!) * 256 + value[2]!) * 2 ** 24 +
    ((value[3]! << 16) | (value[4]! << 8) | value[5]!)
  const tail = ((value[6]! << 24) | (value[7]! << 16) | (value[8]! << 8) | value[9]!) >>> 0
  const known = loanIdsByBytes.get(head)
  if (known?.tail === tail) return known.id
  const id = unpackId(value) as string
  if (!known) loanIdsByBytes.set(head, { tail, id })
  return id
}

/** A timestamp as epoch milliseconds when they give it back exactly, else the string. */
function packTime(iso: string): number | string {
  const ms = Date.parse(iso)
  return Number.isFinite(ms) && new Date(ms).toISOString() === iso ? ms : iso
}

function unpackTime(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value !== 'number' || !Number.isFinite(value)) return null
  if (Number.isInteger(value) && value >= 0 && value < LAST_FOUR_DIGIT_YEAR_MS) {
    return isoTime(value)
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const DAY_MS = 86_400_000
/** 10000-01-01T00:00:00.000Z: until then `toISOString` writes four-digit years. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_800_000
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'))
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'))
const timeParts = ['', 'T', '', ':', '', ':', '', '.', '', 'Z']

/**
 * `new Date(ms).toISOString()` for a time from 1970 to 9999, about three times faster: the date
 * part is the day's shared string, and the pieces are joined into one flat string (a template
 * would leave a chain of pieces behind every timestamp of a big book).
 */
function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS)
  let rest = ms - day * DAY_MS
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  timeParts[0] = dateOfDay(day)
  timeParts[2] = TWO_DIGITS[hours] as string
  timeParts[4] = TWO_DIGITS[minutes] as string
  timeParts[6] = TWO_DIGITS[seconds] as string
  timeParts[8] = THREE_DIGITS[rest - seconds * 1000] as string
  return timeParts.join('')
}

// One string per day, however many deposits fall on it: a big book holds a few thousand days
// across 100,000 payments, and sorting compares equal dates by identity, not letter by letter.
const dates = new Map<number, IsoDate>()

function dateOfDay(day: number): IsoDate {
  let date = dates.get(day)
  if (date === undefined) dates.set(day, (date = fromEpochDay(day)))
  return date
}

/** The record `deposit` is stored as. */
export function packDeposit(deposit: DepositRecord): unknown[] {
  const ids = deposit.payments.map((p) => p.id)
  const derived = ids.every((id, index) => id === paymentId(deposit.depositId, index))
  const extra = {
    ...(deposit.description !== DEFAULT_DEPOSIT_DESCRIPTION && { note: deposit.description }),
    ...(deposit.createdBy && { by: { ...deposit.createdBy } }),
    ...(!derived && { ids }),
  }
  const record: unknown[] = [
    packId(deposit.depositId),
    epochDay(deposit.date),
    packTime(deposit.createdAt),
    Object.keys(extra).length ? extra : null,
  ]
  for (const { loanId, amount } of deposit.payments) record.push(packId(loanId), amount)
  return record
}

// Records never change, so each is read once; later reads reuse its payments.
const unpacked = new WeakMap<object, readonly Payment[]>()
const NONE: readonly Payment[] = []

/**
 * The payments of a stored record, in the order they were recorded; none when the record is
 * malformed (a doc from the network may hold anything: a bad record is skipped whole, so a
 * deposit is never shown in part).
 */
export function unpackDeposit(record: unknown): readonly Payment[] {
  if (!Array.isArray(record)) return NONE
  const cached = unpacked.get(record)
  if (cached) return cached
  const payments = readRecord(record)
  unpacked.set(record, payments)
  return payments
}

function readRecord(record: unknown[]): readonly Payment[] {
  const [rawDepositId, day, rawCreatedAt, rawExtra] = record
  const depositId = unpackId(rawDepositId)
  const createdAt = unpackTime(rawCreatedAt)
  const count = (record.length - 4) / 2
  if (
    depositId === null ||
    createdAt === null ||
    !Number.isSafeInteger(day) ||
    !Number.isInteger(count) ||
    count < 1
  ) {
    return NONE
  }
  if (rawExtra !== null && (typeof rawExtra !== 'object' || Array.isArray(rawExtra))) return NONE
  const extra = (rawExtra ?? {}) as Record<string, unknown>
  const ids = extra.ids
  if (ids !== undefined && (!Array.isArray(ids) || ids.length !== count)) return NONE
  const date = dateOfDay(day as number)
  const description = typeof extra.note === 'string' ? extra.note : DEFAULT_DEPOSIT_DESCRIPTION
  const by = readActor(extra.by)
  // Its exact length: grown by `push`, a one-payment list would keep room for seventeen.
  const payments = new Array<Payment>(count)
  for (let index = 0; index < count; index++) {
    const loanId = unpackLoanId(record[4 + index * 2])
    const amount = record[5 + index * 2]
    const id = ids ? ids[index] : paymentId(depositId, index)
    if (loanId === null || !isPaise(amount) || typeof id !== 'string' || id === '') return NONE
    payments[index] = {
      id,
      loanId,
      depositId,
      date,
      amount,
      description,
      createdAt,
      ...(by && { createdBy: by }),
    }
  }
  return payments
}

/** Every payment in the log, keyed by id; of two with one id (a concurrent migration), the first. */
export function readDepositLog(
  doc: Y.Doc,
  into = new Map<string, Payment>(),
): Map<string, Payment> {
  for (const record of depositLog(doc)) {
    for (const payment of unpackDeposit(record)) {
      if (!into.has(payment.id)) into.set(payment.id, payment)
    }
  }
  return into
}
