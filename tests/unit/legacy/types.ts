// Frozen copy of shared/ledger/types.ts before issue 27 (commit b0fa46b): the old rule 8 and the old shapes
// (no truthful split), so the legacy oracle keeps computing what the engine computed. Do not edit.
/**
 * The ledger's vocabulary. These names and shapes are the engine's public face (see
 * `engine.ts`); the app, the server and outside checks all depend on them, so change them only
 * by adding.
 */

// The facts the old engine reads, and its words for dates, money and statuses, have kept their
// shapes word for word since: they are the engine's own declarations (types only, so the old
// engine's code and its comparison with the engine are exactly as they were).
export type {
  Actor,
  InterestType,
  IsoDate,
  Paise,
  PaymentFact,
  Reckoning,
  StoredStatus,
  VoidInfo,
  WaiverFact,
} from '../../../shared/ledger/types.ts'
import type {
  InterestType,
  IsoDate,
  Paise,
  PaymentFact,
  StoredStatus,
  WaiverFact,
} from '../../../shared/ledger/types.ts'

/** The terms of a loan that the interest maths needs. */
export interface LoanTerms {
  amount: Paise
  /** Percent, at most 2 decimals: `24`, `1.75`. */
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
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
