/**
 * Checks at the mutation boundary. A failure here is a programmer error (the forms validate
 * first, with the user-facing messages), so each one throws a `TypeError`.
 */
import { isIsoDate } from '../dates.ts'
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'
import { MAX_PAISE } from '../money.ts'

/** The transaction origin of a change made on this device. */
export const LOCAL_ORIGIN = 'local'

/**
 * True for a whole number of paise the app accepts: `> 0` unless `allowZero`, and at most
 * `MAX_PAISE` (₹1,000 crore), what the amount fields take. Writers and readers apply the same
 * rule, so a stored amount the forms could never have made (up to 2^53, say) is not read: a
 * book's totals then stay far below 2^53, where every sum is exact.
 */
export function isPaise(value: unknown, allowZero = false): value is Paise {
  return (
    Number.isSafeInteger(value) &&
    (value as number) >= (allowZero ? 0 : 1) &&
    (value as number) <= MAX_PAISE
  )
}

/**
 * The highest rate the loan form takes, per annum or per month alike (three digits and two
 * decimals). A stored rate above it (1e300 %, say) is no loan the app could have made, and its
 * figures would not be numbers at all.
 */
export const MAX_RATE = 999.99

/** True for a rate in percent: not negative, at most `MAX_RATE`, at most 2 decimals. */
export function isRate(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    value >= 0 &&
    value <= MAX_RATE &&
    Math.round(value * 100) / 100 === value
  )
}

/** True for an ISO timestamp as the app writes them (`2026-01-31T…`, years 0001–9999). */
export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && value[10] === 'T' && isIsoDate(value.slice(0, 10))
}

/** Throws unless `value` is a real `YYYY-MM-DD` date. */
export function assertIsoDate(value: unknown, field: string): asserts value is IsoDate {
  if (!isIsoDate(value)) throw new TypeError(`${field} must be a YYYY-MM-DD date`)
}

/** Throws unless `value` is a whole number of paise up to `MAX_PAISE` (> 0, or ≥ 0 with `allowZero`). */
export function assertPaise(
  value: unknown,
  field: string,
  allowZero = false,
): asserts value is Paise {
  if (!isPaise(value, allowZero)) {
    throw new TypeError(
      `${field} must be a whole number of paise ${allowZero ? '≥ 0' : '> 0'}, at most ${MAX_PAISE}`,
    )
  }
}

/** Throws unless `value` is a percentage from 0 to `MAX_RATE` with at most 2 decimals. */
export function assertRate(value: unknown, field: string): asserts value is number {
  if (!isRate(value)) {
    throw new TypeError(`${field} must be a percentage from 0 to ${MAX_RATE} with ≤ 2 decimals`)
  }
}

/** Throws unless `value` is one of `allowed`. */
export function assertOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
): asserts value is T {
  if (!allowed.includes(value as T))
    throw new TypeError(`${field} must be one of ${allowed.join(', ')}`)
}

/**
 * Longest text a writer stores in one field (a name, a note, a reason), in characters. Far above
 * anything a lender types, and far below what the sync server refuses in one value
 * (`LENDER_LIMITS` in lenderUpdate.ts): a write the server refuses would be sent again at every
 * connection and never stored, so no writer may make one.
 */
export const MAX_TEXT_LENGTH = 4000

/** Longest id a writer stores (ours are 20 characters; older ones 36), for the same reason. */
export const MAX_ID_LENGTH = 128

