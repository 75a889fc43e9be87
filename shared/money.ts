/**
 * Money at the edges: parsing what a lender types into integer paise, and formatting paise as
 * rupees. Inside the app, money is always integer paise; rupees exist only here and in `ui/Money`.
 */
import { onFirstUse } from './intl.ts'
import type { Paise } from './ledger/types.ts'

/** The largest amount the app accepts: ₹1,000 crore (10^10 rupees) in paise. */
export const MAX_PAISE: Paise = 1_000_000_000_000

/** Why a typed amount was refused. */
export type MoneyReason = 'empty' | 'notANumber' | 'negative' | 'tooManyDecimals' | 'tooLarge'

/** The text shown for each `MoneyReason`. */
export const moneyMessages: Record<MoneyReason, string> = {
  empty: 'Please enter an amount',
  notANumber: 'Please enter a number, like 1500 or 1500.50',
  negative: 'Amount cannot be negative',
  tooManyDecimals: 'Amount can have at most 2 decimal places',
  tooLarge: 'Amount cannot be more than ₹1,000 crore',
}

// Plain digits with an optional point: no exponent ('1e5'), no grouping ('1,00'), no sign but '-'.
const RUPEES = /^(-?)(\d*)(?:\.(\d*))?$/

/** Whether `n` is a valid paise value: a safe integer (negative allowed, for differences). */
export function isPaise(n: unknown): n is Paise {
  return typeof n === 'number' && Number.isSafeInteger(n)
}

/**
 * Parses a rupee amount as typed ('1500', ' 1500.5 ', '0') into paise, exactly: the digits are
 * read as text, never through a float, so '0.29' is 29 paise and not 28.999….
 */
export function parseRupees(
  text: string,
): { ok: true; paise: Paise } | { ok: false; reason: MoneyReason } {
  const t = text.trim()
  if (t === '') return { ok: false, reason: 'empty' }
  const m = RUPEES.exec(t)
  const whole = m?.[2] ?? ''
  const fraction = m?.[3] ?? ''
  if (!m || (whole === '' && fraction === '')) return { ok: false, reason: 'notANumber' }
  if (m[1] === '-') return { ok: false, reason: 'negative' }
  if (fraction.length > 2) return { ok: false, reason: 'tooManyDecimals' }
  const digits = whole.replace(/^0+/, '')
  // 11 digits of rupees is already above the cap; checking length first keeps Number() exact.
  if (digits.length > 11) return { ok: false, reason: 'tooLarge' }
  const paise = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'))
  if (paise > MAX_PAISE) return { ok: false, reason: 'tooLarge' }
  return { ok: true, paise }
}

/** Paise as a decimal rupee string with exactly two decimals: 123450 → '1234.50', -5 → '-0.05'. */
function rupeeDecimal(paise: Paise): string {
  const abs = Math.abs(paise)
  const rupees = Math.floor(abs / 100)
  const rest = abs - rupees * 100
  return `${paise < 0 ? '-' : ''}${rupees}.${rest < 10 ? '0' : ''}${rest}`
}

/** Paise as the text to prefill a rupee input with: 123450 → '1234.50'. */
export function paiseToRupeeInput(paise: Paise): string {
  return rupeeDecimal(paise)
}

// Made once (constructing an Intl.NumberFormat costs far more than formatting with one), and
// only when first used (see `onFirstUse`).
const inr2 = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
)
const inr0 = onFirstUse(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
)

/**
 * Paise as Indian rupees with lakh/crore grouping: 10000000 → '₹1,00,000.00'. With
 * `decimals: 0` (the loans list) the rupees are rounded half up first (₹2.50 → '₹3').
 * The value reaches Intl as a decimal string, so no binary float ever touches it.
 */
export function formatINR(paise: Paise, options: { decimals?: 0 | 2 } = {}): string {
  if (options.decimals === 0) {
    // Half up on the magnitude, so a negative amount mirrors its positive.
    const rupees = Math.floor((Math.abs(paise) + 50) / 100)
    return inr0().format(`${paise < 0 && rupees > 0 ? '-' : ''}${rupees}` as `${number}`)
  }
  return inr2().format(rupeeDecimal(paise) as `${number}`)
}

/** Drops trailing zeros of a two-decimal figure given in hundredths: 250 → '2.5', 300 → '3'. */
function hundredthsText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100)
  const rest = hundredths - whole * 100
  if (rest === 0) return String(whole)
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`
}

/** The unit an amount is read in: '2.5' 'lakh'. */
export type AmountUnit = 'thousand' | 'lakh' | 'crore'

/**
 * An amount as a figure and a unit, so 2,50,000 and 25,00,000 never look alike: 25000000 paise →
 * { value: '2.5', unit: 'lakh' }, 1000000000 → '1' crore, 150000 → '1.5' thousand. Two decimals
 * at most, cut rather than rounded, so the words never overstate the figure (₹1,99,999 is
 * '1.99' lakh, not '2'). Below ₹1,000 the figure says it all, so it returns null. The unit's
 * word comes from the app's catalogue; `rupeesInWords` gives the English.
 */
export function rupeesInUnits(paise: Paise): { value: string; unit: AmountUnit } | null {
  if (!Number.isSafeInteger(paise) || paise < 0) return null
  const rupees = Math.floor(paise / 100)
  if (rupees >= 10_000_000) {
    return { value: hundredthsText(Math.floor(rupees / 100_000)), unit: 'crore' }
  }
  if (rupees >= 100_000) return { value: hundredthsText(Math.floor(rupees / 1_000)), unit: 'lakh' }
  if (rupees >= 1_000) return { value: hundredthsText(Math.floor(rupees / 10)), unit: 'thousand' }
  return null
}

/** `rupeesInUnits` in English words: 25000000 paise → '2.5 lakh'; null below ₹1,000. */
export function rupeesInWords(paise: Paise): string | null {
  const units = rupeesInUnits(paise)
  return units === null ? null : `${units.value} ${units.unit}`
}

/** An amount split the way it is said aloud in Indian languages: crore, lakh, thousand, rupees. */
export interface SpokenParts {
  crore: number
  lakh: number
  thousand: number
  rupees: number
  paise: number
}

/**
 * The parts of an amount as a lender says it in Hindi, exactly (nothing cut): 25000000 paise →
 * { lakh: 2, thousand: 50 } ("2 लाख 50 हज़ार"), 19999950 → 1 lakh 99 thousand 999 rupees 50
 * paise. Like `rupeesInWords`, below ₹1,000 the figure says it all, so it returns null. The
 * words themselves come from the app's catalogue; this module has no language.
 */
export function rupeesInParts(paise: Paise): SpokenParts | null {
  if (!Number.isSafeInteger(paise) || paise < 100_000) return null
  const rupees = Math.floor(paise / 100)
  return {
    crore: Math.floor(rupees / 10_000_000),
    lakh: Math.floor((rupees % 10_000_000) / 100_000),
    thousand: Math.floor((rupees % 100_000) / 1_000),
    rupees: rupees % 1_000,
    paise: paise % 100,
  }
}
