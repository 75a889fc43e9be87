/**
 * A statement of a period (issue 27, item 8; the yearly statement of issue 32): where a loan stood
 * at the start of the first day, every movement in the period, where it stood at the end of the
 * last day, and the arithmetic that joins them. Money only: the words, the language and the
 * layout are the screen's, the PDF's and the export's.
 *
 * The arithmetic, for each loan and for their sum, exactly:
 *
 *   opening.principalLeft + lent − principalPaid − principalWaived = closing.principalLeft
 *   opening.interestOwed + interestCharged − interestPaid − interestWaived = closing.interestOwed
 *   interestPaid + principalPaid + overpaid = paid
 *
 * Interest is rounded once per period between two entries (rule 4), so a period that straddles
 * the statement's first day is split: the part up to the day before is in the opening (it is what
 * `loanPosition` of that day counts as accruing) and the rest is the first interest line. The
 * closing is `loanPosition` of the last day, so two statements of consecutive periods chain: one's
 * closing is the next one's opening.
 */
import { addDays, epochDay } from '../dates.ts'
import { entriesUpTo } from './asOf.ts'
import { openingInterestOf } from './interest.ts'
import { addMovements, NO_MOVEMENTS, positionFromLedger, type Movements } from './position.ts'
import { comparePayments, replayLedgerLoan } from './replay.ts'
import type { IsoDate, LedgerEntry, LedgerLoan, LoanLedger, Paise, VoidInfo } from './types.ts'

/**
 * The period of a statement, both days included. `from` absent: from the beginning (every loan
 * starts inside it). `to` is required: for "up to today" pass today.
 */
export interface StatementPeriod {
  from?: IsoDate
  to: IsoDate
}

/** Where a loan (or a person's loans) stood on a statement's edge. */
export interface StatementBalance {
  principalLeft: Paise
  interestOwed: Paise
  /** principalLeft + interestOwed. */
  due: Paise
}

/** What moved a loan in a period: the sums of its statement lines (voided lines add nothing). */
export type StatementTotals = Movements

/**
 * What a statement line is:
 * - `lent`: the loan was made (its start date is inside the period);
 * - `openingInterest`: interest already due from a paper khata, brought in on the start date;
 * - `interest`: interest charged up to `date` (for `days` days inside the period);
 * - `payment`, `waiver`: a recorded payment or waiver, with its split.
 */
export type StatementLineKind = 'lent' | 'openingInterest' | 'interest' | 'payment' | 'waiver'

/**
 * One movement on a statement. The movement fields are 0 where they do not apply, and all 0 on a
 * voided line: a voided payment or waiver is listed (the lender's copy strikes it through; the
 * borrower's copy leaves it out, see `borrowerCopy`) but moves nothing.
 */
export interface StatementLine extends StatementTotals {
  kind: StatementLineKind
  date: IsoDate
  /** The payment's or waiver's id (absent on the other kinds). */
  id?: string
  /**
   * The line's own figure: the amount lent, the interest charged, the cash paid, what the waiver
   * forgave (at most what was due), or, on a voided line, the amount as it was recorded.
   */
  amount: Paise
  /** On an interest line: how many days of the period it charges. */
  days?: number
  /** The payment's description or the waiver's note. */
  description?: string
  /** Set on a voided payment or waiver. */
  voided?: VoidInfo
  /** A payment's or waiver's receipt as stored (`receipts/receipt.ts`); none from before. */
  receipt?: string
  /** Principal left after this line. */
  principalLeft: Paise
  /** Interest owed after this line. */
  interestOwed: Paise
}

/** One loan's statement of a period. */
export interface LoanStatement {
  loanId: string
  period: StatementPeriod
  /**
   * At the start of the first day (the end of the day before). Zero when the loan starts inside
   * the period: then its first line is `lent`.
   */
  opening: StatementBalance
  /** Every movement, in replay order. */
  lines: StatementLine[]
  /** The sums of `lines`. */
  totals: StatementTotals
  /** At the end of the last day (`loanPosition(loan, period.to)`); zero if it starts later. */
  closing: StatementBalance
}

/** A person's statement: each loan's, and their sums (the same arithmetic holds for the sums). */
export interface PersonStatement {
  period: StatementPeriod
  loans: LoanStatement[]
  opening: StatementBalance
  totals: StatementTotals
  closing: StatementBalance
}

function balance(principalLeft: Paise, interestOwed: Paise): StatementBalance {
  return { principalLeft, interestOwed, due: principalLeft + interestOwed }
}

