// Frozen copy of shared/ledger/figures.ts before issue 11 (commit 3c05d9e): the oracle of the
// no-voids-no-waivers property in ledger.compat.properties.test.ts. Do not edit.
/**
 * One loan's figures for the dashboard, person and deposit pages (engine notes, rules 9 and 10),
 * and a cache that lets the app recompute only the loan that changed.
 */
import { asOfFromLedger, entriesUpTo, loanAsOf } from './asOf.ts'
import { replayLoan } from './replay.ts'
import { displayStatus, isOutstanding, type StatusLabel } from './status.ts'
import type {
  AsOf,
  IsoDate,
  LedgerEntry,
  LoanLedger,
  Paise,
  LedgerLoan as LoanWithWaivers,
} from './types.ts'

/**
 * A loan as the app and the server hand it to the engine: its facts, payments included. (The
 * same declaration as in types.ts, from before waivers.)
 */
export type LedgerLoan = Omit<LoanWithWaivers, 'waivers'>

/** Everything the screens show about one loan as of one day. */
export interface LoanFigures {
  /** Every payment replayed, including any dated after `today`. */
  ledger: LoanLedger
  asOf: AsOf
  status: StatusLabel
  outstanding: boolean
  /** max(0, amount − principal paid by payments on or before today). */
  principalRemaining: Paise
  /** The as-of balance. */
  totalDue: Paise
  /** totalDue − principalRemaining, so the columns always add up. */
  currentInterest: Paise
  /** Sum of all the loan's payments. */
  totalPaid: Paise
}

/** A function from a loan and a day to its figures: `loanFigures` itself, or a cached one. */
export type FiguresOf = (loan: LedgerLoan, today: IsoDate) => LoanFigures

/** The figures of one loan as of `today`. */
export function loanFigures(loan: LedgerLoan, today: IsoDate): LoanFigures {
  const ledger = replayLoan(loan, loan.payments)
  const asOf = asOfFromLedger(loan, ledger, today)
  // Principal paid counts only payments made by today, or a future-dated payment would shrink
  // today's principal while the as-of balance (rightly) ignores it, and the columns would not add up.
  const n = entriesUpTo(ledger, today)
  let principalPaid = 0
  for (let i = 0; i < n; i++) principalPaid += (ledger.entries[i] as LedgerEntry).principalPaid
  let totalPaid = 0
  for (const payment of loan.payments) totalPaid += payment.amount
  const principalRemaining = Math.max(0, loan.amount - principalPaid)
  return {
    ledger,
    asOf,
    status: displayStatus(loan.status, ledger.settled, loan.dueDate, today),
    outstanding: isOutstanding(loan.status, ledger.settled),
    principalRemaining,
    totalDue: asOf.balance,
    currentInterest: asOf.balance - principalRemaining,
    totalPaid,
  }
}

/** The deposit page's balance due: the as-of balance on the deposit date. Pay Full uses exactly this. */
export function balanceDue(loan: LedgerLoan, date: IsoDate): Paise {
  return loanAsOf(loan, loan.payments, date).balance
}

interface CachedFigures {
  loan: LedgerLoan
  today: IsoDate
  figures: LoanFigures
}

/** Whether two snapshots of a loan give the same figures: same payments array, same terms. */
function sameFacts(a: LedgerLoan, b: LedgerLoan): boolean {
  return (
    a.payments === b.payments &&
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
 * reused while the loan's `payments` array is the same object (a snapshot only replaces it when a
 * payment changes), its terms are equal and the day is the same; so recording a deposit replays
 * only the loans it touched. Deleted loans leave a small entry behind until `forget` is called.
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
