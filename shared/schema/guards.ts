/**
 * Checks at the mutation boundary. A failure here is a programmer error (the forms validate
 * first, with the user-facing messages), so each one throws a `TypeError`.
 */
import { isIsoDate } from '../dates.ts'
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'

/** The transaction origin of a change made on this device. */
export const LOCAL_ORIGIN = 'local'

/** True for a whole number of paise that is safe to add up; `> 0` unless `allowZero`. */
export function isPaise(value: unknown, allowZero = false): value is Paise {
  return Number.isSafeInteger(value) && (value as number) >= (allowZero ? 0 : 1)
}

/** True for a rate in percent: finite, not negative, at most 2 decimals. */
export function isRate(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    Math.round(value * 100) / 100 === value
  )
}

/** Throws unless `value` is a real `YYYY-MM-DD` date. */
export function assertIsoDate(value: unknown, field: string): asserts value is IsoDate {
  if (!isIsoDate(value)) throw new TypeError(`${field} must be a YYYY-MM-DD date`)
}

/** Throws unless `value` is a safe integer of paise (> 0, or ≥ 0 with `allowZero`). */
export function assertPaise(
  value: unknown,
  field: string,
  allowZero = false,
): asserts value is Paise {
  if (!isPaise(value, allowZero)) {
    throw new TypeError(`${field} must be a safe integer of paise ${allowZero ? '≥ 0' : '> 0'}`)
  }
}

/** Throws unless `value` is a percentage with at most 2 decimals. */
export function assertRate(value: unknown, field: string): asserts value is number {
  if (!isRate(value)) throw new TypeError(`${field} must be a percentage ≥ 0 with ≤ 2 decimals`)
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

/** The trimmed text; throws when it is not a string or (with `required`) is blank. */
export function cleanText(value: unknown, field: string, required = false): string {
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string`)
  const trimmed = value.trim()
  if (required && trimmed === '') throw new TypeError(`${field} must not be blank`)
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
  if (typeof now !== 'string' || !isIsoDate(now.slice(0, 10)) || now[10] !== 'T') {
    throw new TypeError('now must be an ISO timestamp')
  }
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
  if (typeof id !== 'string' || id === '') throw new TypeError('id must be a non-empty string')
  return id
}

/** The actor stored in a field, or undefined when absent or malformed (history only, so never fatal). */
export function readActor(value: unknown): Actor | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { account, device } = value as Record<string, unknown>
  if (typeof account !== 'string' || typeof device !== 'string') return undefined
  return { account, device }
}

/** A fresh plain copy of `by` to store, or undefined; throws when it is not an `Actor`. */
export function actorToStore(by: unknown): Actor | undefined {
  if (by === undefined) return undefined
  const actor = readActor(by)
  if (!actor) throw new TypeError('by must be { account: string, device: string }')
  return actor
}
