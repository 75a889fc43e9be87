/**
 * What a loan's status shows, whether it counts as outstanding, and which status the lender may
 * store (engine notes, rule 8, corrected in issue 27: status never hides money).
 */
import type { IsoDate, Paise, StoredStatus } from './types.ts'

/** The status label a lender sees. */
export type StatusLabel = 'Active' | 'Overdue' | 'Defaulted' | 'Paid'

const labels: Record<StoredStatus, StatusLabel> = {
  active: 'Active',
  overdue: 'Overdue',
  defaulted: 'Defaulted',
  paid: 'Paid',
}

/**
 * The label for a loan. `settled` means the loan owes nothing today (its balance due today is 0,
 * as `isOutstanding` says): it shows Paid whatever was stored. A loan that owes shows its stored
 * label, except that an active one past its due date shows Overdue, and a stored `paid` (which
 * the form refuses on a loan that owes, but two devices can still merge one, or a back-dated void
 * can revive a debt) is read as active: Active, or Overdue past its due date, never Paid while it
 * owes. (The old app showed stored overdue and defaulted loans as Active; that was a bug.)
 */
export function displayStatus(
  stored: StoredStatus,
  settled: boolean,
  dueDate: IsoDate,
  today: IsoDate,
): StatusLabel {
  if (settled) return 'Paid'
  const owing = stored === 'paid' ? 'active' : stored
  if (owing === 'active' && dueDate < today) return 'Overdue'
  return labels[owing]
}

/**
 * Whether a loan counts as outstanding (in the Active Loans count, every due, total, list and
 * reminder): its balance due today is above 0, whatever its stored label. Before issue 27 this
 * also asked for a stored `active`, which let a label drop a defaulter's dues from the dashboard.
 */
export function isOutstanding(dueToday: Paise): boolean {
  return dueToday > 0
}

/** Why a stored status was refused on the loan form. */
export type StatusReason = 'owes'

/** The sentence shown next to the status field for each `StatusReason`. */
export const statusMessages: Record<StatusReason, string> = {
  owes: 'A loan that still owes cannot be marked Paid: settle it for less instead',
}

/**
 * Checks the status the loan form is about to store, given what the loan will owe today once
 * saved (its balance due today with the terms as edited: `loanFigures(edited, today).totalDue`).
 * `paid` is refused on a loan that owes (`owes`; the form offers Settle for less instead, which
 * records what is forgiven); every other label may be stored on any loan, and `paid` on a loan that
 * owes nothing.
 */
export function validateStatus(
  status: StoredStatus,
  dueToday: Paise,
): { ok: true } | { ok: false; reason: StatusReason } {
  if (status === 'paid' && isOutstanding(dueToday)) return { ok: false, reason: 'owes' }
  return { ok: true }
}
