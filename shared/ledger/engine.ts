/**
 * The ledger engine's public face: what the app, the server and outside checks import. The
 * contract is `/work/shared/engine-notes.md` (spec section 9 in short). The engine is pure: it
 * never reads the clock, so every "today" is an argument.
 */
export type {
  AsOf,
  InterestType,
  IsoDate,
  LedgerEntry,
  LoanLedger,
  LoanTerms,
  Paise,
  PaymentFact,
  StoredStatus,
} from './types.ts'
export { periodInterest, rateHundredths } from './interest.ts'
export { comparePayments, replayLoan } from './replay.ts'
export { loanAsOf } from './asOf.ts'
export { displayStatus, isOutstanding, type StatusLabel } from './status.ts'
export {
  balanceDue,
  createFiguresCache,
  loanFigures,
  type FiguresOf,
  type LedgerLoan,
  type LoanFigures,
} from './figures.ts'
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
