/**
 * One loan's figures for the dashboard, person and deposit pages (engine notes, rules 9 and 10),
 * and a cache that lets the app recompute only the loan that changed.
 */
import { epochDay } from '../dates.ts'
import { asOfFromLedger, entriesUpTo } from './asOf.ts'
import { reckoningFromLedger } from './reckoning.ts'
import { liveFacts, replayLedgerLoan } from './replay.ts'
import { displayStatus, isOutstanding, type StatusLabel } from './status.ts'
import type {
  AsOf,
  IsoDate,
  LedgerEntry,
  LedgerLoan,
  LoanLedger,
  Paise,
  Reckoning,
} from './types.ts'

export type { LedgerLoan } from './types.ts'

/** Everything the screens show about one loan as of one day. */
export interface LoanFigures {
  /** Every payment and waiver replayed, including any dated after `today`; voided ones skipped. */
  ledger: LoanLedger
  asOf: AsOf
  status: StatusLabel
  outstanding: boolean
  /**
   * max(0, amount − principal paid − principal waived), counting payments and waivers on or before
   * today. A waiver forgives the interest in the balance first, then principal.
   */
  principalRemaining: Paise
  /** The as-of balance ("Due today"). */
  totalDue: Paise
  /** totalDue − principalRemaining, so the columns always add up. */
  currentInterest: Paise
  /** Sum of all the loan's payments (voided excluded). */
  totalPaid: Paise
  /** The arithmetic that closes, as of today. */
  reckoning: Reckoning
  /** Sum of what the loan's waivers actually forgave (voided excluded). */
  waived: Paise
  /** Settled, and a waiver took part in it: shown as "Paid (settled)". */
  settledByWaiver: boolean
  /**
   * Interest charged up to the last payment or waiver by today and not paid: it was carried into
   * the balance and earns interest itself. principalRemaining + unpaidInterest + accruingInterest
   * = totalDue.
   */
  unpaidInterest: Paise
  /** Interest accrued since the last payment or waiver by today (or the start), not yet paid. */
  accruingInterest: Paise
}

/** A function from a loan and a day to its figures: `loanFigures` itself, or a cached one. */
export type FiguresOf = (loan: LedgerLoan, today: IsoDate) => LoanFigures

/** The figures of one loan as of `today`. */
export function loanFigures(loan: LedgerLoan, today: IsoDate): LoanFigures {
  const ledger = replayLedgerLoan(loan)
  const asOf = asOfFromLedger(loan, ledger, today)
  // Principal paid counts only entries by today, or a future-dated payment would shrink today's
  // principal while the as-of balance (rightly) ignores it, and the columns would not add up.
  const n = entriesUpTo(ledger, today)
  let principal = loan.amount
  for (let i = 0; i < n; i++) {
    const e = ledger.entries[i] as LedgerEntry
    if (e.waived === undefined) {
      principal -= e.principalPaid
    } else {
      // The interest in the total due goes first; only the rest of the waiver forgives principal.
      const interestPart = e.totalDue - Math.max(0, principal)
      principal -= Math.max(0, e.waived - interestPart)
    }
  }
  let totalPaid = 0
  for (const payment of liveFacts(loan.payments)) totalPaid += payment.amount
  let waived = 0
  for (const e of ledger.entries) waived += e.waived ?? 0
  const principalRemaining = Math.max(0, principal)
  const currentInterest = asOf.balance - principalRemaining
  const last = ledger.entries[n - 1]
  const accruingInterest =
    epochDay(today) < epochDay(loan.startDate)
      ? 0
      : asOf.balance - (last ? last.newBalance : loan.amount)
  return withLedgerOnDemand(loan, {
    asOf,
    status: displayStatus(loan.status, ledger.settled, loan.dueDate, today),
    outstanding: isOutstanding(loan.status, ledger.settled),
    principalRemaining,
    totalDue: asOf.balance,
    currentInterest,
    totalPaid,
    reckoning: reckoningFromLedger(loan, ledger, today),
    waived,
    settledByWaiver: ledger.settled && waived > 0,
    unpaidInterest: currentInterest - accruingInterest,
    accruingInterest,
  })
}

// The loan each figures object replays its ledger from, and the ledger once replayed.
const ledgerSources = new WeakMap<object, { loan: LedgerLoan; ledger?: LoanLedger }>()

/** `ledger`'s getter: one function for every loan's figures (see `withLedgerOnDemand`). */
function replayedLedger(this: object): LoanLedger {
  const source = ledgerSources.get(this) as { loan: LedgerLoan; ledger?: LoanLedger }
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
  ledgerSources.set(figures, { loan })
  return Object.defineProperty(figures, 'ledger', {
    enumerable: true,
    get: replayedLedger,
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
    a.dueDate === b.dueDate &&
    a.status === b.status
  )
}

/**
 * A memoised `loanFigures` for the app's immutable snapshots. Entries are keyed by loan id and
 * reused while the loan's `payments` and `waivers` arrays are the same objects (a snapshot only
 * replaces them when a fact changes), its terms are equal and the day is the same; so recording a
 * deposit replays only the loans it touched. Deleted loans leave a small entry behind until
 * `forget` is called.
 */
export function createFiguresCache(): FiguresOf & { forget(loanId: string): void } {
  const cache = new Map<string, CachedFigures>()
  const figuresOf = (loan: LedgerLoan, today: IsoDate): LoanFigures => {
    const hit = cache.get(loan.id)
    if (hit && hit.today === today && sameFacts(hit.loan, loan)) return hit.figures
    const figures = loanFigures(loan, today)
    cache.set(loan.id, { loan, today, figures })
    return figures
  }
  return Object.assign(figuresOf, { forget: (loanId: string) => void cache.delete(loanId) })
}
