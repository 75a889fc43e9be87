/**
 * One loan's figures for the dashboard, person and deposit pages (engine notes, rules 9 and 10),
 * and a cache that lets the app recompute only the loan that changed.
 */
import { asOfFromLedger } from './asOf.ts'
import { collected, type Collected } from './collected.ts'
import { positionFromLedger, type LoanPosition } from './position.ts'
import { reckoningOfPosition } from './reckoning.ts'
import { liveFacts, replayLedgerLoan } from './replay.ts'
import { displayStatus, isOutstanding, type StatusLabel } from './status.ts'
import type { AsOf, IsoDate, LedgerLoan, LoanLedger, Paise, Reckoning } from './types.ts'

export type { LedgerLoan } from './types.ts'

/**
 * Everything the screens show about one loan as of one day. Every "principal" and "interest" here
 * is the truthful split (rule 6a); the old app's labels live only in `ledger`'s old fields.
 */
export interface LoanFigures {
  /** Every payment and waiver replayed, including any dated after `today`; voided ones skipped. */
  ledger: LoanLedger
  /** The old app's as-of figures (rule 7); only `balance` is shown (as `totalDue`). */
  asOf: AsOf
  /** The label shown: Paid when nothing is due today, else the stored one (see `displayStatus`). */
  status: StatusLabel
  /** Something is due today (`totalDue` > 0), whatever the stored label (rule 8). */
  outstanding: boolean
  /** Outstanding and stored `defaulted`: counted everywhere, and shown apart ("of which defaulted"). */
  defaulted: boolean
  /**
   * Principal left today ("Principal left"): the amount less every principal part paid and
   * principal waived by today. Since issue 27 the truthful split; before, it was amount − the old
   * app's principal paid, which counted paid-off carried interest as principal.
   */
  principalRemaining: Paise
  /** The as-of balance ("Due today") = principalRemaining + currentInterest. */
  totalDue: Paise
  /** Interest owed today ("Interest due"): carried and accruing, not yet paid nor waived. */
  currentInterest: Paise
  /** Sum of all the loan's payments (voided excluded), future-dated ones too (rule 9). */
  totalPaid: Paise
  /** The arithmetic that closes, as of today. */
  reckoning: Reckoning
  /** Sum of what the loan's waivers actually forgave (voided excluded). */
  waived: Paise
  /** Settled, and a waiver took part in it: shown as "Paid (settled)". */
  settledByWaiver: boolean
  /**
   * Of `currentInterest`: interest owed after the last payment or waiver by today (or the opening
   * interest): charged and not paid. Under the old rule it earns interest itself; under simple
   * interest it earns nothing. principalRemaining + unpaidInterest + accruingInterest = totalDue.
   */
  unpaidInterest: Paise
  /** Of `currentInterest`: accrued since the last payment or waiver by today (or the start). */
  accruingInterest: Paise
  /**
   * The whole truthful position as of today (`LoanPosition`): also interest paid, principal paid
   * and overpaid by today (they add up to the payments by today), waived by part, interest charged.
   */
  position: LoanPosition
  /** Cash received on this loan today and this calendar month up to today (`collected`). */
  collected: Collected
}

/** A function from a loan and a day to its figures: `loanFigures` itself, or a cached one. */
export type FiguresOf = (loan: LedgerLoan, today: IsoDate) => LoanFigures

/** The figures of one loan as of `today`. */
export function loanFigures(loan: LedgerLoan, today: IsoDate): LoanFigures {
  const ledger = replayLedgerLoan(loan)
  const asOf = asOfFromLedger(loan, ledger, today)
  // Only entries by today count, or a future-dated payment would shrink today's principal while
  // the as-of balance (rightly) ignores it, and the columns would not add up.
  const position = positionFromLedger(loan, ledger, today)
  let totalPaid = 0
  for (const payment of liveFacts(loan.payments)) totalPaid += payment.amount
  const outstanding = isOutstanding(position.due)
  return withLedgerOnDemand(loan, {
    asOf,
    status: displayStatus(loan.status, !outstanding, loan.dueDate, today),
    outstanding,
    defaulted: outstanding && loan.status === 'defaulted',
    principalRemaining: position.principalLeft,
    totalDue: position.due,
    currentInterest: position.interestOwed,
    totalPaid,
    reckoning: reckoningOfPosition(position),
    waived: ledger.totalInterestWaived + ledger.totalPrincipalWaived,
    settledByWaiver: ledger.settled && ledger.totalInterestWaived + ledger.totalPrincipalWaived > 0,
    unpaidInterest: position.interestCarried,
    accruingInterest: position.interestAccruing,
    position,
    collected: collected(loan.payments, today),
  })
}

