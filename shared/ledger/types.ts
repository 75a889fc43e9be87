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

/**
 * How unpaid interest is treated (engine notes, rule 6b): what a period's interest is computed on.
 * - `'balance'`: on principal left + interest owed, so unpaid interest earns interest (the old
 *   app's rule, and the rule of every loan that does not say otherwise);
 * - `'principal'`: on principal left only (simple interest); interest owed is kept apart and earns
 *   nothing. Payments pay it first, as under the old rule.
 *
 * Named for the base of the interest, the one thing the two rules compute differently, rather than
 * "compound" or "simple": the spec calls both simple interest (no period compounds on its own; the
 * old rule adds interest to the balance only when a payment or waiver closes a period).
 */
export type InterestOn = 'balance' | 'principal'

/** The terms of a loan that the interest maths needs. */
export interface LoanTerms {
  amount: Paise
  /** Percent, at most 2 decimals: `24`, `1.75`. */
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
  /**
   * How unpaid interest is treated (rule 6b). Absent (every loan written before issue 27) is
   * `'balance'`, the old rule, and so is any value other than `'principal'`.
   */
  interestOn?: InterestOn
  /**
   * Old dues from a paper khata: interest already due on the start date, in paise, on top of
   * `amount` (then the principal outstanding on that date). It is interest owed from the first day:
   * payments pay it first, a waiver forgives it first, and under the old rule it earns interest
   * like any unpaid interest. Absent is 0. Must be a safe integer ≥ 0 (the engine throws otherwise).
   */
  openingInterest?: Paise
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
  /** The void's own receipt as stored; none from before receipts. */
  receipt?: string
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
  /** Its deposit's receipt as stored (`receipts/receipt.ts`); none from before receipts. */
  receipt?: string
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
  /** Its receipt as stored (`receipts/receipt.ts`); none from before receipts. */
  receipt?: string
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

  // The truthful split (rule 6a), on every entry. The fields above are the old app's and keep
  // their meaning (its `interestPaid`/`principalPaid` call carried interest principal); screens,
  // receipts, statements and exports show these instead. For every entry:
  //   principalLeftBefore + interestOwedBefore = balanceBefore
  //   interestPart + principalPart + overpaid = paymentAmount
  //   principalLeft = principalLeftBefore − principalPart − principalWaived
  //   interestOwed = interestOwedBefore + interestForPeriod − interestPart − interestWaived
  //   principalLeft + interestOwed = newBalance

  /** Principal left before this entry. */
  principalLeftBefore: Paise
  /** Interest owed (charged, not yet paid nor waived) before this entry's period interest. */
  interestOwedBefore: Paise
  /**
   * The part of the payment that pays interest: min(payment, interestOwedBefore +
   * interestForPeriod). Read as paying the carried interest first, then the period's. 0 on a waiver.
   */
  interestPart: Paise
  /** The part of the payment that pays principal: at most the principal left. 0 on a waiver. */
  principalPart: Paise
  /** The part of a waiver that forgave interest owed (interest goes first). 0 on a payment. */
  interestWaived: Paise
  /** The part of a waiver that forgave principal, after all interest owed. 0 on a payment. */
  principalWaived: Paise
  /** Principal left after this entry. */
  principalLeft: Paise
  /** Interest owed after this entry. */
  interestOwed: Paise
}

/** A loan after replaying all of its payments. */
export interface LoanLedger {
  entries: LedgerEntry[]
  currentBalance: Paise
  /** The old app's label: Σ min(payment, period interest). Shown nowhere (see `totalInterestPart`). */
  totalInterestPaid: Paise
  /** The old app's label: Σ max(0, payment − period interest). Shown nowhere. */
  totalPrincipalPaid: Paise
  lastPaymentDate: IsoDate
  settled: boolean
  overpaid: Paise

  // The truthful split after every entry (rule 6a), future-dated ones included. Always:
  //   totalPrincipalPart + totalPrincipalWaived + principalLeft = amount
  //   openingInterest + totalInterestCharged = totalInterestPart + totalInterestWaived + interestOwed
  //   totalInterestPart + totalPrincipalPart + overpaid = Σ payments
  //   principalLeft + interestOwed = currentBalance

  /** Principal left after the last entry. */
  principalLeft: Paise
  /** Interest owed after the last entry (not counting interest accrued since). */
  interestOwed: Paise
  /** Σ interestForPeriod: interest charged by the entries (the terms' opening interest apart). */
  totalInterestCharged: Paise
  /** Σ interest parts: interest paid. */
  totalInterestPart: Paise
  /** Σ principal parts: principal paid. Never more than the amount lent. */
  totalPrincipalPart: Paise
  /** Σ interest forgiven by waivers. */
  totalInterestWaived: Paise
  /** Σ principal forgiven by waivers. */
  totalPrincipalWaived: Paise
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

/**
 * A loan as the app and the server hand it to the engine: its facts, payments included. Its terms
 * are `LoanTerms`' (the rule for unpaid interest and the opening interest are optional).
 */
export interface LedgerLoan extends LoanTerms {
  id: string
  personId: string
  dueDate: IsoDate
  status: StoredStatus
  /** ISO timestamp; orders loans "created first" for auto-allocate. */
  createdAt: string
  /** Voided ones included (flagged); every replay skips them. */
  payments: readonly PaymentFact[]
  /** Waivers, voided ones included (flagged); absent on loans that never had one. */
  waivers?: readonly WaiverFact[]
}
