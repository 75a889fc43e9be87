import { loanAsOf, replayLoan, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import type { IsoDate, Paise, PaymentFact } from '../../../shared/ledger/types.ts'

/** What one allocation would do to its loan. */
export interface AllocationPreview {
  /** Balance due on the deposit date, before this deposit. */
  balanceBefore: Paise
  /** The same balance once this allocation is paid on that date. */
  balanceAfter: Paise
  interestPaid: Paise
  principalPaid: Paise
  /** Paid beyond what was due (shown as "Overpaid by ₹X"). */
  overpaid: Paise
}

// Sorts after any real id, so among same-date, same-instant payments the preview goes last.
const PREVIEW_ID = '\uffffpreview'

/**
 * What allocating `amount` to `loan` on `date` would do, computed by replaying the loan with the
 * new payment added, exactly as it will be once saved (so a back-dated deposit also shows how it
 * changes the interest of later payments). `now` is the instant the payment would be recorded.
 */
export function previewAllocation(
  loan: LedgerLoan,
  date: IsoDate,
  amount: Paise,
  now: string,
): AllocationPreview {
  const fact: PaymentFact = { id: PREVIEW_ID, date, amount, createdAt: now }
  const payments = [...loan.payments, fact]
  const entry = replayLoan(loan, payments).entries.find((e) => e.paymentId === PREVIEW_ID)
  return {
    balanceBefore: loanAsOf(loan, loan.payments, date).balance,
    balanceAfter: loanAsOf(loan, payments, date).balance,
    interestPaid: entry?.interestPaid ?? 0,
    principalPaid: entry?.principalPaid ?? 0,
    overpaid: entry?.overpaid ?? 0,
  }
}
