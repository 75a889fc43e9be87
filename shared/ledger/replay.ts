/**
 * Replaying a loan's payments (and waivers) into its ledger (engine notes, rules 5 and 6).
 */
import { epochDay } from '../dates.ts'
import { interestAt, onPrincipalOnly, openingInterestOf, yearlyHundredths } from './interest.ts'
import type {
  LedgerEntry,
  LedgerLoan,
  LoanLedger,
  LoanTerms,
  PaymentFact,
  WaiverFact,
} from './types.ts'

/** Anything replayed: ordered by date, then createdAt, then id. */
interface Dated {
  id: string
  date: string
  createdAt: string
}

/** Replay order: date, then createdAt, then id, compared as plain strings (no locale). */
export function comparePayments(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The facts in replay order; the same array when it is already in order (the common case). */
export function inReplayOrder<T extends Dated>(facts: readonly T[]): readonly T[] {
  for (let i = 1; i < facts.length; i++) {
    if (comparePayments(facts[i - 1] as T, facts[i] as T) > 0) {
      return [...facts].sort(comparePayments)
    }
  }
  return facts
}

/** The facts that were not voided; the same array when none was (the common case). */
export function liveFacts<T extends { voided?: unknown }>(facts: readonly T[]): readonly T[] {
  return facts.some((f) => f.voided !== undefined)
    ? facts.filter((f) => f.voided === undefined)
    : facts
}

/**
 * Replays every payment and waiver of a loan, in replay order, from balance = amount (plus any
 * opening interest) on the start date. Voided payments and waivers are skipped, as if never
 * recorded.
 *
 * A payment dated before the start date counts 0 days, and interest never accrues before the
 * start: the next period runs from whichever is later, the start or the previous entry.
 *
 * A waiver reduces the total due like a payment but pays nothing: its entry has `paymentAmount`
 * 0 and `waived` = min(amount, total due), so a waiver that became too large (two devices waived
 * while apart) forgives only what was due and the arithmetic still closes. Without waivers and
 * voids the result is exactly what the engine always gave.
 *
 * Alongside the old app's fields every entry carries the truthful split (rule 6a): the replay
 * keeps principal left and interest owed, whose sum is always the old `balance`. A period adds its
 * interest to interest owed; a payment pays interest owed first, then principal left, and the
 * rest is overpaid; a waiver forgives interest owed first, then principal left. Under the old rule
 * (`interestOn` absent or `'balance'`) a period's interest is on their sum, so the balance path,
 * and every old field, is exactly the old app's; under simple interest (`'principal'`) it is on
 * principal left only (rule 6b), and the old fields follow that balance path with the old
 * formulas.
 */
export function replayLoan(
  terms: LoanTerms,
  payments: readonly PaymentFact[],
  waivers: readonly WaiverFact[] = [],
): LoanLedger {
  const { amount, startDate } = terms
  const perYear = yearlyHundredths(terms.interestRate, terms.interestType)
  const simple = onPrincipalOnly(terms)
  const entries: LedgerEntry[] = []
  // Invariant: balance === principalLeft + interestOwed.
  let principalLeft = amount
  let interestOwed = openingInterestOf(terms)
  let balance = principalLeft + interestOwed
  let accrualFrom = epochDay(startDate)
  let cumulativeInterest = 0
  let totalPrincipalPaid = 0
  let overpaidTotal = 0
  let totalInterestCharged = 0
  let totalInterestPart = 0
  let totalPrincipalPart = 0
  let totalInterestWaived = 0
  let totalPrincipalWaived = 0
  const ps = inReplayOrder(liveFacts(payments))
  const ws = waivers.length === 0 ? waivers : inReplayOrder(liveFacts(waivers))
  // Merge the two ordered lists as we go (a payment first on a full tie); no list is built.
  for (let i = 0, j = 0; i < ps.length || j < ws.length;) {
    const p = ps[i]
    const w = ws[j]
    const waiver = p === undefined || (w !== undefined && comparePayments(w, p) < 0)
    const fact = (waiver ? w : p) as PaymentFact | WaiverFact
    if (waiver) j++
    else i++
    const day = epochDay(fact.date)
    const days = Math.max(0, day - accrualFrom)
    const interest = interestAt(simple ? principalLeft : balance, perYear, days)
    const totalDue = balance + interest
    const owed = interestOwed + interest
    const before = { principalLeftBefore: principalLeft, interestOwedBefore: interestOwed }
    totalInterestCharged += interest
    let entry: LedgerEntry
    if (waiver) {
      const waived = Math.min(fact.amount, totalDue)
      const interestWaived = Math.min(waived, owed)
      const principalWaived = waived - interestWaived
      totalInterestWaived += interestWaived
      totalPrincipalWaived += principalWaived
      const { note: text } = fact as WaiverFact
      const note = text?.trim() ? text : undefined
      entry = {
        paymentId: fact.id,
        depositDate: fact.date,
        daysSinceLast: days,
        balanceBefore: balance,
        interestForPeriod: interest,
        totalDue,
        paymentAmount: 0,
        interestPaid: 0,
        principalPaid: 0,
        newBalance: totalDue - waived,
        overpaid: 0,
        cumulativeInterest,
        notes: note ?? 'Waiver',
        ...(note !== undefined && { description: note }),
        waiverId: fact.id,
        waived,
        ...before,
        interestPart: 0,
        principalPart: 0,
        interestWaived,
        principalWaived,
        principalLeft: principalLeft - principalWaived,
        interestOwed: owed - interestWaived,
      }
    } else {
      const paid = fact.amount
      const interestPaid = Math.min(paid, interest)
      const principalPaid = Math.max(0, paid - interest)
      const overpaid = Math.max(0, paid - totalDue)
      const interestPart = Math.min(paid, owed)
      const principalPart = Math.min(paid - interestPart, principalLeft)
      cumulativeInterest += interestPaid
      totalPrincipalPaid += principalPaid
      overpaidTotal += overpaid
      totalInterestPart += interestPart
      totalPrincipalPart += principalPart
      const { description: text } = fact as PaymentFact
      const description = text?.trim() ? text : undefined
      entry = {
        paymentId: fact.id,
        depositDate: fact.date,
        daysSinceLast: days,
        balanceBefore: balance,
        interestForPeriod: interest,
        totalDue,
        paymentAmount: paid,
        interestPaid,
        principalPaid,
        newBalance: Math.max(0, totalDue - paid),
        overpaid,
        cumulativeInterest,
        notes: description ?? (paid >= totalDue ? 'Full Payment' : 'Partial Payment'),
        ...(description !== undefined && { description }),
        ...before,
        interestPart,
        principalPart,
        interestWaived: 0,
        principalWaived: 0,
        principalLeft: principalLeft - principalPart,
        interestOwed: owed - interestPart,
      }
    }
    entries.push(entry)
    balance = entry.newBalance
    principalLeft = entry.principalLeft
    interestOwed = entry.interestOwed
    accrualFrom = Math.max(accrualFrom, day)
  }
  const last = entries[entries.length - 1]
  let lastPayment: LedgerEntry | undefined
  for (let i = entries.length - 1; i >= 0 && lastPayment === undefined; i--) {
    if ((entries[i] as LedgerEntry).waiverId === undefined) lastPayment = entries[i]
  }
  return {
    entries,
    currentBalance: balance,
    totalInterestPaid: cumulativeInterest,
    totalPrincipalPaid,
    lastPaymentDate: lastPayment ? lastPayment.depositDate : startDate,
    // Interest on a zero balance is zero, so once a payment clears the loan it stays cleared.
    settled: last !== undefined && balance === 0,
    overpaid: overpaidTotal,
    principalLeft,
    interestOwed,
    totalInterestCharged,
    totalInterestPart,
    totalPrincipalPart,
    totalInterestWaived,
    totalPrincipalWaived,
  }
}

/** `replayLoan` of all of a loan's facts: its payments and its waivers. */
export function replayLedgerLoan(loan: LedgerLoan): LoanLedger {
  return replayLoan(loan, loan.payments, loan.waivers ?? [])
}
