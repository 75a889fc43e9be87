/**
 * Why the book refuses a deposit and, where their checks meet, a waiver ("settle for less"), a
 * void or the undo of one: one vocabulary of codes. A code means one thing whichever check
 * returns it, the form's (before anything is written) or the writer's (which then writes
 * nothing): `noAllocation` is "nothing above zero on any loan" for `validateDeposit` and for
 * `recordDeposit` alike, and `invalidAmount` is "not an amount the app takes" for a deposit's
 * cash and for a waiver.
 *
 * Checks return `{ ok: false, reason }` with one of these codes; the lender reads them in the
 * words of the app's catalogues (src/i18n/locales/<language>/), English and Hindi side by side,
 * and nowhere else: a deposit's under `deposit:errors`, a waiver's under `loans:waiver.errors`,
 * a void's or an undo's under `loans:void`. The same code may read differently per subject
 * ("Please select a deposit date", "Please select a waiver date"); tests/unit/reasons.test.ts
 * holds every code below to a text in both languages.
 */

/** Why the deposit form refuses a deposit (`validateDeposit`), in the order they are checked. */
export const DEPOSIT_REASONS = [
  'invalidAmount',
  'missingDate',
  'futureDate',
  'overAllocated',
  'noAllocation',
  'unallocated',
  'beforeLoanStart',
  'loanNotFound',
] as const

/** One of `DEPOSIT_REASONS`. */
export type DepositReason = (typeof DEPOSIT_REASONS)[number]

/**
 * Why `recordDeposit` writes nothing: no allocation above zero, a loan that is gone or archived,
 * or (`invalidAllocation`, which no form lets through: its amounts are parsed) an allocation that
 * is not a whole number of paise the app takes. The deposit page shows the last as it shows
 * `noAllocation`.
 */
export type DepositFailure =
  Extract<DepositReason, 'noAllocation' | 'loanNotFound'> | 'invalidAllocation'

/** Why the waiver form refuses a waiver (`validateWaiver`), in the order they are checked. */
export const WAIVER_REASONS = [
  'invalidAmount',
  'missingDate',
  'futureDate',
  'beforeLoanStart',
  'overBalance',
] as const

/** One of `WAIVER_REASONS`. */
export type WaiverReason = (typeof WAIVER_REASONS)[number]

/** Why `recordWaiver` writes nothing: the loan is gone or archived. */
export type WaiverFailure = Extract<DepositReason, 'loanNotFound'>

/** Why a void, an undo of one, or an undo of every void of an entry writes nothing. */
export const VOID_REASONS = [
  'reasonRequired',
  'notFound',
  'alreadyVoided',
  'alreadyUndone',
  'notVoided',
] as const

/** One of `VOID_REASONS`. */
export type VoidReason = (typeof VOID_REASONS)[number]

/** Why `voidDeposit` or `voidWaiver` writes nothing. */
export type VoidFailure = Extract<VoidReason, 'notFound' | 'alreadyVoided' | 'reasonRequired'>

/** Why `undoVoid` writes nothing. */
export type UndoFailure = Extract<VoidReason, 'notFound' | 'alreadyUndone'>

/** Why `undoVoidsOf` writes nothing: the entry has no void left to undo. */
export type UndoAllFailure = Extract<VoidReason, 'notVoided'>
