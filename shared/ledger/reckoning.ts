/**
 * The reckoning: the figures of a loan on one day that add up, so every summary can show its
 * arithmetic. lent + interest − (paid − overpaid) − waived = due holds exactly, because each
 * replayed entry moves the balance by interest − payment + overpaid − waived and nothing else.
 */
import { epochDay } from '../dates.ts'
import { entriesUpTo } from './asOf.ts'
import { interestAt, yearlyHundredths } from './interest.ts'
import { replayLedgerLoan } from './replay.ts'
import type { IsoDate, LedgerEntry, LedgerLoan, LoanLedger, LoanTerms, Reckoning } from './types.ts'

/** A reckoning of nothing: the start of a sum. */
export const NO_RECKONING: Readonly<Reckoning> = Object.freeze({
  lent: 0,
  interest: 0,
  paid: 0,
  overpaid: 0,
  waived: 0,
  due: 0,
})

/**
 * The reckoning on `day` from an already replayed ledger. Before the start nothing has happened
 * yet (as in `loanAsOf`): lent = due = amount. From the start on, `interest` is every period's
 * interest up to the last entry on or before `day` plus what has accrued since, and `due` is the
 * as-of balance (`loanAsOf(...).balance`).
 */
export function reckoningFromLedger(terms: LoanTerms, ledger: LoanLedger, day: IsoDate): Reckoning {
  const { amount } = terms
  const t = epochDay(day)
  const start = epochDay(terms.startDate)
  if (t < start) return { ...NO_RECKONING, lent: amount, due: amount }
  const n = entriesUpTo(ledger, day)
  let interest = 0
  let paid = 0
  let overpaid = 0
  let waived = 0
  for (let i = 0; i < n; i++) {
    const e = ledger.entries[i] as LedgerEntry
    interest += e.interestForPeriod
    paid += e.paymentAmount
    overpaid += e.overpaid
    waived += e.waived ?? 0
  }
  const last = ledger.entries[n - 1]
  const balance = last ? last.newBalance : amount
  const from = last ? Math.max(start, epochDay(last.depositDate)) : start
  const extra = interestAt(
    balance,
    yearlyHundredths(terms.interestRate, terms.interestType),
    t - from,
  )
  return { lent: amount, interest: interest + extra, paid, overpaid, waived, due: balance + extra }
}

/** One loan's reckoning on `day`, from all of its facts. */
export function loanReckoning(loan: LedgerLoan, day: IsoDate): Reckoning {
  return reckoningFromLedger(loan, replayLedgerLoan(loan), day)
}

/** Field-by-field sum of reckonings (a person's, the dashboard's). */
export function sumReckonings(reckonings: Iterable<Reckoning>): Reckoning {
  const total = { ...NO_RECKONING }
  for (const r of reckonings) {
    total.lent += r.lent
    total.interest += r.interest
    total.paid += r.paid
    total.overpaid += r.overpaid
    total.waived += r.waived
    total.due += r.due
  }
  return total
}
