/**
 * A borrower's statement of a period (issue 27, harm 9): for each loan, where it stood at the
 * start of the first day, every movement in the period (lent, interest charged, payments with
 * their truthful split, waivers) with what was due after each, where it stood at the end of the
 * last day, and the sum that joins them. The money is the engine's `personStatement`; this only
 * puts it in rows and words. Pure: the screen, the print stylesheet and the PDF all draw this one
 * model, so they cannot disagree.
 *
 * Two copies: the lender's keeps voided payments and waivers in their place, struck through; the
 * borrower's (the PDF they are sent) leaves them out. Voided lines move nothing, so both copies
 * have the same opening, totals and closing.
 */
import type { TFunction } from 'i18next'
import { receiptLabel } from '../../../shared/receipts/receipt.ts'
import { formatDisplayDate } from '../../../shared/dates.ts'
import {
  borrowerCopy,
  financialYear,
  financialYearOf,
  personStatement,
  type LedgerLoan,
  type LoanFigures,
  type StatementBalance,
  type StatementLine,
  type StatementLineKind,
  type StatementTotals,
} from '../../../shared/ledger/engine.ts'
import type { StatusLabel } from '../../../shared/ledger/status.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../../../shared/deposit/record.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { noteText } from '../loans/HistoryRows.tsx'
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

/**
 * The period as chosen: either end may be open. An open start is the beginning of every loan; an
 * open end is today.
 */
export interface Period {
  from?: IsoDate
  to?: IsoDate
}

/** The periods the screen offers besides the dates the lender types. */
export type PeriodChoice = 'all' | 'thisYear' | 'lastYear' | 'dates'

/**
 * The period of a choice on `today`: all time up to today; this financial year (1 April) up to
 * today; the last whole financial year; or the typed dates.
 */
export function periodOf(
  choice: PeriodChoice,
  today: IsoDate,
  typed: { from: IsoDate | ''; to: IsoDate | '' },
): Period {
  if (choice === 'all') return {}
  if (choice === 'thisYear') return { from: financialYearOf(today).from }
  if (choice === 'lastYear')
    return financialYear(Number(financialYearOf(today).from.slice(0, 4)) - 1)
  return { ...(typed.from && { from: typed.from }), ...(typed.to && { to: typed.to }) }
}

/** Why a typed period cannot make a statement (keys of the `statement` catalogue), or null. */
export function periodProblem(period: Period, today: IsoDate): 'badRange' | 'future' | null {
  if (period.from !== undefined && period.to !== undefined && period.to < period.from) {
    return 'badRange'
  }
  if ((period.to ?? today) > today || (period.from ?? today) > today) return 'future'
  return null
}

/** Which copy: the lender's keeps voided entries (struck through); the borrower's leaves them out. */
export type StatementCopy = 'lender' | 'borrower'

/** What a statement row is: the engine's line kinds, and the loan's opening and closing. */
export type StatementRowKind = 'opening' | StatementLineKind | 'closing'

/** One row of a loan's table. Figures absent where they do not apply (shown as a dash). */
export interface StatementRow {
  /** Unique within the loan. */
  key: string
  /** The payment's or waiver's id (absent on the other kinds). */
  id?: string
  kind: StatementRowKind
  date: IsoDate
  /** What happened, in words ("Interest for 30 days", "Payment · Cash", "Voided: …"). */
  details: string
  /** Added to what is due: the amount lent, or interest charged. */
  added?: Paise
  /** Cash received (a payment); on a voided payment, the amount as recorded. */
  paid?: Paise
  /** Of `paid`: what paid interest (rule 6a: interest owed first). */
  interestPaid?: Paise
  /** Of `paid`: what paid principal (at most the principal left). */
  principalPaid?: Paise
  /** Of `paid`: beyond everything due (only when above 0). */
  overpaid?: Paise
  /** What a waiver forgave; on a voided waiver, the amount as recorded. */
  waived?: Paise
  /** Due after this row: principal left + interest owed. */
  due: Paise
  /** Struck through (the lender's copy only). */
  voided: boolean
}

