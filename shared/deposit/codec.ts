/**
 * The codec of a deposit record: how one deposit (`DepositRecord`) is written into a deposit log
 * (`log.ts`) and read back as its payments. A record is written once and never changed. Layout 3
 * writes it as one line of text:
 *
 *     depositId,day,createdAt,loanId,amount[,loanId,amount…][\n{extra}]
 *
 * - ids: a `newId` id (20 hex digits) as 14 base64url characters;
 * - numbers in base 36: the deposit's date as an epoch day (days since 1970-01-01), createdAt as
 *   epoch milliseconds, and each payment's amount in paise;
 * - extra, after a newline, as JSON: `{ note?, by?, ids?, r? }`: the description when it is not
 *   the default, who recorded it (layout 3; a log's records leave it to the log), the payments'
 *   ids when they are not the ones `paymentId` derives (an import or a migration keeps the ids it
 *   was given), and its receipt (layout 6; `receipts/receipt.ts`).
 *
 * Why text: a device holds every record of the book in memory, and Yjs gives a record back as the
 * value it was written as. Text is one string; the array of layout 2, below, was an array with
 * room for seventeen values, two byte views (which keep the whole update they came in alive) and
 * a boxed number: 50 bytes of a big book's heap against 230.
 *
 * A deposit whose ids or timestamp do not fit the text (ids from layout 1, a timestamp that
 * milliseconds do not give back) is written as layout 2 wrote every record, a plain array:
 *
 *     [depositId, day, createdAt, extra, loanId, amount, loanId, amount, …]
 *
 * with ids as their 10 bytes or as the string they are, createdAt as milliseconds or as the ISO
 * string, extra as an object or null. Readers take both.
 */
import { FIRST_EPOCH_DAY, LAST_EPOCH_DAY, epochDay, fromEpochDay } from '../dates.ts'
import type { Actor, IsoDate } from '../ledger/types.ts'
import { isPaise, isTimestamp } from '../schema/guards.ts'
import { recordActor } from '../schema/layouts/oldForms.ts'
import type { Payment } from '../schema/types.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION, paymentId, type DepositRecord } from './record.ts'

const HEX_ID = /^[0-9a-f]{20}$/
const HEX = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'))
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const BASE64URL_VALUE = new Int8Array(128).fill(-1)
for (let n = 0; n < 64; n++) BASE64URL_VALUE[BASE64URL.charCodeAt(n)] = n

/** A `newId` id as 14 base64url characters: its 80 bits, right-aligned (the first holds two). */
function idToText(id: string): string {
  let value = BigInt(`0x${id}`)
  const chars = new Array<string>(14)
  for (let i = 13; i >= 0; i--) {
    chars[i] = BASE64URL[Number(value & 63n)] as string
    value >>= 6n
  }
  return chars.join('')
}

const digits: string[] = new Array<string>(10)

/**
 * The id written by `idToText` as `text`'s characters `start` to `end`, or null when they are not
 * one. Joined, not added up: ten `+=` would leave a chain of string pieces behind every id, not
 * one flat string. With `suffix`, the id and the suffix as one flat string.
 */
function textToId(text: string, start: number, end: number, suffix?: string): string | null {
  if (end - start !== 14) return null
  let pending = BASE64URL_VALUE[text.charCodeAt(start)] ?? -1
  if (pending < 0 || pending > 3) return null
  let bits = 2
  let byte = 0
  for (let i = start + 1; i < end; i++) {
    const value = BASE64URL_VALUE[text.charCodeAt(i)] ?? -1
    if (value < 0) return null
    pending = (pending << 6) | value
    bits += 6
    if (bits >= 8) {
      bits -= 8
      digits[byte++] = HEX[pending >> bits] as string
      pending &= (1 << bits) - 1
    }
  }
  if (suffix === undefined) return digits.join('')
  digits[10] = suffix
  const joined = digits.join('')
  digits.length = 10
  return joined
}

/**
 * The whole number `toString(36)` wrote as `text`'s characters `start` to `end`, or NaN when they
 * are not one.
 */
function fromBase36(text: string, start: number, end: number): number {
  const negative = text.charCodeAt(start) === 45 // '-'
  let i = negative ? start + 1 : start
  if (i === end || end - start > 12) return NaN
  let value = 0
  for (; i < end; i++) {
    const code = text.charCodeAt(i)
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : -1
    if (digit < 0) return NaN
    value = value * 36 + digit
  }
  return negative ? -value : value
}