/** The trimmed text; throws when it is not a string, too long, or (with `required`) blank. */
export function cleanText(value: unknown, field: string, required = false): string {
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string`)
  const trimmed = value.trim()
  if (required && trimmed === '') throw new TypeError(`${field} must not be blank`)
  if (trimmed.length > MAX_TEXT_LENGTH) {
    throw new TypeError(`${field} must be at most ${MAX_TEXT_LENGTH} characters`)
  }
  return trimmed
}

/** The trimmed text of an optional field, or undefined when absent or blank (so it is dropped). */
export function cleanOptionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined
  const trimmed = cleanText(value, field)
  return trimmed === '' ? undefined : trimmed
}

/** Throws unless `now` looks like an ISO timestamp (`2026-01-31T…`). */
export function assertTimestamp(now: unknown): asserts now is string {
  if (!isTimestamp(now)) throw new TypeError('now must be an ISO timestamp')
}

/** 20 lowercase hex digits from 10 random bytes: 80 bits, safe in a URL path. */
export function idFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 10) throw new TypeError('an id needs 10 bytes')
  return Array.from(bytes, (n) => n.toString(16).padStart(2, '0')).join('')
}

/**
 * The given id (checked), or a fresh random one: 20 hex digits holding 80 random bits, so a book
 * of ten million entries has less than a one-in-ten-billion chance of two alike.
 *
 * Why not a UUID: an id is written into the doc several times over (as the entry's key, and in
 * every payment as its deposit and its loan), and a 100,000-payment book spent a fifth of its
 * bytes on 36-character UUIDs. Hex, like a UUID's, so the six digits a loan's label shows
 * ("Loan #3f9a1c") read the same as before. Older entries keep their UUIDs; readers take any
 * non-empty string. `crypto.getRandomValues` also exists where `crypto.randomUUID` does not: a
 * phone that opens the app over plain http from a LAN address (every save once failed there).
 */
export function newId(id: string | undefined): string {
  if (id === undefined) return idFromBytes(crypto.getRandomValues(new Uint8Array(10)))
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    throw new TypeError(`id must be a non-empty string of at most ${MAX_ID_LENGTH} characters`)
  }
  return id
}

/** The actor stored in a field, or undefined when absent or malformed (history only, so never fatal). */
export function readActor(value: unknown): Actor | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { account, device } = value as Record<string, unknown>
  if (typeof account !== 'string' || typeof device !== 'string') return undefined
  return { account, device }
}

// One object per account and device, however many records name them: a big book names the same
// few actors in 100,000 deposits and 11,000 people and loans.
const shared = new Map<string, Actor>()

/** The actor stored in `value` (an object), one shared object per account and device. */
export function sharedActor(value: unknown): Actor | undefined {
  const actor = readActor(value)
  if (!actor) return undefined
  const key = `${actor.account}\n${actor.device}`
  const known = shared.get(key)
  if (known) return known
  shared.set(key, actor)
  return actor
}

/** A fresh plain copy of `by` to store, or undefined; throws when it is not an `Actor`. */
export function actorToStore(by: unknown): Actor | undefined {
  if (by === undefined) return undefined
  const actor = readActor(by)
  if (!actor || actor.account.length > MAX_TEXT_LENGTH || actor.device.length > MAX_TEXT_LENGTH) {
    throw new TypeError('by must be { account: string, device: string }')
  }
  return actor
}

/**
 * A reader of immutable records (a waiver, a void, a payment of layout 1) from `check`, which
 * checks a stored object under its id (null: malformed). Records never change, so each stored
 * object is checked once and later reads give back the same result, the very same object: a
 * snapshot keeps its identity, and a big book is checked once, not on every read.
 */
export function checkedOnce<T extends { readonly id: string }>(
  check: (id: string, entry: Record<string, unknown>) => T | null,
): (id: string, entry: unknown) => T | null {
  const checked = new WeakMap<object, T | null>()
  return (id, entry) => {
    if (typeof entry !== 'object' || entry === null) return null
    const cached = checked.get(entry)
    if (cached === null) return null
    if (cached !== undefined && cached.id === id) return cached
    const read = check(id, entry as Record<string, unknown>)
    checked.set(entry, read)
    return read
  }
}

/** The fields every fact on a loan holds: a waiver, a payment of layout 1. */
export interface LoanFactFields {
  loanId: string
  date: IsoDate
  amount: Paise
  createdAt: string
}

/**
 * Whether `entry`, stored under `id`, holds what every fact on a loan holds as the writers write
 * it: an id, its loan's id, a calendar date of the years 0001–9999, an amount the app accepts and
 * a timestamp.
 */
export function isLoanFact(
  id: string,
  entry: Record<string, unknown>,
): entry is Record<string, unknown> & LoanFactFields {
  const { loanId, date, amount, createdAt } = entry
  return (
    id !== '' &&
    typeof loanId === 'string' &&
    loanId !== '' &&
    isIsoDate(date) &&
    isPaise(amount) &&
    isTimestamp(createdAt)
  )
}
