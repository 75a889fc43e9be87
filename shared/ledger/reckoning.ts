/**
 * The reckoning: the figures of a loan on one day that add up, so every summary can show its
 * arithmetic. lent + interest − (paid − overpaid) − waived = due holds exactly, because each
 * replayed entry moves the balance by interest − payment + overpaid − waived and nothing else.
 */
import { positionFromLedger, type LoanPosition } from './position.ts'
import { replayLedgerLoan } from './replay.ts'
import type { IsoDate, LedgerLoan, LoanLedger, LoanTerms, Reckoning } from './types.ts'

/** A reckoning of nothing: the start of a sum. */
export const NO_RECKONING: Readonly<Reckoning> = Object.freeze({
  lent: 0,
  interest: 0,
  paid: 0,
  overpaid: 0,
  waived: 0,
  due: 0,
})

/** The reckoning of a position: the same day's figures, waivers in one line. */
export function reckoningOfPosition(position: LoanPosition): Reckoning {
  return {
    lent: position.lent,
    interest: position.interestCharged,
    paid: position.paid,
    overpaid: position.overpaid,
    waived: position.interestWaived + position.principalWaived,
    due: position.due,
  }
}

/**
 * The reckoning on `day` from an already replayed ledger. Before the start nothing has happened
 * yet (as in `loanAsOf`): lent = amount and due = amount (+ any opening interest, which counts in
 * `interest`). From the start on, `interest` is the opening interest, every period's interest up
 * to the last entry on or before `day` and what has accrued since, and `due` is the as-of balance
 * (`loanAsOf(...).balance`).
 */
export function reckoningFromLedger(terms: LoanTerms, ledger: LoanLedger, day: IsoDate): Reckoning {
  return reckoningOfPosition(positionFromLedger(terms, ledger, day))
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
