/**
 * A borrower's statement: the loans' terms and today's figures as the engine gives them, and the
 * payments and waivers of a period with the engine's interest/principal split. Pure: the screen,
 * the print stylesheet and the PDF all draw this one model, so they cannot disagree.
 */
import type { TFunction } from 'i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import type { LoanFigures } from '../../../shared/ledger/engine.ts'
import type { StatusLabel } from '../../../shared/ledger/status.ts'
import type { IsoDate, Paise, Reckoning } from '../../../shared/ledger/types.ts'
import type { Loan, Payment } from '../../../shared/schema/types.ts'
import { loanHistory } from '../loans/history.ts'
import { appT, loanLabel, rateText } from '../loans/loanText.ts'

/** Who the statement is from and to, as its header shows them. */
export interface StatementParties {
  lender: string
  borrower: string
  village: string
  /** Masked (`XXXX XXXX 1234`), or '' when the person has none on file. */
  aadhaar: string
}

/** The UPI payment the statement's QR code asks for; absent without a UPI ID. */
export interface StatementQr {
  link: string
  caption: string
}

/** The period a statement lists payments for; either end may be open. */
export interface Period {
  from?: IsoDate
  to?: IsoDate
}

/** One payment or waiver on a statement. */
export interface StatementRow {
  id: string
  kind: 'payment' | 'waiver'
  date: IsoDate
  /** What was paid, or what the waiver actually forgave. */
  amount: Paise
  /** The engine's split of a payment (absent on a waiver and on a voided line). */
  interest?: Paise
  principal?: Paise
  /** The payment's note, or the waiver's. */
  note: string
  /** Voided lines stay listed, struck through, as on the loans page. */
  voided: boolean
}

/** One loan on a statement: its terms, today's figures, and the period's lines. */
export interface StatementLoan {
  id: string
  label: string
  description: string
  amount: Paise
  rate: string
  startDate: IsoDate
  dueDate: IsoDate
  status: StatusLabel
  /** The loan's reckoning as of today (the loans page's card and reckoning show the same). */
  reckoning: Reckoning
  /** The engine's "Due today" of the loan (its as-of balance). */
  dueToday: Paise
  rows: StatementRow[]
}

export interface Statement {
  /** "All time", or "01/04/2026 to 30/09/2026" (open ends read "from …" / "up to …"). */
  periodText: string
  today: IsoDate
  loans: StatementLoan[]
  /** Every loan's reckoning summed by the engine; `due` is the person's "Due today". */
  total: Reckoning
}

/** Whether a date falls in the period (both ends included). */
export function inPeriod(date: IsoDate, period: Period): boolean {
  return (
    (period.from === undefined || date >= period.from) &&
    (period.to === undefined || date <= period.to)
  )
}

/** The period in words (the `statement` catalogue's), with dates as DD/MM/YYYY. */
export function periodText(period: Period, t: TFunction = appT()): string {
  const { from, to } = period
  if (from && to) {
    return t('statement:periodBetween', {
      from: formatDisplayDate(from),
      to: formatDisplayDate(to),
    })
  }
  if (from) return t('statement:periodFrom', { from: formatDisplayDate(from) })
  if (to) return t('statement:periodTo', { to: formatDisplayDate(to) })
  return t('statement:periodAll')
}

/**
 * The statement of one person's loans (newest first, as the loans page lists them), given each
 * loan's figures from the engine, the stored payments (for their notes' deposit ids), the sum of
 * the reckonings, and the period whose lines are listed. Lines are in replay order.
 */
export function buildStatement({
  loans,
  figuresOf,
  payments,
  total,
  period,
  today,
  t = appT(),
}: {
  loans: readonly Loan[]
  figuresOf: (loan: Loan) => LoanFigures
  payments: ReadonlyMap<string, Payment>
  total: Reckoning
  period: Period
  today: IsoDate
  /** The words' language; the app's current one by default. */
  t?: TFunction
}): Statement {
  return {
    periodText: periodText(period, t),
    today,
    total,
    loans: loans.map((loan) => {
      const figures = figuresOf(loan)
      const rows: StatementRow[] = []
      for (const item of loanHistory(loan, figures.ledger, payments)) {
        if (!inPeriod(item.date, period)) continue
        const { entry } = item
        const waiver = item.kind === 'waiver'
        rows.push({
          id: item.id,
          kind: item.kind,
          date: item.date,
          // A waiver larger than what was due forgives only what was due (as LoanHistory shows).
          amount: waiver ? (entry?.waived ?? item.amount) : item.amount,
          ...(entry && !waiver && { interest: entry.interestPaid, principal: entry.principalPaid }),
          note: (waiver ? item.description : (entry?.description ?? item.description)) ?? '',
          voided: item.voided !== undefined,
        })
      }
      return {
        id: loan.id,
        label: loanLabel(loan.id, t),
        description: loan.description,
        amount: loan.amount,
        rate: rateText(loan.interestRate, loan.interestType, t),
        startDate: loan.startDate,
        dueDate: loan.dueDate,
        status: figures.status,
        reckoning: figures.reckoning,
        dueToday: figures.totalDue,
        rows,
      }
    }),
  }
}
