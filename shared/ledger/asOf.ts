/**
 * A loan's figures as of one day (engine notes, rule 7).
 */
import { epochDay } from '../dates.ts'
import { interestAt, interestBase, openingInterestOf, yearlyHundredths } from './interest.ts'
import { replayLoan } from './replay.ts'
import type {
  AsOf,
  IsoDate,
  LedgerEntry,
  LoanLedger,
  LoanTerms,
  PaymentFact,
  WaiverFact,
} from './types.ts'

/** How many replayed entries are dated on or before `day` (entries are in date order). */
export function entriesUpTo(ledger: LoanLedger, day: IsoDate): number {
  let n = ledger.entries.length
  // Scan from the end: `day` is usually today, on or after every payment.
  while (n > 0 && (ledger.entries[n - 1] as LedgerEntry).depositDate > day) n--
  return n
}

/**
 * `loanAsOf` from an already replayed ledger, so a caller that needs both replays once.
 * `isOverpaid` looks at every replayed payment, as the ledger does, not only those up to `asOf`.
 *
 * With no opening interest and the old rule these are exactly the old app's figures. Opening
 * interest (old dues from paper) is in `balance` from the start date on, and before it (a day the
 * forms never ask about) the loan stands as it entered the book: amount + opening interest. Under
 * simple interest the interest since the last entry is on principal left only. Of these fields
 * only `balance` is shown (as "Due today"); the others keep the old app's meaning, so after a
 * payment `interestAccrued` is the old split's interest paid plus the accruing interest, which the
 * opening interest is not part of. The truthful figures are `loanPosition`'s.
 */
export function asOfFromLedger(terms: LoanTerms, ledger: LoanLedger, asOf: IsoDate): AsOf {
  const { amount, startDate } = terms
  const perYear = yearlyHundredths(terms.interestRate, terms.interestType)
  const opening = openingInterestOf(terms)
  const isOverpaid = ledger.overpaid > 0
  const t = epochDay(asOf)
  const start = epochDay(startDate)
  if (t < start) {
    return {
      principal: amount,
      interestAccrued: opening,
      totalAmount: amount + opening,
      totalPaid: 0,
      balance: amount + opening,
      isOverpaid,
    }
  }
  const n = entriesUpTo(ledger, asOf)
  const last = ledger.entries[n - 1]
  if (!last) {
    const interest = interestAt(interestBase(terms, amount, opening), perYear, t - start)
    return {
      principal: amount,
      interestAccrued: opening + interest,
      totalAmount: amount + opening + interest,
      totalPaid: 0,
      balance: amount + opening + interest,
      isOverpaid,
    }
  }
  // As in the replay, interest runs from the later of the start and the last payment.
  const days = t - Math.max(start, epochDay(last.depositDate))
  const extra = interestAt(
    interestBase(terms, last.principalLeft, last.interestOwed),
    perYear,
    days,
  )
  let totalPaid = 0
  for (let i = 0; i < n; i++) totalPaid += (ledger.entries[i] as LedgerEntry).paymentAmount
  const interestAccrued = last.cumulativeInterest + extra
  return {
    principal: amount,
    interestAccrued,
    totalAmount: amount + interestAccrued,
    totalPaid,
    balance: last.newBalance + extra,
    isOverpaid,
  }
}

/**
 * A loan's principal, interest accrued, total, paid and balance as of the day `asOf`. Voided
 * payments are skipped; waivers (optional, for loans that have them) lower the balance.
 */
export function loanAsOf(
  terms: LoanTerms,
  payments: readonly PaymentFact[],
  asOf: IsoDate,
  waivers: readonly WaiverFact[] = [],
): AsOf {
  return asOfFromLedger(terms, replayLoan(terms, payments, waivers), asOf)
}
