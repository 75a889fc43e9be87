/**
 * "Who owes me what at a glance" (issue 13): how soon a person's money falls due, derived from the
 * engine's figures and the loans' due dates, and the dashboard order that puts what needs action
 * first. Pure: `today` is an argument.
 */
import { daysBetween } from '../dates.ts'
import { loanFigures, type FiguresOf } from './figures.ts'
import type { IsoDate, LedgerLoan } from './types.ts'

/** A loan due within this many days (today included) is "due soon". */
export const DUE_SOON_DAYS = 7

/**
 * How urgent a person's dues are, from the earliest due date among their loans that still have
 * money due. `days` is signed whole days from today to that date: negative when it has passed.
 * - `overdue`: a loan is past its due date with money still due (the loans list shows it Overdue);
 * - `dueSoon`: the earliest due date is today or within `DUE_SOON_DAYS` days;
 * - `later`: money is due, but not for more than `DUE_SOON_DAYS` days;
 * - `none`: nothing is due.
 */
export type Attention =
  { kind: 'overdue' | 'dueSoon' | 'later'; dueDate: IsoDate; days: number } | { kind: 'none' }

/** Nothing due: the attention of a person with no outstanding money. */
export const NO_ATTENTION: Attention = { kind: 'none' }

/**
 * The earliest due date among `loans` that have money due today (outstanding: the same loans the
 * dashboard's money columns sum). The stored label plays no part (rule 8): a loan the lender marked
 * overdue or defaulted still owes, so it is in the row's Due today and its badge; a loan that is
 * settled or paid off has nothing due and never makes a row overdue.
 */
export function nextDueDate(
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): IsoDate | undefined {
  let earliest: IsoDate | undefined
  for (const loan of loans) {
    const f = figuresOf(loan, today)
    if (!f.outstanding || f.totalDue <= 0) continue
    if (earliest === undefined || loan.dueDate < earliest) earliest = loan.dueDate
  }
  return earliest
}

/**
 * The attention for a next due date as of `today`. A loan due today is not yet overdue (the
 * loans list calls a loan Overdue only once its due date has passed), so it is `dueSoon` with 0
 * days to go.
 */
export function attentionOf(dueDate: IsoDate | undefined, today: IsoDate): Attention {
  if (dueDate === undefined) return NO_ATTENTION
  const days = daysBetween(today, dueDate)
  const kind = days < 0 ? 'overdue' : days <= DUE_SOON_DAYS ? 'dueSoon' : 'later'
  return { kind, dueDate, days }
}

/** A person's attention as of `today`, from their loans' figures and due dates. */
export function personAttention(
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): Attention {
  return attentionOf(nextDueDate(loans, today, figuresOf), today)
}

const rank: Record<Attention['kind'], number> = { overdue: 0, dueSoon: 1, later: 2, none: 2 }

/**
 * What needs action first: overdue people, then people due within `DUE_SOON_DAYS` days, then
 * everyone else. Among the overdue and the due-soon, the earliest due date comes first (the
 * longest overdue, then the soonest due), then the larger amount due; everyone else goes by
 * amount due, largest first, as the dashboard always did. Returns 0 on a tie: callers add their
 * own tie-breakers.
 */
export function compareAttention(
  a: { attention: Attention; totalDue: number },
  b: { attention: Attention; totalDue: number },
): number {
  const byRank = rank[a.attention.kind] - rank[b.attention.kind]
  if (byRank !== 0) return byRank
  const x = a.attention
  const y = b.attention
  // Same rank, so both are overdue or both due soon here, or both later/none (dates ignored).
  if (x.kind !== 'none' && y.kind !== 'none' && x.kind !== 'later' && x.dueDate !== y.dueDate) {
    return x.dueDate < y.dueDate ? -1 : 1
  }
  return b.totalDue - a.totalDue
}

/** One loan past its due date with money still due, as a reminder lists it. */
export interface OverdueLoan {
  loan: LedgerLoan
  dueDate: IsoDate
  /** The engine's Due today of the loan. */
  totalDue: number
}

/**
 * The loans that make a person `overdue`: money due today (whatever the stored label) and a due
 * date before `today` (the same test as `nextDueDate` and `attentionOf`), earliest due date first.
 */
export function overdueLoans(
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): OverdueLoan[] {
  const overdue: OverdueLoan[] = []
  for (const loan of loans) {
    const f = figuresOf(loan, today)
    if (!f.outstanding || f.totalDue <= 0 || loan.dueDate >= today) continue
    overdue.push({ loan, dueDate: loan.dueDate, totalDue: f.totalDue })
  }
  return overdue.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))
}
