// Frozen copy of shared/ledger/replay.ts before issue 11 (commit 3c05d9e): the oracle of the
// no-voids-no-waivers property in ledger.compat.properties.test.ts. Do not edit.
/**
 * Replaying a loan's payments into its ledger (engine notes, rules 5 and 6).
 */
import { epochDay } from '../../../shared/dates.ts'
import { interestAt, yearlyHundredths } from './interest.ts'
import type { LedgerEntry, LoanLedger, LoanTerms, PaymentFact } from './types.ts'

/** Replay order: date, then createdAt, then id, compared as plain strings (no locale). */
export function comparePayments(a: PaymentFact, b: PaymentFact): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The payments in replay order; the same array when it is already in order (the common case). */
export function inReplayOrder(payments: readonly PaymentFact[]): readonly PaymentFact[] {
  for (let i = 1; i < payments.length; i++) {
    if (comparePayments(payments[i - 1] as PaymentFact, payments[i] as PaymentFact) > 0) {
      return [...payments].sort(comparePayments)
    }
  }
  return payments
}

/**
 * Replays every payment of a loan, in replay order, from balance = amount on the start date.
 *
 * A payment dated before the start date counts 0 days, and interest never accrues before the
 * start: the next period runs from whichever is later, the start or the previous payment.
 */
export function replayLoan(terms: LoanTerms, payments: readonly PaymentFact[]): LoanLedger {
  const { amount, startDate } = terms
  const perYear = yearlyHundredths(terms.interestRate, terms.interestType)
  const entries: LedgerEntry[] = []
  let balance = amount
  let accrualFrom = epochDay(startDate)
  let cumulativeInterest = 0
  let totalPrincipalPaid = 0
  let overpaidTotal = 0
  for (const payment of inReplayOrder(payments)) {
    const day = epochDay(payment.date)
    const days = Math.max(0, day - accrualFrom)
    const interest = interestAt(balance, perYear, days)
    const totalDue = balance + interest
    const paid = payment.amount
    const interestPaid = Math.min(paid, interest)
    const principalPaid = Math.max(0, paid - interest)
    const newBalance = Math.max(0, totalDue - paid)
    const overpaid = Math.max(0, paid - totalDue)
    cumulativeInterest += interestPaid
    totalPrincipalPaid += principalPaid
    overpaidTotal += overpaid
    const description = payment.description?.trim() ? payment.description : undefined
    const entry: LedgerEntry = {
      paymentId: payment.id,
      depositDate: payment.date,
      daysSinceLast: days,
      balanceBefore: balance,
      interestForPeriod: interest,
      totalDue,
      paymentAmount: paid,
      interestPaid,
      principalPaid,
      newBalance,
      overpaid,
      cumulativeInterest,
      notes: description ?? (paid >= totalDue ? 'Full Payment' : 'Partial Payment'),
    }
    if (description !== undefined) entry.description = description
    entries.push(entry)
    balance = newBalance
    accrualFrom = Math.max(accrualFrom, day)
  }
  const last = entries[entries.length - 1]
  return {
    entries,
    currentBalance: balance,
    totalInterestPaid: cumulativeInterest,
    totalPrincipalPaid,
    lastPaymentDate: last ? last.depositDate : startDate,
    // Interest on a zero balance is zero, so once a payment clears the loan it stays cleared.
    settled: last !== undefined && balance === 0,
    overpaid: overpaidTotal,
  }
}
