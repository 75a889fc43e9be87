/**
 * The deposit page's preview (engine notes, rule 10): each allocation replayed among all of its
 * loan's facts, earlier and later, exactly as it will be once recorded.
 */
import { asOfFromLedger } from './asOf.ts'
import type { Allocation } from './deposit.ts'
import { replayLedgerLoan, replayLoan } from './replay.ts'
import { withPaymentOn } from './settle.ts'
import type { IsoDate, LedgerLoan, Paise } from './types.ts'

/** What one allocation of a deposit does to its loan. */
export interface DepositPreviewLine {
  loanId: string
  amount: Paise
  /** The split of this payment, replayed among all of the loan's facts. */
  interestPaid: Paise
  principalPaid: Paise
  /**
   * How much more the loan is overpaid once this payment is recorded. A back-dated payment can
   * leave itself within what was due and push a later payment over: this counts that too.
   */
  overpaid: Paise
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
    lines.push({
      loanId,
      amount,
      interestPaid: entry?.interestPaid ?? 0,
      principalPaid: entry?.principalPaid ?? 0,
      overpaid: after.overpaid - before.overpaid,
      dueTodayBefore: asOfFromLedger(loan, before, today).balance,
      dueTodayAfter: asOfFromLedger(loan, after, today).balance,
      dueOnDateBefore: asOfFromLedger(loan, before, deposit.date).balance,
    })
  }
  return lines
}
