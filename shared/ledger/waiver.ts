/**
 * Checking a waiver before it is recorded ("settle for less"): the first failing rule wins.
 */
import { isIsoDate } from '../dates.ts'
import { settlingAmount } from './settle.ts'
import type { IsoDate, LedgerLoan, Paise } from './types.ts'

/** Why a waiver was refused, in the order they are checked. */
export type WaiverReason =
  'invalidAmount' | 'missingDate' | 'futureDate' | 'beforeLoanStart' | 'overBalance'

/** The sentence shown next to the field for each `WaiverReason`. */
export const waiverMessages: Record<WaiverReason, string> = {
  invalidAmount: 'Please enter a valid amount to waive',
  missingDate: 'Please select a waiver date',
  futureDate: 'Waiver date cannot be in the future',
  beforeLoanStart: "Waiver date cannot be before the loan's start date",
  overBalance: 'A waiver cannot be more than what is due',
}

/**
 * Checks a waiver of `amount` on `date`. "More than what is due" means more than the payment that
 * would settle the loan on that date given all its facts (`settlingAmount`), so a waiver never
 * forgives more than is owed, even when later payments exist.
 */
export function validateWaiver(
  loan: LedgerLoan,
  input: { amount: Paise | null; date: IsoDate | '' },
  today: IsoDate,
): { ok: true } | { ok: false; reason: WaiverReason } {
  const { amount, date } = input
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, reason: 'invalidAmount' }
  }
  if (!isIsoDate(date)) return { ok: false, reason: 'missingDate' }
  if (date > today) return { ok: false, reason: 'futureDate' }
  if (date < loan.startDate) return { ok: false, reason: 'beforeLoanStart' }
  if (amount > settlingAmount(loan, date, today)) return { ok: false, reason: 'overBalance' }
  return { ok: true }
}
