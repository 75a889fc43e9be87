/**
 * The ledger engine's public face: what the app, the server and outside checks import. The
 * contract is `/work/shared/engine-notes.md` (spec section 9 in short). The engine is pure: it
 * never reads the clock, so every "today" is an argument.
 *
 * A loan's facts are its terms, its payments and its waivers; a voided payment or waiver stays in
 * the facts, flagged, and every replay skips it. For a loan with no voids and no waivers every
 * figure is exactly what it always was. On top of the replay: `settlingAmount` (Pay Full, seeing
 * every fact, earlier and later), `payoffQuote`, `previewDeposit`, `validateWaiver`, and the
 * `Reckoning`, whose lent + interest − (paid − overpaid) − waived = due closes on every day.
 */
export type {
  Actor,
  AsOf,
  InterestType,
  IsoDate,
  LedgerEntry,
  LedgerLoan,
  LoanLedger,
  LoanTerms,
  Paise,
  PaymentFact,
  Reckoning,
  StoredStatus,
  VoidInfo,
  WaiverFact,
} from './types.ts'
export { periodInterest, rateHundredths } from './interest.ts'
export { comparePayments, replayLedgerLoan, replayLoan } from './replay.ts'
export { loanAsOf } from './asOf.ts'
export { displayStatus, isOutstanding, type StatusLabel } from './status.ts'
export {
  balanceDue,
  createFiguresCache,
  loanFigures,
  type FiguresOf,
  type LoanFigures,
} from './figures.ts'
export { loanReckoning, NO_RECKONING, reckoningFromLedger, sumReckonings } from './reckoning.ts'
export { payoffQuote, settlingAmount } from './settle.ts'
export { previewDeposit, type DepositPreviewLine } from './preview.ts'
export { validateWaiver, waiverMessages, type WaiverReason } from './waiver.ts'
export {
  attentionOf,
  compareAttention,
  DUE_SOON_DAYS,
  nextDueDate,
  NO_ATTENTION,
  overdueLoans,
  personAttention,
  type Attention,
  type OverdueLoan,
} from './attention.ts'
export {
  compareRows,
  createDashboardCache,
  dashboardFromRows,
  dashboardRow,
  summarizeDashboard,
  summarizePerson,
  withDashboardRow,
  type CachedDashboard,
  type DashboardPerson,
  type DashboardRow,
  type DashboardSummary,
  type PersonSummary,
} from './summary.ts'
export {
  autoAllocate,
  depositMessages,
  validateDeposit,
  type Allocation,
  type DepositInput,
  type DepositReason,
} from './deposit.ts'