/** The line a replayed payment or waiver becomes. */
function entryLine(e: LedgerEntry): StatementLine {
  const waiver = e.waiverId !== undefined
  return {
    ...NO_MOVEMENTS,
    kind: waiver ? 'waiver' : 'payment',
    date: e.depositDate,
    id: e.paymentId,
    amount: waiver ? (e.waived ?? 0) : e.paymentAmount,
    ...(e.description !== undefined && { description: e.description }),
    paid: e.paymentAmount,
    interestPaid: e.interestPart,
    principalPaid: e.principalPart,
    overpaid: e.overpaid,
    interestWaived: e.interestWaived,
    principalWaived: e.principalWaived,
    principalLeft: e.principalLeft,
    interestOwed: e.interestOwed,
  }
}

/**
 * One loan's statement of `period`. Pass `ledger` when the loan is already replayed
 * (`replayLedgerLoan(loan)`, or `loanFigures(...).ledger`).
 *
 * A loan that starts after the period's last day has a zero statement with no lines. A loan that
 * starts inside the period opens at zero, and its first lines are `lent` (and `openingInterest`)
 * on its start date; a payment dated before its start (the forms refuse one) is listed after them.
 */
export function loanStatement(
  loan: LedgerLoan,
  period: StatementPeriod,
  ledger: LoanLedger = replayLedgerLoan(loan),
): LoanStatement {
  const { from, to } = period
  const start = loan.startDate
  const lines: StatementLine[] = []
  if (to < start) {
    const zero = balance(0, 0)
    return {
      loanId: loan.id,
      period,
      opening: zero,
      lines,
      totals: { ...NO_MOVEMENTS },
      closing: zero,
    }
  }
  const startsInside = from === undefined || from <= start
  const n = entriesUpTo(ledger, to)
  let first: number
  let opening: StatementBalance
  // Interest of the period running at the first day that the opening already counts.
  let counted: Paise
  let countedFrom: number
  if (startsInside) {
    first = 0
    opening = balance(0, 0)
    counted = 0
    countedFrom = epochDay(start)
    lines.push({
      ...NO_MOVEMENTS,
      kind: 'lent',
      date: start,
      amount: loan.amount,
      lent: loan.amount,
      principalLeft: loan.amount,
      interestOwed: 0,
    })
    const openingInterest = openingInterestOf(loan)
    if (openingInterest > 0) {
      lines.push({
        ...NO_MOVEMENTS,
        kind: 'openingInterest',
        date: start,
        amount: openingInterest,
        interestCharged: openingInterest,
        principalLeft: loan.amount,
        interestOwed: openingInterest,
      })
    }
  } else {
    const dayBefore = addDays(from, -1)
    const before = positionFromLedger(loan, ledger, dayBefore)
    first = entriesUpTo(ledger, dayBefore)
    opening = balance(before.principalLeft, before.interestOwed)
    counted = before.interestAccruing
    countedFrom = epochDay(dayBefore)
  }
  for (let i = first; i < n; i++) {
    const e = ledger.entries[i] as LedgerEntry
    const charged = e.interestForPeriod - counted
    if (charged > 0) {
      const day = epochDay(e.depositDate)
      lines.push({
        ...NO_MOVEMENTS,
        kind: 'interest',
        date: e.depositDate,
        amount: charged,
        days: i === first ? day - countedFrom : e.daysSinceLast,
        interestCharged: charged,
        principalLeft: e.principalLeftBefore,
        interestOwed: e.interestOwedBefore + e.interestForPeriod,
      })
    }
    counted = 0
    lines.push(entryLine(e))
  }
  const end = positionFromLedger(loan, ledger, to)
  const accrued = end.interestAccruing - counted
  if (accrued > 0) {
    const last = ledger.entries[n - 1]
    const since =
      n > first && last !== undefined
        ? Math.max(epochDay(start), epochDay(last.depositDate))
        : countedFrom
    lines.push({
      ...NO_MOVEMENTS,
      kind: 'interest',
      date: to,
      amount: accrued,
      days: epochDay(to) - since,
      interestCharged: accrued,
      principalLeft: end.principalLeft,
      interestOwed: end.interestOwed,
    })
  }
  addVoided(lines, loan, startsInside ? undefined : from, to, opening)
  addReceipts(lines, loan)
  const totals = { ...NO_MOVEMENTS }
  for (const line of lines) addMovements(totals, line)
  return {
    loanId: loan.id,
    period,
    opening,
    lines,
    totals,
    closing: balance(end.principalLeft, end.interestOwed),
  }
}

