/**
 * Exact simple interest for one period, rounded once.
 *
 * interest = balance × dailyRate × days / 100, dailyRate = rate / 365 (per annum) or
 * rate × 12 / 365 (per month). With the rate held as integer hundredths of a percent (rates have at
 * most 2 decimals), that is the fraction
 *
 *   balance × hundredths × (1 or 12) × days / 3,650,000
 *
 * of integers, which we divide with one round half up to the paisa. No float ever holds a
 * fractional value, so ₹1.005 of interest is ₹1.01, not ₹1.00 as `Math.round(1.005 * 100) / 100`
 * would give. The numerator fits a double exactly below 2^53; above that we switch to BigInt.
 */
import type { InterestType, LoanTerms, Paise } from './types.ts'

/** 100 (hundredths of a percent) × 365 (days a year) × 100 (percent). */
const DENOMINATOR = 3_650_000
const BIG_DENOMINATOR = BigInt(DENOMINATOR)

/**
 * A rate in percent as integer hundredths of a percent: 1.75 → 175. `Math.round` absorbs the float
 * error of `rate * 100` (0.29 * 100 is 28.999…); a rate with more decimals, which the loan schema
 * refuses, would be rounded to two. A negative or non-finite rate is a bug and throws.
 */
export function rateHundredths(rate: number): number {
  const hundredths = Math.round(rate * 100)
  if (!Number.isFinite(rate) || hundredths < 0) {
    throw new RangeError(`Not an interest rate: ${rate}`)
  }
  return hundredths
}

/**
 * The rate as the integer hundredths of a percent it earns per year: 2 % a month → 2400. Replay
 * computes this once per loan and then calls `interestAt` for each period.
 */
export function yearlyHundredths(rate: number, interestType: InterestType): number {
  return rateHundredths(rate) * (interestType === 'per_month' ? 12 : 1)
}

/** Whether a loan charges interest on principal left only (rule 6b's simple interest). */
export function onPrincipalOnly(terms: LoanTerms): boolean {
  return terms.interestOn === 'principal'
}

/**
 * The terms' opening interest (old dues from paper), 0 when absent. Anything but a safe integer
 * ≥ 0 is a bug (the loan schema refuses it) and throws, as a bad rate does.
 */
export function openingInterestOf(terms: LoanTerms): Paise {
  const opening = terms.openingInterest
  if (opening === undefined) return 0
  if (!Number.isSafeInteger(opening) || opening < 0) {
    throw new RangeError(`Not an opening interest: ${opening}`)
  }
  return opening
}

/**
 * What the next period's interest is computed on, given principal left and interest owed: the
 * whole balance under the old rule, principal left only under simple interest (rule 6b).
 */
export function interestBase(terms: LoanTerms, principalLeft: Paise, interestOwed: Paise): Paise {
  return onPrincipalOnly(terms) ? principalLeft : principalLeft + interestOwed
}

/** Interest in paise on `balance` for `days` days, exact then rounded half up once. */
export function periodInterest(
  balance: Paise,
  rate: number,
  interestType: InterestType,
  days: number,
): Paise {
  return interestAt(balance, yearlyHundredths(rate, interestType), days)
}

/**
 * `periodInterest` with the rate already as yearly hundredths of a percent (`yearlyHundredths`).
 * A balance that unpaid interest has grown past every number (Infinity: a loan at the highest
 * rate with thousands of tiny payments) earns Infinity rather than throwing in `BigInt`.
 */
export function interestAt(balance: Paise, perYear: number, days: number): Paise {
  if (days <= 0 || balance <= 0 || perYear === 0) return 0
  // A double product is exact whenever the true product is below 2^53; a rounded product at or
  // above 2^53 stays at or above it, so this test never lets an inexact numerator through.
  const a = balance * perYear
  const numerator = a * days
  if (a <= Number.MAX_SAFE_INTEGER && numerator <= Number.MAX_SAFE_INTEGER) {
    return divideHalfUp(numerator)
  }
  if (!Number.isFinite(numerator)) return numerator
  const big = BigInt(balance) * BigInt(perYear) * BigInt(days)
  return Number((2n * big + BIG_DENOMINATOR) / (2n * BIG_DENOMINATOR))
}

/** round-half-up(n / DENOMINATOR) for a safe, non-negative integer n, in exact integer steps. */
function divideHalfUp(n: number): number {
  // The float quotient may be off by one near an integer; the exact remainder corrects it.
  let q = Math.floor(n / DENOMINATOR)
  let r = n - q * DENOMINATOR
  if (r < 0) {
    q -= 1
    r += DENOMINATOR
  } else if (r >= DENOMINATOR) {
    q += 1
    r -= DENOMINATOR
  }
  return 2 * r >= DENOMINATOR ? q + 1 : q
}
