// Frozen copy of shared/ledger/types.ts before issue 27 (commit b0fa46b): the old rule 8 and the old shapes
// (no truthful split), so the legacy oracle keeps computing what the engine computed. Do not edit.
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

/** Who made a change (history only; never trusted for money). account = the lender's email. */
export interface Actor {
  account: string
  device: string
}

/** Present on a payment or waiver that was voided (and not un-voided). */
export interface VoidInfo {
  voidId: string
  reason: string
  /** ISO timestamp of the void. */
  at: string
  by?: Actor
}

/** A payment as recorded: a fact, never edited in place. */
export interface PaymentFact {
  id: string
  date: IsoDate
  amount: Paise
  description?: string
  /** ISO timestamp of when it was recorded; breaks ties between payments on one date. */
  createdAt: string
  /** Set when the payment was voided: every replay skips it, the history strikes it through. */
  voided?: VoidInfo
  /** Who recorded it (history only). */
  createdBy?: Actor
}

/** The lender forgives part or all of what is due on a loan, on a date. */
export interface WaiverFact {
  id: string
  date: IsoDate
  amount: Paise
  note?: string
  /** ISO timestamp of when it was recorded; orders it among the loan's payments and waivers. */
  createdAt: string
  /** Set when the waiver was voided: every replay skips it. */
  voided?: VoidInfo
  /** Who recorded it (history only). */
  createdBy?: Actor
}

/** The arithmetic that closes: lent + interest − (paid − overpaid) − waived = due. */
export interface Reckoning {
  /** Loan amounts. */
  lent: Paise
  /** All interest charged from the start to the day, paid or not ("Interest so far"). */
  interest: Paise
  /** Payments made by the day (voided excluded). */
  paid: Paise
  /** Of which beyond what was due. */
  overpaid: Paise
  /** Waived by the day (voided waivers excluded). */
  waived: Paise
  /** Due on the day ("Due today"). */
  due: Paise
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
  /** Only on a waiver's entry: the waiver's id (also in `paymentId`, so keys stay unique). */
  waiverId?: string
  /** Only on a waiver's entry: what it actually waived, at most the total due at that point. */
  waived?: Paise
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

/** A loan as the app and the server hand it to the engine: its facts, payments included. */
export interface LedgerLoan {
  id: string
  personId: string
  amount: Paise
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
  dueDate: IsoDate
  status: StoredStatus
  /** ISO timestamp; orders loans "created first" for auto-allocate. */
  createdAt: string
  /** Voided ones included (flagged); every replay skips them. */
  payments: readonly PaymentFact[]
  /** Waivers, voided ones included (flagged); absent on loans that never had one. */
  waivers?: readonly WaiverFact[]
}
