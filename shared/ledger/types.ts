/**
 * The ledger's vocabulary. These names and shapes are the engine's public face (see
 * `engine.ts`); the app, the server and outside checks all depend on them, so change them only
 * by adding.
 */

/** A calendar date, `'YYYY-MM-DD'`. Never a `Date`: a `Date` drifts with the time zone. */
export type IsoDate = string

/** Money in integer paise (₹1 = 100 paise). Always a safe integer. */
export type Paise = number

/** How a loan's rate is quoted: percent per year, or percent per month. */
export type InterestType = 'per_annum' | 'per_month'

/** What the lender sets on the edit form. What is shown is derived (see `displayStatus`). */
export type StoredStatus = 'active' | 'overdue' | 'defaulted' | 'paid'

/** The terms of a loan that the interest maths needs. */
export interface LoanTerms {
  amount: Paise
  /** Percent, at most 2 decimals: `24`, `1.75`. */
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
}

/** A payment as recorded: a fact, never edited in place. */
export interface PaymentFact {
  id: string
  date: IsoDate
  amount: Paise
  description?: string
  /** ISO timestamp of when it was recorded; breaks ties between payments on one date. */
  createdAt: string
}

/** One replayed payment: everything the payment-history table shows. */
export interface LedgerEntry {
  paymentId: string
  depositDate: IsoDate
  daysSinceLast: number
  balanceBefore: Paise
  interestForPeriod: Paise
  totalDue: Paise
  paymentAmount: Paise
  interestPaid: Paise
  principalPaid: Paise
  newBalance: Paise
  overpaid: Paise
  cumulativeInterest: Paise
  notes: string
  description?: string
}

/** A loan after replaying all of its payments. */
export interface LoanLedger {
  entries: LedgerEntry[]
  currentBalance: Paise
  totalInterestPaid: Paise
  totalPrincipalPaid: Paise
  lastPaymentDate: IsoDate
  settled: boolean
  overpaid: Paise
}

/** A loan's figures as of one day. */
export interface AsOf {
  principal: Paise
  interestAccrued: Paise
  totalAmount: Paise
  totalPaid: Paise
  balance: Paise
  isOverpaid: boolean
}
