/**
 * Settling amounts and payoff quotes (engine notes, rule 10): what one more payment on a date must
 * be for the loan to owe nothing, given every fact it has, earlier and later.
 *
 * Why a search: a payment on D changes the interest of every later period and how much of each
 * later payment is needed, so the amount cannot be read off one balance. But the balance due on
 * any later day is monotone (never increasing) in the amount paid on D: each step of the replay
 * (interest rounded half up, max(0, due − payment), due − min(waiver, due)) is monotone in the
 * balance it starts from. So a binary search over whole paise finds the exact smallest amount.
 *
 * Both rules of 6b keep this (issue 27). The replay's state is the pair (principal left, interest
 * owed), and every step is monotone in each of the two: a period adds interest rounded half up on
 * their sum (old rule) or on principal left (simple interest), never less for more; a payment Q
 * leaves interest owed max(0, owed − Q) and principal left max(0, principal − max(0, Q − owed)),
 * neither more for a larger principal or owed (the two branches meet at Q = owed); a waiver is the
 * same with min(W, due). Paying more on D leaves both no larger right after it, so both, and their
 * sum the balance due, stay no larger on every later day. Opening interest only sets the start.
 *
 * The search runs over safe integers only, and halves its range each step from a midpoint that is
 * exact there, so it ends within 53 steps whatever the loan holds. Past 2^53 paise (a loan near
 * the form's highest rate for centuries) whole paise are no longer numbers apart: `lo + 1` can be
 * `lo` again, and the search once never ended. There the upper bound, which settles, is the answer.
 */
import { asOfFromLedger } from './asOf.ts'
import { replayLoan } from './replay.ts'
import type { IsoDate, LedgerLoan, Paise, PaymentFact } from './types.ts'

// Sorts after every real createdAt and id, so the probe replays after every fact already on its
// date: it is the payment the lender records now.
const LAST = '\uffff'

/** The loan's payments plus one more of `amount` on `date`, recorded after everything on that date. */
export function withPaymentOn(loan: LedgerLoan, date: IsoDate, amount: Paise): PaymentFact[] {
  return [...loan.payments, { id: LAST, date, amount, createdAt: LAST }]
}

/** Balance due on `day` once `amount` more is paid on `date`. */
function dueAfter(loan: LedgerLoan, date: IsoDate, amount: Paise, day: IsoDate): Paise {
  const ledger = replayLoan(loan, withPaymentOn(loan, date, amount), loan.waivers ?? [])
  return asOfFromLedger(loan, ledger, day).balance
}

/**
 * Smallest amount that, recorded on `date` after every fact already on that date, leaves the loan
 * due 0 on max(date, today) given all facts (earlier and later). 0 when already settled, otherwise
 * at least one paisa. For a date before the loan's start (which the forms refuse) it is everything
 * due at that point.
 */
export function settlingAmount(loan: LedgerLoan, date: IsoDate, today: IsoDate): Paise {
  const day = date > today ? date : today
  // What the new payment would face: the balance plus interest up to `date`, after every fact on
  // or before it. Paying that leaves 0, and 0 stays 0 whatever comes later: an upper bound.
  const probe = replayLoan(loan, withPaymentOn(loan, date, 0), loan.waivers ?? [])
  const entry = probe.entries.find((e) => e.paymentId === LAST)
  const most = entry ? entry.totalDue : 0
  if (most === 0 || day < loan.startDate || !Number.isSafeInteger(most)) return most
  // Settled by its own facts: nothing more is needed. Otherwise the least payment is one paisa, not
  // 0: a zero payment is no payment, yet replaying one would split an interest period in two, and
  // rounding each half can leave a different balance than the loan really has.
  const asItStands = asOfFromLedger(loan, replayLoan(loan, loan.payments, loan.waivers ?? []), day)
  if (asItStands.balance === 0) return 0
  if (most > 1 && dueAfter(loan, date, most - 1, day) === 0) {
    let lo = 1
    let hi = most - 1
    // Invariant: dueAfter(hi) === 0, and every amount below lo leaves something due.
    while (lo < hi) {
      // Not (lo + hi) / 2: near 2^53 that sum is rounded.
      const mid = lo + Math.floor((hi - lo) / 2)
      if (dueAfter(loan, date, mid, day) === 0) hi = mid
      else lo = mid + 1
    }
    return hi
  }
  return most
}

/** "To close all loans on `date`": per loan and total (date ≥ today; a past date is refused by callers). */
export function payoffQuote(
  loans: readonly LedgerLoan[],
  date: IsoDate,
  today: IsoDate,
): { loans: { loanId: string; amount: Paise }[]; total: Paise } {
  const quoted = loans.map((loan) => ({
    loanId: loan.id,
    amount: settlingAmount(loan, date, today),
  }))
  return { loans: quoted, total: quoted.reduce((sum, q) => sum + q.amount, 0) }
}
