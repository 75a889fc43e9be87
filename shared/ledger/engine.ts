/**
 * The ledger engine's public face: what the app, the server and outside checks import. The
 * contract is `/work/shared/engine-notes.md` (spec section 9 in short). The engine is pure: it
 * never reads the clock, so every "today" is an argument.
 *
 * A loan's facts are its terms, its payments and its waivers; a voided payment or waiver stays in
 * the facts, flagged, and every replay skips it. For a loan with no voids and no waivers, under the
 * old rule, every field the replay and `loanAsOf` always had is exactly what it always was. On top
 * of the replay: `settlingAmount` (Pay Full, seeing every fact, earlier and later), `payoffQuote`,
 * `previewDeposit`, `validateWaiver`, and the `Reckoning`, whose lent + interest − (paid −
 * overpaid) − waived = due closes on every day.
 *
 * Issue 27 added, without changing what any old field of `replayLoan`, `loanAsOf` or
 * `autoAllocate` means for a loan under the old rule:
 * - the truthful split (rule 6a): every `LedgerEntry` and `LoanLedger` also carries principal left,
 *   interest owed and each payment's interest part, principal part and overpaid (each waiver's
 *   interest and principal waived); `loanPosition` gives them as of any day, and `LoanFigures`'
 *   principal and interest are these (`position` holds the rest);
 * - the lender's rule for unpaid interest (rule 6b): `LoanTerms.interestOn`, absent = the old rule;
 * - old dues from paper: `LoanTerms.openingInterest`;
 * - status never hides money (rule 8): `isOutstanding(dueToday)`, `validateStatus`, and the
 *   "of which defaulted" figures of the summaries;
 * - cash is never dropped (rule 11): `validateDeposit` refuses an `unallocated` remainder;
 * - receipts (`depositSplit`), statements of a period (`loanStatement`, `personStatement`,
 *   `financialYear`) and the waiver preview (`previewWaiver`);
 * - what a reminder asks for (`askAmounts`) and what was collected on a day and in its month
 *   (`collected`, and `collectedToday`/`collectedThisMonth` on the summaries);
 * - what a change of a loan's terms does before it is saved (`previewTermsChange`).
 */
export type {
  Actor,
  AsOf,
  InterestOn,
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
export {
  displayStatus,
  isOutstanding,
  statusMessages,
  validateStatus,
  type StatusLabel,
  type StatusReason,
} from './status.ts'
export { loanPosition, positionFromLedger, sumPositions, type LoanPosition } from './position.ts'
export {
  balanceDue,
  createFiguresCache,
  loanFigures,
  type FiguresOf,
  type LoanFigures,
} from './figures.ts'
export {
  loanReckoning,
  NO_RECKONING,
  reckoningFromLedger,
  reckoningOfPosition,
  sumReckonings,
} from './reckoning.ts'
export { payoffQuote, settlingAmount } from './settle.ts'
export { previewDeposit, type DepositPreviewLine } from './preview.ts'
export { previewWaiver, validateWaiver, type WaiverPreview } from './waiver.ts'
export type { DepositReason, WaiverReason } from '../reasons.ts'
export { depositSplit, type DepositSplit, type PaymentSplit } from './receipt.ts'
export {
  changesMoneyTerms,
  previewTermsChange,
  type ChangedSplit,
  type PaymentSplitParts,
  type TermsChangePreview,
} from './termsChange.ts'
export {
  borrowerCopy,
  financialYear,
  financialYearOf,
  loanStatement,
  personStatement,
  type LoanStatement,
  type PersonStatement,
  type StatementBalance,
  type StatementLine,
  type StatementLineKind,
  type StatementPeriod,
  type StatementTotals,
} from './statement.ts'
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
export { askAmounts, type AskAmounts, type AskKind } from './ask.ts'
export { collected, NOTHING_COLLECTED, type Collected } from './collected.ts'
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
  validateDeposit,
  type Allocation,
  type DepositContext,
  type DepositInput,
} from '../deposit/input.ts'
