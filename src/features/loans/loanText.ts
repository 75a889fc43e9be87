import type { TFunction } from 'i18next'
import { formatDisplayDate, loanAge } from '../../../shared/dates.ts'
import type { InterestType, IsoDate } from '../../../shared/ledger/types.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { i18n } from '../../i18n/index.ts'

/**
 * The texts that name a loan, from the `loans` catalogue in the app's current language. A
 * component that calls these also calls `useTranslation`, so it re-renders when the language
 * changes; `t` is for a fixed language (a borrower's reminder).
 */
/** The app's `t`, not fixed to a language: each call reads the app's language at that moment. */
export function appT(): TFunction {
  return i18n.t.bind(i18n)
}

/** A loan's label: 'Loan #' and the last 6 characters of its id (spec §9). */
export function loanLabel(loanId: string, t: TFunction = appT()): string {
  return t('loans:label', { id: loanId.slice(-6) })
}

/** What names a loan among its borrower's loans. */
export type TitledLoan = Pick<Loan, 'amount' | 'startDate'> & { description?: string }

/**
 * A loan named among one person's loans, where the borrower is the same for all: by what tells
 * them apart, its description (if any), amount and start date: "Tractor · ₹50,000 from
 * 01/03/2026". `Loan #xxxxxx` stays as the secondary label (spec §9).
 */
export function loanTitle(loan: TitledLoan, t: TFunction = appT()): string {
  // Whole rupees as a lender says them; paise only when there are some (a name never rounds).
  const amount = formatINR(loan.amount, { decimals: loan.amount % 100 === 0 ? 0 : 2 })
  const terms = t('loans:title', { amount, date: formatDisplayDate(loan.startDate) })
  const description = loan.description?.trim()
  return description ? t('loans:titleDescribed', { description, terms }) : terms
}

/** The title and the `Loan #xxxxxx` label together, for a screen reader or a message. */
export function loanFullName(loan: TitledLoan & { id: string }, t: TFunction = appT()) {
  return t('loans:fullName', { title: loanTitle(loan, t), label: loanLabel(loan.id, t) })
}

/** A rate as the lender quoted it: '24% per annum', '2% per month'. */
export function rateText(rate: number, type: InterestType, t: TFunction = appT()): string {
  return t(`loans:rate.${type}`, { rate })
}

/** How long a loan has run: 'Not started yet', 'Today', or '1 year, 2 months, 3 days'. */
export function loanAgeText(startDate: IsoDate, today: IsoDate, t: TFunction = appT()): string {
  const age = loanAge(startDate, today)
  if (age.kind !== 'running') return t(`loans:age.${age.kind}`)
  const parts: string[] = []
  if (age.years > 0) parts.push(t('loans:age.year', { count: age.years }))
  if (age.months > 0) parts.push(t('loans:age.month', { count: age.months }))
  if (age.days > 0) parts.push(t('loans:age.day', { count: age.days }))
  return parts.join(', ')
}

/**
 * A loan as a sentence names it among its borrower's loans: its description when it has one
 * ("Tractor"), else its title ("₹50,000 from 01/03/2026"); never only the `Loan #xxxxxx` label.
 */
export function loanCallName(loan: TitledLoan, t: TFunction = appT()): string {
  return loan.description?.trim() || loanTitle(loan, t)
}

/** One of `loans`, found by its id, as a sentence names it (`loanCallName`); its label if gone. */
export function callNameOf(
  loans: readonly (TitledLoan & { id: string })[],
  loanId: string,
  t: TFunction = appT(),
): string {
  const loan = loans.find((l) => l.id === loanId)
  return loan ? loanCallName(loan, t) : loanLabel(loanId, t)
}
