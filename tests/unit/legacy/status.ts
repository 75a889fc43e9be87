// Frozen copy of shared/ledger/status.ts before issue 27 (commit b0fa46b): the old rule 8 and the old shapes
// (no truthful split), so the legacy oracle keeps computing what the engine computed. Do not edit.
/**
 * What a loan's status shows, and whether it counts as outstanding (engine notes, rule 8).
 */
import type { IsoDate, StoredStatus } from './types.ts'

/** The status label a lender sees. */
export type StatusLabel = 'Active' | 'Overdue' | 'Defaulted' | 'Paid'

const labels: Record<StoredStatus, StatusLabel> = {
  active: 'Active',
  overdue: 'Overdue',
  defaulted: 'Defaulted',
  paid: 'Paid',
}

/**
 * The label for a loan: settled shows Paid whatever was stored; an active loan past its due date
 * shows Overdue; otherwise the stored value. (The old app showed stored overdue and defaulted
 * loans as Active; that was a bug.)
 */
export function displayStatus(
  stored: StoredStatus,
  settled: boolean,
  dueDate: IsoDate,
  today: IsoDate,
): StatusLabel {
  if (settled) return 'Paid'
  if (stored === 'active' && dueDate < today) return 'Overdue'
  return labels[stored]
}

/** Whether a loan counts as outstanding ("active loans"): stored active and not settled. */
export function isOutstanding(stored: StoredStatus, settled: boolean): boolean {
  return stored === 'active' && !settled
}