/** Layout 2's form of a `newId` id: its 10 bytes; any other id as it is. */
function packId(id: string): Uint8Array | string {
  if (!HEX_ID.test(id)) return id
  const bytes = new Uint8Array(10)
  for (let i = 0; i < 10; i++) bytes[i] = parseInt(id.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** The id stored by `packId`, or null when the value is neither form. */
function unpackId(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value
  if (!(value instanceof Uint8Array) || value.length !== 10) return null
  for (let i = 0; i < 10; i++) digits[i] = HEX[value[i] as number] as string
  return digits.join('')
}

// A book has ten payments or so per loan: one string per loan id, not one per payment, found
// by the text or the value it is stored as (a first read of a big book then builds and hashes
// one id per loan, not one per payment).
const loanIds = new Map<string, string>()

// Keyed by the 14 characters, apart from `loanIds`: an old id of any shape may look like them.
const loanIdsByText = new Map<string, string>()

/** The loan id stored as text, as one shared string per id; null when malformed. */
function loanIdOfText(text: string): string | null {
  const known = loanIdsByText.get(text)
  if (known !== undefined) return known
  const id = textToId(text, 0, text.length)
  if (id === null) return null
  const shared = loanIds.get(id) ?? id
  loanIds.set(id, shared)
  loanIdsByText.set(text, shared)
  return shared
}

// Layout 2's ids stored as bytes are found by the bytes: keyed by the first six (exact as a
// number); the other four must match too, or the id is built afresh.
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

/**
 * The timestamp stored by `packTime`, or null unless it is one the writers take (years 0001 to
 * 9999): a stored number may be any number, and `toISOString` writes other years as `+010000`
 * or `-000001`, which are not dates.
 */
function unpackTime(value: unknown): string | null {
  if (typeof value === 'string') return isTimestamp(value) ? value : null
  if (!Number.isInteger(value)) return null
  const ms = value as number
  return ms >= FIRST_FOUR_DIGIT_YEAR_MS && ms < LAST_FOUR_DIGIT_YEAR_MS ? isoTime(ms) : null
}

const DAY_MS = 86_400_000
/** 0001-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years `toISOString` writes in four digits. */
const FIRST_FOUR_DIGIT_YEAR_MS = FIRST_EPOCH_DAY * DAY_MS
const LAST_FOUR_DIGIT_YEAR_MS = (LAST_EPOCH_DAY + 1) * DAY_MS
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'))
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'))
const timeParts = ['', 'T', '', ':', '', ':', '', '.', '', 'Z']

/**
 * `new Date(ms).toISOString()` for a time from 0001 to 9999, about three times faster: the date
 * part is the day's shared string, and the pieces are joined into one flat string (a template
 * would leave a chain of pieces behind every timestamp of a big book); the same time as the last
 * one gives the same string.
 */
function isoTime(ms: number): string {
  if (ms === lastTime.ms) return lastTime.iso
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
  lastTime.ms = ms
  lastTime.iso = timeParts.join('')
  return lastTime.iso
}

// An import writes all its records at one time, so a book of them reads one timestamp over
// and over: one string for a run of equal times, not one per record.
const lastTime = { ms: Number.NaN, iso: '' }

// One string per day, however many deposits fall on it: a big book holds a few thousand days
// across 100,000 payments, and sorting compares equal dates by identity, not letter by letter.
const dates = new Map<number, IsoDate>()

function dateOfDay(day: number): IsoDate {
  let date = dates.get(day)
  if (date === undefined) dates.set(day, (date = fromEpochDay(day)))
  return date
}

/** The record `deposit` is stored as: text when its ids and timestamp fit, else layout 2's array. */
export function packDeposit(deposit: DepositRecord): string | unknown[] {
  const ids = deposit.payments.map((p) => p.id)
  const derived = ids.every((id, index) => id === paymentId(deposit.depositId, index))
  const fields = {
    ...(deposit.description !== DEFAULT_DEPOSIT_DESCRIPTION && { note: deposit.description }),
    ...(deposit.createdBy && { by: { ...deposit.createdBy } }),
    ...(!derived && { ids }),
    ...(deposit.receipt !== undefined && { r: deposit.receipt }),
  }
  const extra = Object.keys(fields).length ? fields : null
  const day = epochDay(deposit.date)
  const createdAt = packTime(deposit.createdAt)
  const fitsText =
    typeof createdAt === 'number' &&
    HEX_ID.test(deposit.depositId) &&
    deposit.payments.every((p) => HEX_ID.test(p.loanId) && Number.isSafeInteger(p.amount))
  if (fitsText) {
    const parts = [idToText(deposit.depositId), day.toString(36), createdAt.toString(36)]
    for (const { loanId, amount } of deposit.payments) {
      parts.push(idToText(loanId), amount.toString(36))
    }
    // JSON escapes every newline inside it: the first one in a record is always this one.
    return extra ? `${parts.join(',')}\n${JSON.stringify(extra)}` : parts.join(',')
  }
  const record: unknown[] = [packId(deposit.depositId), day, createdAt, extra]
  for (const { loanId, amount } of deposit.payments) record.push(packId(loanId), amount)
  return record
}

const NONE: readonly Payment[] = []

// A record's payments as its reader found them, before they are checked (no allocation per record).
const recordLoans: (string | null)[] = []
const recordAmounts: unknown[] = []

/**
 * The payments of a stored record, in the order they were recorded; none when the record is
 * malformed (a doc from the network may hold anything: a bad record is skipped whole, so a
 * deposit is never shown in part). Each call builds them afresh: a caller that reads a record
 * twice and needs the same objects keeps them (as the projection does).
 */
export function unpackDeposit(record: unknown, by?: Actor): readonly Payment[] {
  if (typeof record === 'string') return readText(record, by)
  if (Array.isArray(record)) return readArray(record, by)
  return NONE
}

/** What `paymentId` puts after a deposit's id for its first payment. */
const FIRST_ID_SUFFIX = '-0'

// Where each field of the record being read ends (a comma, the newline or the end): the fields
// are read in place, not split into a string each.
const fieldEnds: number[] = []

/** Where field `field` (from 1) of the record being read starts. */
const fieldStart = (field: number) => (fieldEnds[field - 1] as number) + 1

function readText(record: string, by: Actor | undefined): readonly Payment[] {
  const newline = record.indexOf('\n')
  const end = newline < 0 ? record.length : newline
  let fields = 0
  for (let at = record.indexOf(','); at >= 0 && at < end; at = record.indexOf(',', at + 1)) {
    fieldEnds[fields++] = at
  }
  fieldEnds[fields++] = end
  const count = (fields - 3) / 2
  if (!Number.isInteger(count) || count < 1) return NONE
  let extra: unknown = null
  let receipt: string | undefined
  if (newline >= 0) {
    receipt = receiptAlone(record, newline + 1)
    if (receipt === undefined) {
      try {
        extra = JSON.parse(record.slice(newline + 1))
      } catch {
        return NONE
      }
      if (extra === null) return NONE
      receipt = receiptInRecord(extra, record, newline)
    }
  }
  const ms = fromBase36(record, fieldStart(2), fieldEnds[2] as number)
  for (let index = 0; index < count; index++) {
    const loan = 3 + index * 2
    recordLoans[index] = loanIdOfText(record.slice(fieldStart(loan), fieldEnds[loan]))
    recordAmounts[index] = fromBase36(record, fieldStart(loan + 1), fieldEnds[loan + 1] as number)
  }
  // The first payment's id, made whole, and the deposit's id a slice of it: 20 bytes where a
  // string of its own is 32 (see `buildPayments`).
  const firstId = textToId(record, 0, fieldEnds[0] as number, FIRST_ID_SUFFIX)
  return buildPayments(
    firstId === null ? null : firstId.slice(0, -FIRST_ID_SUFFIX.length),
    fromBase36(record, fieldStart(1), fieldEnds[1] as number),
    unpackTime(ms),
    extra,
    count,
    by,
    firstId,
    receipt,
  )
}

/**
 * An extra that holds a receipt and nothing else, with no character JSON escapes or refuses (a
 * quote, a backslash, a control character; DEL and the C1 controls, which JSON takes, go the
 * slow way too): what nearly every record of a book that issues receipts holds. Matched where
 * the extra starts (sticky), to the record's end.
 */
const RECEIPT_ALONE = /\{"r":"[^"\\\p{Cc}]*"\}$/uy
const RECEIPT_ALONE_HEAD = '{"r":"'.length
const RECEIPT_ALONE_TAIL = '"}'.length

/**
 * The receipt, as a slice of `record`, when the extra from `from` on is `{"r":"…"}` as
 * `RECEIPT_ALONE` matches it; else undefined, and the extra is parsed as JSON. The slice is what
 * parsing and `receiptInRecord` would give, without the object and the string parsing makes and
 * drops for every record. A regular expression, not a loop over the characters: it runs as
 * compiled code from the first record on, where a loop runs interpreted until the engine warms
 * up, and the first open after the app starts reads the whole book before that.
 */
function receiptAlone(record: string, from: number): string | undefined {
  RECEIPT_ALONE.lastIndex = from
  if (!RECEIPT_ALONE.test(record)) return undefined
  return record.slice(from + RECEIPT_ALONE_HEAD, record.length - RECEIPT_ALONE_TAIL)
}

/**
 * The receipt `extra` holds, as a slice of `record`; undefined where the record does not hold
 * the same characters (JSON escaped some), and the parsed string is kept. A slice points into
 * the record, which the doc keeps anyway, at 20 bytes where a string of its own is 36 (a big
 * book has a receipt per payment).
 */
function receiptInRecord(extra: unknown, record: string, from: number): string | undefined {
  const receipt = (extra as { r?: unknown } | null)?.r
  if (typeof receipt !== 'string') return undefined
  const at = record.indexOf(receipt, from)
  return at < 0 ? undefined : record.slice(at, at + receipt.length)
}

function readArray(record: unknown[], by: Actor | undefined): readonly Payment[] {
  const count = (record.length - 4) / 2
  if (!Number.isInteger(count) || count < 1) return NONE
  for (let index = 0; index < count; index++) {
    recordLoans[index] = unpackLoanId(record[4 + index * 2])
    recordAmounts[index] = record[5 + index * 2]
  }
  return buildPayments(unpackId(record[0]), record[1], unpackTime(record[2]), record[3], count, by)
}

/**
 * The payments of one record, from its fields and `recordLoans`/`recordAmounts`; checked here as
 * the writers check a deposit: a calendar day of the years 0001–9999 (the day is any number a
 * record holds, and a day past them would stop the engine), amounts the app accepts, and ids
 * present and distinct. `logBy`: the actor of the log it is in, when the record names no one;
 * `firstId` and `keptReceipt`: `paymentId(depositId, 0)` and the receipt as a slice of the
 * record, when the reader has them (the receipt is then not looked for in `rawExtra`, which may
 * be null for a record whose extra held the receipt alone).
 */
function buildPayments(
  depositId: string | null,
  day: unknown,
  createdAt: string | null,
  rawExtra: unknown,
  count: number,
  logBy: Actor | undefined,
  firstId?: string | null,
  keptReceipt?: string,
): readonly Payment[] {
  if (depositId === null || createdAt === null || !Number.isInteger(day)) return NONE
  if ((day as number) < FIRST_EPOCH_DAY || (day as number) > LAST_EPOCH_DAY) return NONE
  if (rawExtra !== null && (typeof rawExtra !== 'object' || Array.isArray(rawExtra))) return NONE
  const extra = (rawExtra ?? {}) as Record<string, unknown>
  const ids = extra.ids
  if (ids !== undefined && (!Array.isArray(ids) || ids.length !== count)) return NONE
  // Ids given one by one must differ, or the record would hold one payment twice.
  if (ids !== undefined && new Set(ids).size !== count) return NONE
  const date = dateOfDay(day as number)
  const description = typeof extra.note === 'string' ? extra.note : DEFAULT_DEPOSIT_DESCRIPTION
  const by = recordActor(extra, logBy)
  // Kept as written: `receipts/verify.ts` judges it, and one that is not a receipt is shown so.
  const receipt = keptReceipt ?? (typeof extra.r === 'string' ? extra.r : undefined)
  // Its exact length: grown by `push`, a one-payment list would keep room for seventeen.
  const payments = new Array<Payment>(count)
  for (let index = 0; index < count; index++) {
    const loanId = recordLoans[index]
    const amount = recordAmounts[index]
    const id = ids ? ids[index] : index === 0 && firstId ? firstId : paymentId(depositId, index)
    if (loanId == null || !isPaise(amount) || typeof id !== 'string' || id === '') return NONE
    payments[index] = {
      id,
      loanId,
      depositId,
      date,
      amount,
      description,
      createdAt,
      ...(by && { createdBy: by }),
      ...(receipt !== undefined && { receipt }),
    }
  }
  return payments
}

/** The deposit id a record that could not be read names, where it names one; else ''. */
export function recordDepositId(record: unknown): string {
  if (typeof record === 'string') return textToId(record, 0, 14) ?? ''
  return Array.isArray(record) ? (unpackId(record[0]) ?? '') : ''
}
