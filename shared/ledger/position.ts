/**
 * Where a loan stands on one day, in the truthful split (engine notes, rules 6a and 9): principal
 * left, interest owed, and what was paid, waived and charged to get there. Every screen, receipt,
 * statement and export that says "principal" or "interest" reads these, never the old app's
 * `interestPaid`/`principalPaid` labels.
 */
import { epochDay } from '../dates.ts'
import { entriesUpTo } from './asOf.ts'
import { interestAt, interestBase, openingInterestOf, yearlyHundredths } from './interest.ts'
import { replayLedgerLoan } from './replay.ts'
import type { IsoDate, LedgerEntry, LedgerLoan, LoanLedger, LoanTerms, Paise } from './types.ts'

/**
 * How money moved on a loan: what was lent, charged, paid (and how each payment split), and
 * forgiven. A position has them from the start to its day; a statement's totals (`StatementTotals`)
 * over its period.
 */
export interface Movements {
  /** The amount lent (the loan's `amount`). */
  lent: Paise
  /** All interest to the day: the opening interest, every period's, and the accruing interest. */
  interestCharged: Paise
  /** Live payments dated on or before the day. */
  paid: Paise
  /** Of `paid`: what paid interest ("Interest paid"). */
  interestPaid: Paise
  /** Of `paid`: what paid principal ("Principal paid"); never more than `lent`. */
  principalPaid: Paise
  /** Of `paid`: beyond everything due ("Overpaid": held for the borrower or owed back). */
  overpaid: Paise
  /** Interest forgiven by waivers. */
  interestWaived: Paise
  /** Principal forgiven by waivers. */
  principalWaived: Paise
}

/** No movement at all: the start of every sum of `Movements`. */
export const NO_MOVEMENTS: Readonly<Movements> = Object.freeze({
  lent: 0,
  interestCharged: 0,
  paid: 0,
  interestPaid: 0,
  principalPaid: 0,
  overpaid: 0,
  interestWaived: 0,
  principalWaived: 0,
})

/** Adds `more` into `total`, field by field. */
export function addMovements(total: Movements, more: Readonly<Movements>): void {
  total.lent += more.lent
  total.interestCharged += more.interestCharged
  total.paid += more.paid
  total.interestPaid += more.interestPaid
  total.principalPaid += more.principalPaid
  total.overpaid += more.overpaid
  total.interestWaived += more.interestWaived
  total.principalWaived += more.principalWaived
}

/**
 * A loan's position at the end of one day: every entry dated on or before it counted, and the
 * interest of the days since the last of them (or since the start) accrued but not yet charged to
 * any entry. These identities hold for every loan on every day, under both rules:
 *
 *   due = principalLeft + interestOwed                          (what is due, "Due today")
 *   interestOwed = interestCarried + interestAccruing
 *   lent = principalPaid + principalWaived + principalLeft      (so Σ principal paid ≤ lent)
 *   interestCharged = interestPaid + interestWaived + interestOwed
 *   paid = interestPaid + principalPaid + overpaid
 *
 * Before the start date nothing has happened yet (as in `loanAsOf`): the loan stands as it enters
 * the book, principal left = amount and interest owed = the opening interest.
 */
export interface LoanPosition extends Movements {
  /** The day: figures are as at the end of it. */
  day: IsoDate
  /** Principal not yet paid nor waived ("Principal left"). */
  principalLeft: Paise
  /** Interest charged and not yet paid nor waived, accruing interest included ("Interest due"). */
  interestOwed: Paise
  /** Of `interestOwed`: what was owed after the last entry by the day (or the opening interest). */
  interestCarried: Paise
  /** Of `interestOwed`: interest of the days since the last entry by the day (or the start). */
  interestAccruing: Paise
  /** principalLeft + interestOwed: the balance due (`loanAsOf(...).balance`). */
  due: Paise
  /** Interest already due on the start date (old dues from paper); part of `interestCharged`. */
  openingInterest: Paise
}

/** The position of a loan that has not started by `day`: as it enters the book. */
function notStarted(terms: LoanTerms, day: IsoDate): LoanPosition {
  const opening = openingInterestOf(terms)
  return {
    day,
    lent: terms.amount,
    principalLeft: terms.amount,
    interestOwed: opening,
    interestCarried: opening,
    interestAccruing: 0,
    due: terms.amount + opening,
    openingInterest: opening,
    interestCharged: opening,
    paid: 0,
    interestPaid: 0,
    principalPaid: 0,
    overpaid: 0,
    interestWaived: 0,
    principalWaived: 0,
  }
}

/**
 * `loanPosition` from an already replayed ledger (`replayLoan` of the same terms), so a caller
 * that needs the ledger too replays once. Entries dated after `day` are not counted.
 */
export function positionFromLedger(
  terms: LoanTerms,
  ledger: LoanLedger,
  day: IsoDate,
): LoanPosition {
  const t = epochDay(day)
  const start = epochDay(terms.startDate)
  if (t < start) return notStarted(terms, day)
  const opening = openingInterestOf(terms)
  const n = entriesUpTo(ledger, day)
  let charged = opening
  let paid = 0
  let interestPaid = 0
  let principalPaid = 0
  let overpaid = 0
  let interestWaived = 0
  let principalWaived = 0
  for (let i = 0; i < n; i++) {
    const e = ledger.entries[i] as LedgerEntry
    charged += e.interestForPeriod
    paid += e.paymentAmount
    interestPaid += e.interestPart
    principalPaid += e.principalPart
    overpaid += e.overpaid
    interestWaived += e.interestWaived
    principalWaived += e.principalWaived
  }
  const last = ledger.entries[n - 1]
  const principalLeft = last ? last.principalLeft : terms.amount
  const carried = last ? last.interestOwed : opening
  const from = last ? Math.max(start, epochDay(last.depositDate)) : start
  const perYear = yearlyHundredths(terms.interestRate, terms.interestType)
  const accruing = interestAt(interestBase(terms, principalLeft, carried), perYear, t - from)
  return {
    day,
    lent: terms.amount,
    principalLeft,
    interestOwed: carried + accruing,
    interestCarried: carried,
    interestAccruing: accruing,
    due: principalLeft + carried + accruing,
    openingInterest: opening,
    interestCharged: charged + accruing,
    paid,
    interestPaid,
    principalPaid,
    overpaid,
    interestWaived,
    principalWaived,
  }
}

/** Where a loan stands at the end of `day`, from all of its facts (voided ones skipped). */
export function loanPosition(loan: LedgerLoan, day: IsoDate): LoanPosition {
  return positionFromLedger(loan, replayLedgerLoan(loan), day)
}

/**
 * Positions summed field by field (a person's, a book's); `day` is the first one's, or '' for
 * none. The identities of `LoanPosition` hold for the sum.
 */
export function sumPositions(positions: readonly LoanPosition[]): LoanPosition {
  const total: LoanPosition = {
    ...NO_MOVEMENTS,
    day: positions[0]?.day ?? '',
    principalLeft: 0,
    interestOwed: 0,
    interestCarried: 0,
    interestAccruing: 0,
    due: 0,
    openingInterest: 0,
  }
  for (const p of positions) {
    addMovements(total, p)
    total.principalLeft += p.principalLeft
    total.interestOwed += p.interestOwed
    total.interestCarried += p.interestCarried
    total.interestAccruing += p.interestAccruing
    total.due += p.due
    total.openingInterest += p.openingInterest
  }
  return total
}
