/**
 * Checking a waiver before it is recorded ("settle for less"): the first failing rule wins.
 */
import { isIsoDate } from '../dates.ts'
import { positionFromLedger } from './position.ts'
import { replayLedgerLoan, replayLoan } from './replay.ts'
import { settlingAmount } from './settle.ts'
import type { IsoDate, LedgerLoan, Paise } from './types.ts'
import type { WaiverReason } from '../reasons.ts'

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

/** What a waiver would do to its loan (the Settle for less dialog shows it before it is saved). */
export interface WaiverPreview {
  /** What it would actually forgive: at most what is due on its date. */
  waived: Paise
  /** Of `waived`: interest owed on its date (interest goes first). */
  interestWaived: Paise
  /** Of `waived`: principal, after all interest owed. */
  principalWaived: Paise
  /** Due today from the facts already recorded. */
  dueTodayBefore: Paise
  /** Due today once the waiver is recorded: what would remain. */
  dueTodayAfter: Paise
  /** Principal left today once the waiver is recorded. */
  principalLeftAfter: Paise
  /** Interest due today once the waiver is recorded. */
  interestDueAfter: Paise
}

// Sorts after every real createdAt and id: the waiver replays after every fact on its date.
const LAST = '\uffff'

/**
 * The effect of a waiver of `amount` on `date`, recorded now (after every fact on that date),
 * replayed among all of the loan's facts. Pair it with `validateWaiver`: this does not check.
 */
export function previewWaiver(
  loan: LedgerLoan,
  waiver: { amount: Paise; date: IsoDate },
  today: IsoDate,
): WaiverPreview {
  const before = positionFromLedger(loan, replayLedgerLoan(loan), today)
  const waivers = [
    ...(loan.waivers ?? []),
    { id: LAST, date: waiver.date, amount: waiver.amount, createdAt: LAST },
  ]
  const ledger = replayLoan(loan, loan.payments, waivers)
  const after = positionFromLedger(loan, ledger, today)
  const entry = ledger.entries.find((e) => e.waiverId === LAST)
  return {
    waived: entry?.waived ?? 0,
    interestWaived: entry?.interestWaived ?? 0,
    principalWaived: entry?.principalWaived ?? 0,
    dueTodayBefore: before.due,
    dueTodayAfter: after.due,
    principalLeftAfter: after.principalLeft,
    interestDueAfter: after.interestOwed,
  }
}
