/**
 * What a receipt says about a deposit (rules 6a and 11): one deposit pays several loans, and each
 * of its payments is explained as interest, principal and overpaid, so the receipt's "received"
 * is the cash the lender typed and its parts add up to it.
 */
import { replayLedgerLoan } from './replay.ts'
import type { IsoDate, LedgerEntry, LedgerLoan, LoanLedger, Paise } from './types.ts'

/** One payment of a deposit, split as the replay explains it (rule 6a). */
export interface PaymentSplit {
  loanId: string
  paymentId: string
  date: IsoDate
  /** The cash paid on this loan = interestPart + principalPart + overpaid. */
  amount: Paise
  /** What paid interest owed (carried first, then the period's). */
  interestPart: Paise
  /** What paid principal. */
  principalPart: Paise
  /** Beyond everything due on its date: held for the borrower or owed back. */
  overpaid: Paise
  /** Principal left on the loan right after this payment. */
  principalLeft: Paise
  /** Interest still owed on the loan right after this payment. */
  interestOwed: Paise
}

/** A deposit's payments split, and their sums (amount = interestPart + principalPart + overpaid). */
export interface DepositSplit {
  lines: PaymentSplit[]
  amount: Paise
  interestPart: Paise
  principalPart: Paise
  overpaid: Paise
}

/**
 * The split of the payments `paymentIds` (a deposit's) across `loans`: one line per live payment
 * found, in the loans' order and then replay order. Voided or unknown ids are left out. Pass
 * `ledgerOf` to reuse replays the caller already has (e.g. `(loan) => figuresOf(loan, today).ledger`).
 */
export function depositSplit(
  loans: readonly LedgerLoan[],
  paymentIds: Iterable<string>,
  ledgerOf: (loan: LedgerLoan) => LoanLedger = replayLedgerLoan,
): DepositSplit {
  const wanted = new Set(paymentIds)
  const split: DepositSplit = {
    lines: [],
    amount: 0,
    interestPart: 0,
    principalPart: 0,
    overpaid: 0,
  }
  for (const loan of loans) {
    if (!loan.payments.some((p) => wanted.has(p.id) && p.voided === undefined)) continue
    for (const e of ledgerOf(loan).entries as readonly LedgerEntry[]) {
      if (e.waiverId !== undefined || !wanted.has(e.paymentId)) continue
      split.lines.push({
        loanId: loan.id,
        paymentId: e.paymentId,
        date: e.depositDate,
        amount: e.paymentAmount,
        interestPart: e.interestPart,
        principalPart: e.principalPart,
        overpaid: e.overpaid,
        principalLeft: e.principalLeft,
        interestOwed: e.interestOwed,
      })
      split.amount += e.paymentAmount
      split.interestPart += e.interestPart
      split.principalPart += e.principalPart
      split.overpaid += e.overpaid
    }
  }
  return split
}
