// Frozen copy of shared/ledger/asOf.ts before issue 11 (commit 3c05d9e): the oracle of the
// no-voids-no-waivers property in ledger.compat.properties.test.ts. Do not edit.
/**
 * A loan's figures as of one day (engine notes, rule 7).
 */
import { epochDay } from '../../../shared/dates.ts'
import { interestAt, yearlyHundredths } from './interest.ts'
import { replayLoan } from './replay.ts'
import type { AsOf, IsoDate, LedgerEntry, LoanLedger, LoanTerms, PaymentFact } from './types.ts'

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
 */
export function asOfFromLedger(terms: LoanTerms, ledger: LoanLedger, asOf: IsoDate): AsOf {
  const { amount, startDate } = terms
  const perYear = yearlyHundredths(terms.interestRate, terms.interestType)
  const isOverpaid = ledger.overpaid > 0
  const t = epochDay(asOf)
  const start = epochDay(startDate)
  if (t < start) {
    return {
      principal: amount,
      interestAccrued: 0,
      totalAmount: amount,
      totalPaid: 0,
      balance: amount,
      isOverpaid,
    }
  }
  const n = entriesUpTo(ledger, asOf)
  const last = ledger.entries[n - 1]
  if (!last) {
    const interest = interestAt(amount, perYear, t - start)
    return {
      principal: amount,
      interestAccrued: interest,
      totalAmount: amount + interest,
      totalPaid: 0,
      balance: amount + interest,
      isOverpaid,
    }
  }
  // As in the replay, interest runs from the later of the start and the last payment.
  const days = t - Math.max(start, epochDay(last.depositDate))
  const extra = interestAt(last.newBalance, perYear, days)
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

/** A loan's principal, interest accrued, total, paid and balance as of the day `asOf`. */
export function loanAsOf(terms: LoanTerms, payments: readonly PaymentFact[], asOf: IsoDate): AsOf {
  return asOfFromLedger(terms, replayLoan(terms, payments), asOf)
}
