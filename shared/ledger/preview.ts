/**
 * The deposit page's preview (engine notes, rule 10): each allocation replayed among all of its
 * loan's facts, earlier and later, exactly as it will be once recorded.
 */
import { asOfFromLedger } from './asOf.ts'
import type { Allocation } from '../deposit/input.ts'
import { positionFromLedger } from './position.ts'
import { replayLedgerLoan, replayLoan } from './replay.ts'
import { withPaymentOn } from './settle.ts'
import type { IsoDate, LedgerLoan, Paise } from './types.ts'

/** What one allocation of a deposit does to its loan. */
export interface DepositPreviewLine {
  loanId: string
  amount: Paise
  /**
   * The truthful split of this payment (rule 6a), replayed among all of the loan's facts: what pays
   * interest owed (carried and of the period) and then principal left. Since issue 27; before, the
   * old app's labels, which called carried interest principal. With `ownOverpaid` it adds up to
   * `amount`.
   */
  interestPaid: Paise
  principalPaid: Paise
  /** The part of this payment beyond everything due on its date. */
  ownOverpaid: Paise
  /**
   * How much more the loan is overpaid once this payment is recorded. A back-dated payment can
   * leave itself within what was due and push a later payment over: this counts that too.
   */
  overpaid: Paise
  /** Principal left today once this payment is recorded. */
  principalLeftAfter: Paise
  /** Interest due today once this payment is recorded (dueTodayAfter − principalLeftAfter). */
  interestDueAfter: Paise
  /** Due today from the facts already recorded. */
  dueTodayBefore: Paise
  /** Due today once this payment is recorded. */
  dueTodayAfter: Paise
  /** Due on the deposit date from the facts already recorded (shown labelled, beside today's). */
  dueOnDateBefore: Paise
}

/**
 * The deposit page preview: each allocation replayed among all of the loan's facts. Allocations
 * to a loan not in `loans` are left out (validation reports them); the new payment replays after
 * every fact already on its date, as it will once recorded.
 */
export function previewDeposit(
  loans: readonly LedgerLoan[],
  deposit: { date: IsoDate; allocations: readonly Allocation[] },
  today: IsoDate,
): DepositPreviewLine[] {
  const byId = new Map(loans.map((loan) => [loan.id, loan]))
  const lines: DepositPreviewLine[] = []
  for (const { loanId, amount } of deposit.allocations) {
    const loan = byId.get(loanId)
    if (!loan) continue
    const before = replayLedgerLoan(loan)
    const payments = withPaymentOn(loan, deposit.date, amount)
    const after = replayLoan(loan, payments, loan.waivers ?? [])
    const entry = after.entries.find((e) => e.paymentId === payments[payments.length - 1]?.id)
    const positionAfter = positionFromLedger(loan, after, today)
    lines.push({
      loanId,
      amount,
      interestPaid: entry?.interestPart ?? 0,
      principalPaid: entry?.principalPart ?? 0,
      ownOverpaid: entry?.overpaid ?? 0,
      overpaid: after.overpaid - before.overpaid,
      dueTodayBefore: asOfFromLedger(loan, before, today).balance,
      dueTodayAfter: positionAfter.due,
      principalLeftAfter: positionAfter.principalLeft,
      interestDueAfter: positionAfter.interestOwed,
      dueOnDateBefore: asOfFromLedger(loan, before, deposit.date).balance,
    })
  }
  return lines
}