/** One term of the sum that joins opening and closing: `sign` then the word and its amount. */
export interface SumTerm {
  sign: '' | '+' | '−' | '='
  /** A key of the `statement:sum` group. */
  word: 'opening' | 'lent' | 'interest' | 'paid' | 'overpaid' | 'waived' | 'closing'
  paise: Paise
}

/** One loan on a statement: its terms and its movements in the period. */
export interface StatementLoan {
  id: string
  label: string
  description: string
  amount: Paise
  rate: string
  startDate: IsoDate
  dueDate: IsoDate
  /** As of today (the loans page's badge). */
  status: StatusLabel
  /** At the start of the period's first day; zero for a loan that starts inside the period. */
  opening: StatementBalance
  /** The period's movements summed (voided lines add nothing). */
  totals: StatementTotals
  /** At the end of the period's last day. */
  closing: StatementBalance
  rows: StatementRow[]
  /** Opening + lent + interest − paid + overpaid − waived = closing, in the engine's figures. */
  sum: SumTerm[]
}

export interface Statement {
  /** "All time", or "01/04/2026 to 30/09/2026". */
  periodText: string
  /** The first day, or undefined for "from the beginning". */
  from?: IsoDate
  /** The last day (today when the period is open-ended). */
  to: IsoDate
  today: IsoDate
  copy: StatementCopy
  /** The loans with something in the period (opening, a movement or closing). */
  loans: StatementLoan[]
  /** The sums of every loan's opening, totals and closing. */
  opening: StatementBalance
  totals: StatementTotals
  closing: StatementBalance
  sum: SumTerm[]
  /** The person's Due today (every loan), whatever the period. */
  dueToday: Paise
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
 * The sum that joins opening and closing: Opening + lent + interest − paid + overpaid − waived =
 * closing, leaving out lent, overpaid and waived when they are 0. It closes exactly: the engine's
 * statement guarantees principal and interest each move by the totals.
 */
export function sumOf(
  opening: StatementBalance,
  totals: StatementTotals,
  closing: StatementBalance,
): SumTerm[] {
  const terms: SumTerm[] = [{ sign: '', word: 'opening', paise: opening.due }]
  if (totals.lent > 0) terms.push({ sign: '+', word: 'lent', paise: totals.lent })
  terms.push({ sign: '+', word: 'interest', paise: totals.interestCharged })
  terms.push({ sign: '−', word: 'paid', paise: totals.paid })
  if (totals.overpaid > 0) terms.push({ sign: '+', word: 'overpaid', paise: totals.overpaid })
  const waived = totals.interestWaived + totals.principalWaived
  if (waived > 0) terms.push({ sign: '−', word: 'waived', paise: waived })
  terms.push({ sign: '=', word: 'closing', paise: closing.due })
  return terms
}

/** The sum in words: "Opening ₹A + interest ₹B − paid ₹C = closing ₹D". */
export function sumText(terms: readonly SumTerm[], t: TFunction, money: (p: Paise) => string) {
  return terms
    .map((term) => {
      const words = t(`statement:sum.${term.word}`, { amount: money(term.paise) })
      return term.sign === '' ? words : `${term.sign} ${words}`
    })
    .join(' ')
}

/** The words of one of the engine's lines. */
function details(line: StatementLine, t: TFunction): string {
  // The default description of a deposit's payments says nothing "Payment" does not.
  const note =
    line.description && line.description !== DEFAULT_DEPOSIT_DESCRIPTION
      ? noteText(line.description, t)
      : ''
  // A receipt keeps its number and code on the statement, a voided one too.
  const label = receiptLabel(line.receipt)
  const receipt = label ? t('statement:row.receipt', label) : ''
  const what = (() => {
    switch (line.kind) {
      case 'lent':
        return t('statement:row.lent')
      case 'openingInterest':
        return t('statement:row.openingInterest')
      case 'interest':
        return t('statement:row.interest', { count: line.days ?? 0 })
      case 'payment':
        return [t('statement:row.payment'), receipt, note].filter(Boolean).join(' · ')
      case 'waiver':
        return [t('loans:history.waiver'), receipt, note].filter(Boolean).join(' · ')
    }
  })()
  return line.voided ? `${t('loans:void.voided')}: ${line.voided.reason} · ${what}` : what
}

function rowOf(line: StatementLine, index: number, t: TFunction): StatementRow {
  const voided = line.voided !== undefined
  const row: StatementRow = {
    key: `${line.kind}-${line.id ?? index}-${index}`,
    ...(line.id !== undefined && { id: line.id }),
    kind: line.kind,
    date: line.date,
    details: details(line, t),
    due: line.principalLeft + line.interestOwed,
    voided,
  }
  if (line.kind === 'lent') row.added = line.lent
  if (line.kind === 'interest' || line.kind === 'openingInterest') row.added = line.interestCharged
  if (line.kind === 'payment') {
    row.paid = line.amount
    if (!voided) {
      row.interestPaid = line.interestPaid
      row.principalPaid = line.principalPaid
      if (line.overpaid > 0) row.overpaid = line.overpaid
    }
  }
  if (line.kind === 'waiver') row.waived = line.amount
  return row
}

/**
 * The statement of one person's loans for `period` (an open end is today), in the words of `t`,
 * as the lender's or the borrower's copy. `figuresOf` gives each loan's figures as of today (its
 * status, its replayed ledger, its Due today), so a cached replay is reused. Loans are in the
 * order given; a loan with nothing in the period (it starts after the period, or it was closed
 * before it and nothing moved) is left out.
 */
export function buildStatement({
  loans,
  figuresOf,
  period,
  today,
  copy = 'lender',
  t = appT(),
}: {
  loans: readonly Loan[]
  figuresOf: (loan: LedgerLoan) => LoanFigures
  period: Period
  today: IsoDate
  copy?: StatementCopy
  /** The words' language; the app's current one by default. */
  t?: TFunction
}): Statement {
  const to = period.to ?? today
  const enginePeriod = period.from === undefined ? { to } : { from: period.from, to }
  const figures = new Map(loans.map((loan) => [loan.id, figuresOf(loan)]))
  // The sums are the engine's; a borrower's copy only leaves out voided lines, which move nothing.
  const { opening, totals, closing, ...person } = personStatement(
    loans,
    enginePeriod,
    (loan) => figures.get(loan.id)!.ledger,
  )
  let dueToday = 0
  const shown: StatementLoan[] = []
  for (const [index, loan] of loans.entries()) {
    const { totalDue, status } = figures.get(loan.id)!
    dueToday += totalDue
    const full = person.loans[index]!
    const s = copy === 'borrower' ? borrowerCopy(full) : full
    if (s.lines.length === 0 && s.opening.due === 0 && s.closing.due === 0) continue
    const rows: StatementRow[] = []
    const from = period.from
    if (from !== undefined && from > loan.startDate) {
      rows.push({
        key: 'opening',
        kind: 'opening',
        date: from,
        details: t('statement:row.opening'),
        due: s.opening.due,
        voided: false,
      })
    }
    s.lines.forEach((line, i) => rows.push(rowOf(line, i, t)))
    rows.push({
      key: 'closing',
      kind: 'closing',
      date: to,
      details: t('statement:row.closing'),
      due: s.closing.due,
      voided: false,
    })
    shown.push({
      id: loan.id,
      label: loanLabel(loan.id, t),
      description: loan.description,
      amount: loan.amount,
      rate: rateText(loan.interestRate, loan.interestType, t),
      startDate: loan.startDate,
      dueDate: loan.dueDate,
      status,
      opening: s.opening,
      totals: s.totals,
      closing: s.closing,
      rows,
      sum: sumOf(s.opening, s.totals, s.closing),
    })
  }
  return {
    periodText: periodText(period, t),
    ...(period.from !== undefined && { from: period.from }),
    to,
    today,
    copy,
    loans: shown,
    opening,
    totals,
    closing,
    sum: sumOf(opening, totals, closing),
    dueToday,
  }
}
