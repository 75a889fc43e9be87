/**
 * What a reminder asks a borrower for (issue 27, harm 8): a reminder used to ask for everything due
 * today, so a borrower whose loan falls due next year was asked for the whole of it. The lender now
 * picks one of these amounts, or types one; the default is what is overdue, else the interest due.
 */
import { loanFigures, type FiguresOf } from './figures.ts'
import type { IsoDate, LedgerLoan, Paise } from './types.ts'

/** The amounts a reminder can ask for; `'amount'` is one the lender types. */
export type AskKind = 'overdue' | 'interest' | 'all' | 'amount'

/** A person's amounts to ask for as of one day, and which one a reminder asks for by default. */
export interface AskAmounts {
  /**
   * What is overdue: Due today of every loan whose due date has passed (before the day) and that
   * still owes, whatever its stored label (rule 8). The whole of such a loan's due is overdue: its
   * principal and its interest were both to be repaid by its due date. The same loans the
   * reminder lists under "Overdue" and the dashboard badges (`overdueLoans`).
   */
  overdue: Paise
  /** Interest due today on every loan (carried and accruing; rule 9's "Interest due"). */
  interest: Paise
  /** Due today on every loan: principal left + interest due. */
  all: Paise
  /** What a reminder asks for unless the lender picks otherwise: overdue, else interest, else all. */
  suggested: Exclude<AskKind, 'amount'>
}

/**
 * The amounts a reminder to the owner of `loans` can ask for on `today`. Loans that owe nothing add
 * nothing; a loan due today is not yet overdue (as the loans list and the dashboard say). When
 * nothing is overdue and no interest is due (a loan made today), the default is all due.
 */
export function askAmounts(
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): AskAmounts {
  let overdue = 0
  let interest = 0
  let all = 0
  for (const loan of loans) {
    const f = figuresOf(loan, today)
    if (!f.outstanding) continue
    all += f.totalDue
    interest += f.currentInterest
    if (loan.dueDate < today) overdue += f.totalDue
  }
  const suggested = overdue > 0 ? 'overdue' : interest > 0 ? 'interest' : 'all'
  return { overdue, interest, all, suggested }
}