/**
 * The loan a figures object replays its ledger from, and the ledger once replayed: a property of
 * the object itself, hidden (not enumerable, under a symbol). Kept in a WeakMap, the dashboard's
 * 30,000 loans of a big book were 30,000 ephemerons, and a major GC marks what an ephemeron holds
 * only in rounds of its own: in the 300,000-payment book's open, 90 ms of one pause at 4× CPU.
 */
const SOURCE = Symbol('ledger source')

interface LedgerSource {
  readonly loan: LedgerLoan
  ledger?: LoanLedger
}

/** `ledger`'s getter: one function for every loan's figures (see `withLedgerOnDemand`). */
function replayedLedger(this: { readonly [SOURCE]: LedgerSource }): LoanLedger {
  const source = this[SOURCE]
  return (source.ledger ??= replayLedgerLoan(source.loan))
}

/**
 * `figures` with a `ledger` that is replayed again when first read, then kept. Working the
 * figures out needs the replay, but afterwards only a loan's own page reads it: a cache of every
 * loan's figures (the dashboard's) would otherwise hold the whole book's payments replayed, each
 * with its thirteen columns. The getter is one function, not a closure per loan: V8 keeps objects
 * whose accessors differ as dictionaries, 400 bytes a loan more.
 */
function withLedgerOnDemand(loan: LedgerLoan, figures: Omit<LoanFigures, 'ledger'>): LoanFigures {
  const source: LedgerSource = { loan }
  return Object.defineProperties(figures, {
    [SOURCE]: { value: source },
    ledger: { enumerable: true, get: replayedLedger },
  }) as LoanFigures
}

/**
 * The balance due on `day` (the deposit page passes today: engine notes, rule 10) from all of the
 * loan's facts. Pay Full does not use this but `settlingAmount`, which also sees later payments.
 */
export function balanceDue(loan: LedgerLoan, day: IsoDate): Paise {
  return asOfFromLedger(loan, replayLedgerLoan(loan), day).balance
}

interface CachedFigures {
  loan: LedgerLoan
  today: IsoDate
  figures: LoanFigures
}

/** Whether two snapshots of a loan give the same figures: same fact arrays, same terms. */
function sameFacts(a: LedgerLoan, b: LedgerLoan): boolean {
  return (
    a.payments === b.payments &&
    a.waivers === b.waivers &&
    a.amount === b.amount &&
    a.interestRate === b.interestRate &&
    a.interestType === b.interestType &&
    a.startDate === b.startDate &&
    a.interestOn === b.interestOn &&
    a.openingInterest === b.openingInterest &&
    a.dueDate === b.dueDate &&
    a.status === b.status
  )
}

/**
 * A memoised `loanFigures` for the app's immutable snapshots. Entries are keyed by loan id and
 * reused while the loan's `payments` and `waivers` arrays are the same objects (a snapshot only
 * replaces them when a fact changes), its terms (the rule and opening interest included) are equal
 * and the day is the same; so recording a deposit replays only the loans it touched. Deleted
 * loans leave a small entry behind until `forget` is called.
 *
 * `keep` bounds how many loans' figures are kept: past it, the least recently asked for is let
 * go (and replayed again if asked for again). A cache that every screen of a book shares needs
 * one: the dashboard keeps each person's row itself, and a loan's figures are about 460 bytes,
 * 14 MB of heap for a book of 30,000 loans that no screen reads at once.
 */
export function createFiguresCache({ keep = Infinity } = {}): FiguresOf & {
  forget(loanId: string): void
} {
  const cache = new Map<string, CachedFigures>()
  const figuresOf = (loan: LedgerLoan, today: IsoDate): LoanFigures => {
    const hit = cache.get(loan.id)
    // Taken out and put back, so that the map's order is least recently asked for first.
    cache.delete(loan.id)
    if (hit && hit.today === today && sameFacts(hit.loan, loan)) {
      cache.set(loan.id, hit)
      return hit.figures
    }
    const figures = loanFigures(loan, today)
    cache.set(loan.id, { loan, today, figures })
    if (cache.size > keep) cache.delete(cache.keys().next().value as string)
    return figures
  }
  return Object.assign(figuresOf, { forget: (loanId: string) => void cache.delete(loanId) })
}
