/**
 * What a change of a loan's terms does before it is saved (issue 27, harm 6): editing the amount,
 * the rate, the rule for unpaid interest, the old dues or the start date replays every payment
 * already recorded, so the screen shows the lender the due today before and after, and each
 * payment whose split (interest, principal, overpaid) would change, and asks.
 */
import { positionFromLedger } from './position.ts'
import { liveFacts, replayLedgerLoan, replayLoan } from './replay.ts'
import type { IsoDate, LedgerEntry, LedgerLoan, LoanTerms, Paise } from './types.ts'

/** One payment's split (rule 6a). */
export interface PaymentSplitParts {
  interest: Paise
  principal: Paise
  overpaid: Paise
}

/** A recorded payment whose split the change would move. */
export interface ChangedSplit {
  paymentId: string
  date: IsoDate
  amount: Paise
  before: PaymentSplitParts
  after: PaymentSplitParts
}

/** The effect of new terms on a loan, as of one day. */
export interface TermsChangePreview {
  /** Due today under the stored terms. */
  dueBefore: Paise
  /** Due today under the new terms, every recorded payment and waiver replayed on them. */
  dueAfter: Paise
  /** Recorded payments (voided ones left out). */
  payments: number
  /** Of those, the ones whose split changes, in replay order. */
  changed: ChangedSplit[]
  /** Whether anything a lender sees of the loan's money changes: the due or any split. */
  changesFigures: boolean
}

/** Whether a change of these terms can move figures (the due date, a note or a label cannot). */
export function changesMoneyTerms(loan: LoanTerms, terms: Partial<LoanTerms>): boolean {
  return (
    (terms.amount !== undefined && terms.amount !== loan.amount) ||
    (terms.interestRate !== undefined && terms.interestRate !== loan.interestRate) ||
    (terms.interestType !== undefined && terms.interestType !== loan.interestType) ||
    (terms.startDate !== undefined && terms.startDate !== loan.startDate) ||
    ('interestOn' in terms && ruleOf(terms) !== ruleOf(loan)) ||
    ('openingInterest' in terms && (terms.openingInterest ?? 0) !== (loan.openingInterest ?? 0))
  )
}

function ruleOf(terms: Partial<LoanTerms>): 'balance' | 'principal' {
  return terms.interestOn === 'principal' ? 'principal' : 'balance'
}

function split(entry: LedgerEntry): PaymentSplitParts {
  return { interest: entry.interestPart, principal: entry.principalPart, overpaid: entry.overpaid }
}

/**
 * Replays the loan's facts on its stored terms and on `terms` (the stored ones overridden by
 * those given; `interestOn: undefined` is the old rule), and says what differs as of `today`.
 */
export function previewTermsChange(
  loan: LedgerLoan,
  terms: Partial<LoanTerms>,
  today: IsoDate,
): TermsChangePreview {
  const edited: LedgerLoan = { ...loan, ...terms }
  const before = replayLedgerLoan(loan)
  const after = replayLoan(edited, loan.payments, loan.waivers ?? [])
  const afterById = new Map<string, LedgerEntry>()
  for (const entry of after.entries) {
    if (entry.waiverId === undefined) afterById.set(entry.paymentId, entry)
  }
  const changed: ChangedSplit[] = []
  for (const entry of before.entries) {
    if (entry.waiverId !== undefined) continue
    const next = afterById.get(entry.paymentId)
    if (!next) continue
    const was = split(entry)
    const now = split(next)
    if (was.interest !== now.interest || was.principal !== now.principal) {
      changed.push({
        paymentId: entry.paymentId,
        date: entry.depositDate,
        amount: entry.paymentAmount,
        before: was,
        after: now,
      })
    }
  }
  const dueBefore = positionFromLedger(loan, before, today).due
  const dueAfter = positionFromLedger(edited, after, today).due
  return {
    dueBefore,
    dueAfter,
    payments: liveFacts(loan.payments).length,
    changed,
    changesFigures: dueBefore !== dueAfter || changed.length > 0,
  }
}