/** Puts each payment's and waiver's receipt on its lines (a voided one keeps its number). */
function addReceipts(lines: StatementLine[], loan: LedgerLoan): void {
  const receipts = new Map<string, string>()
  for (const p of loan.payments) if (p.receipt !== undefined) receipts.set(p.id, p.receipt)
  for (const w of loan.waivers ?? []) if (w.receipt !== undefined) receipts.set(w.id, w.receipt)
  if (receipts.size === 0) return
  for (const line of lines) {
    const receipt = line.id === undefined ? undefined : receipts.get(line.id)
    if (receipt !== undefined) line.receipt = receipt
  }
}

/**
 * Lists the loan's voided payments and waivers dated in [from, to] among `lines`, each after every
 * line dated on or before its date (voided ones of one date in replay order). A voided line moves
 * nothing: it carries the balances of the line before it.
 */
function addVoided(
  lines: StatementLine[],
  loan: LedgerLoan,
  from: IsoDate | undefined,
  to: IsoDate,
  opening: StatementBalance,
): void {
  const inside = (date: IsoDate) => date <= to && (from === undefined || date >= from)
  const voided = [
    ...loan.payments
      .filter((p) => p.voided !== undefined && inside(p.date))
      .map((p) => ({ fact: p, kind: 'payment' as const, description: p.description })),
    ...(loan.waivers ?? [])
      .filter((w) => w.voided !== undefined && inside(w.date))
      .map((w) => ({ fact: w, kind: 'waiver' as const, description: w.note })),
  ].sort((a, b) => comparePayments(a.fact, b.fact))
  for (const { fact, kind, description } of voided) {
    let at = lines.length
    while (at > 0 && (lines[at - 1] as StatementLine).date > fact.date) at--
    const before = lines[at - 1]
    const text = description?.trim() ? description : undefined
    lines.splice(at, 0, {
      ...NO_MOVEMENTS,
      kind,
      date: fact.date,
      id: fact.id,
      amount: fact.amount,
      ...(text !== undefined && { description: text }),
      voided: fact.voided as VoidInfo,
      principalLeft: before ? before.principalLeft : opening.principalLeft,
      interestOwed: before ? before.interestOwed : opening.interestOwed,
    })
  }
}

/**
 * A person's statement of `period`: each loan's (in the order given) and their sums. Pass
 * `ledgerOf` to reuse replays the caller already has (e.g. `(loan) => figuresOf(loan, today).ledger`).
 */
export function personStatement(
  loans: readonly LedgerLoan[],
  period: StatementPeriod,
  ledgerOf: (loan: LedgerLoan) => LoanLedger = replayLedgerLoan,
): PersonStatement {
  const statements = loans.map((loan) => loanStatement(loan, period, ledgerOf(loan)))
  const totals = { ...NO_MOVEMENTS }
  let openPrincipal = 0
  let openInterest = 0
  let closePrincipal = 0
  let closeInterest = 0
  for (const s of statements) {
    addMovements(totals, s.totals)
    openPrincipal += s.opening.principalLeft
    openInterest += s.opening.interestOwed
    closePrincipal += s.closing.principalLeft
    closeInterest += s.closing.interestOwed
  }
  return {
    period,
    loans: statements,
    opening: balance(openPrincipal, openInterest),
    totals,
    closing: balance(closePrincipal, closeInterest),
  }
}

/**
 * The borrower's copy of a statement: the same, without voided lines (the lender's copy keeps
 * them, struck through). Totals, opening and closing are unchanged, since voided lines move nothing.
 */
export function borrowerCopy(statement: LoanStatement): LoanStatement {
  return { ...statement, lines: statement.lines.filter((line) => line.voided === undefined) }
}

/**
 * The Indian financial year that starts on 1 April of `startYear`: 1 April `startYear` to
 * 31 March `startYear + 1`, the period of the yearly statement.
 */
export function financialYear(startYear: number): Required<StatementPeriod> {
  const pad = (y: number) => String(y).padStart(4, '0')
  return { from: `${pad(startYear)}-04-01`, to: `${pad(startYear + 1)}-03-31` }
}

/** The financial year (`financialYear`) that `day` falls in: January to March belong to the last. */
export function financialYearOf(day: IsoDate): Required<StatementPeriod> {
  const year = Number(day.slice(0, 4))
  return financialYear(day.slice(5) >= '04-01' ? year : year - 1)
}
