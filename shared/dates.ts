/**
 * Calendar dates as `'YYYY-MM-DD'` strings, with integer civil-date arithmetic.
 *
 * Why no `Date`: a `Date` is an instant, not a day. Turning one into a day needs a time zone, and
 * the old app used UTC, which in India is still yesterday until 05:30 local time. Every function
 * here works on the digits of the string alone (Howard Hinnant's `days_from_civil` algorithms), so
 * it gives the same answer on every device and in every time zone. `localToday` is the single,
 * deliberate exception: it is where the UI turns "now" into the lender's calendar day.
 */
import type { IsoDate } from './ledger/types.ts'

/** Whether `year` is a Gregorian leap year. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** The value of the ASCII digit at `i`, or NaN. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48
  return c >= 0 && c <= 9 ? c : NaN
}

/**
 * Splits a valid date into numbers, or returns null for anything that is not a real calendar day
 * of the years 0001 to 9999 (four digits; year 0 is not a year of the Gregorian calendar the
 * lender lives in, and a stored day outside these years must not reach the engine).
 * Reads char codes rather than running a regex: the engine calls this for every payment it
 * replays, and the dashboard replays a hundred thousand of them.
 */
function parts(s: string): [number, number, number] | null {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null
  const y = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3)
  const mo = digit(s, 5) * 10 + digit(s, 6)
  const d = digit(s, 8) * 10 + digit(s, 9)
  // NaN fails every comparison, so a non-digit anywhere lands in the null branch.
  if (!(y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo))) return null
  return [y, mo, d]
}

/**
 * Whether `s` is a `'YYYY-MM-DD'` string naming a real calendar day of the years 0001–9999
 * ('2025-02-30' is not, nor '0000-01-01').
 */
export function isIsoDate(s: unknown): s is IsoDate {
  return typeof s === 'string' && parts(s) !== null
}

/** Days since 1970-01-01 of a civil date (negative before it). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

/** The epoch day (days since 1970-01-01) of a date. Throws on an invalid date: that is a bug. */
export function epochDay(d: IsoDate): number {
  // Inlined rather than via `parts`: this runs once per replayed payment, and skipping the tuple
  // allocation is a measurable share of the dashboard's time.
  if (d.length === 10 && d.charCodeAt(4) === 45 && d.charCodeAt(7) === 45) {
    const y = digit(d, 0) * 1000 + digit(d, 1) * 100 + digit(d, 2) * 10 + digit(d, 3)
    const m = digit(d, 5) * 10 + digit(d, 6)
    const day = digit(d, 8) * 10 + digit(d, 9)
    if (y >= 1 && m >= 1 && m <= 12 && day >= 1 && day <= daysInMonth(y, m)) {
      return daysFromCivil(y, m, day)
    }
  }
  throw new RangeError(`Not a calendar date: ${JSON.stringify(d)}`)
}

/** The first and the last epoch day of a calendar date (0001-01-01 and 9999-12-31). */
export const FIRST_EPOCH_DAY = -719_162
export const LAST_EPOCH_DAY = 2_932_896

/**
 * The date of an epoch day; the inverse of `epochDay`. A day outside `FIRST_EPOCH_DAY` to
 * `LAST_EPOCH_DAY` gives a string that is not a calendar date (a stored day must be checked).
 */
export function fromEpochDay(n: number): IsoDate {
  const z = n + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return isoFromParts(year, month, day)
}

/** Formats numbers as `'YYYY-MM-DD'`. */
function isoFromParts(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/** `d` moved by `n` days (negative goes back). */
export function addDays(d: IsoDate, n: number): IsoDate {
  return fromEpochDay(epochDay(d) + n)
}

/** Signed whole days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return epochDay(b) - epochDay(a)
}

/** Sort comparator for dates: valid ISO dates order the same as their strings. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** A date as the app shows it: `'DD/MM/YYYY'`. */
export function formatDisplayDate(d: IsoDate): string {
  const p = parts(d)
  if (!p) throw new RangeError(`Not a calendar date: ${JSON.stringify(d)}`)
  return `${pad2(p[2])}/${pad2(p[1])}/${String(p[0]).padStart(4, '0')}`
}

/**
 * A date typed the way Indians write it, day first: `23/11/2026`, `23-11-2026`, `23.11.2026`,
 * `3/4/2026` or `23112026`. Returns null for anything that is not a real calendar day; a
 * two-digit year is refused rather than guessed at (is `26` 1926 or 2026?).
 */
export function parseDisplayDate(text: string): IsoDate | null {
  const t = text.trim()
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t)
  if (!m) return null
  const iso = isoFromParts(Number(m[3]), Number(m[2]), Number(m[1]))
  return isIsoDate(iso) ? iso : null
}

/**
 * The device's local calendar date at the instant `now`.
 *
 * The UTC trap: `now.toISOString().slice(0, 10)` is the UTC date, which in India (UTC+05:30) is
 * yesterday until 05:30 in the morning, so a deposit made at 01:00 would be dated the day before.
 * The local getters below read the date the lender sees on their clock. The caller passes `now`,
 * so this stays pure and testable; the UI calls it when it renders.
 */
export function localToday(now: Date): IsoDate {
  return isoFromParts(now.getFullYear(), now.getMonth() + 1, now.getDate())
}

/** `d` moved by whole calendar months, clamping the day to the month's end (Jan 31 + 1 → Feb 28). */
function addMonthsClamped(y: number, m: number, d: number, months: number): number {
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  return daysFromCivil(year, month, Math.min(d, daysInMonth(year, month)))
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** How long a loan has run: not yet, started today, or calendar years, months and days. */
export type LoanAge =
  | { kind: 'notStarted' }
  | { kind: 'today' }
  | { kind: 'running'; years: number; months: number; days: number }

/**
 * How long a loan has run, in parts a screen words in its language. Whole months are counted
 * first, clamping to the month's end, so 2025-01-31 to 2025-03-01 is 1 month and 1 day.
 */
export function loanAge(startDate: IsoDate, today: IsoDate): LoanAge {
  const s = parts(startDate)
  if (!s) throw new RangeError(`Not a calendar date: ${JSON.stringify(startDate)}`)
  const t = epochDay(today)
  const start = daysFromCivil(s[0], s[1], s[2])
  if (t < start) return { kind: 'notStarted' }
  if (t === start) return { kind: 'today' }
  const [ty, tm] = parts(today) as [number, number, number]
  let months = (ty - s[0]) * 12 + (tm - s[1])
  if (addMonthsClamped(s[0], s[1], s[2], months) > t) months -= 1
  const days = t - addMonthsClamped(s[0], s[1], s[2], months)
  return { kind: 'running', years: Math.floor(months / 12), months: months % 12, days }
}

/**
 * How long a loan has run, in English: 'Not started yet', 'Today', or calendar years, months and
 * days with zero parts left out ('1 year, 3 days'). The screens word `loanAge` from the catalogue.
 */
export function loanAgeText(startDate: IsoDate, today: IsoDate): string {
  const age = loanAge(startDate, today)
  if (age.kind === 'notStarted') return 'Not started yet'
  if (age.kind === 'today') return 'Today'
  const text: string[] = []
  if (age.years > 0) text.push(plural(age.years, 'year'))
  if (age.months > 0) text.push(plural(age.months, 'month'))
  if (age.days > 0) text.push(plural(age.days, 'day'))
  return text.join(', ')
}
