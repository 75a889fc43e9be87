import type { DashboardSummary } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'

/** The dashboard with a tile for every money column: each tile is the sum of its column. */
export interface DashboardTotals extends DashboardSummary {
  /** Σ currentInterest of the rows (the Interest due column). */
  totalInterest: Paise
  /** Σ totalPaid of the rows (the Paid column). */
  totalPaid: Paise
}

/**
 * Adds the two column sums the engine's summary has no tile for, so every money column of the
 * dashboard adds up to a tile (the engine already gives Principal left and Due today).
 */
export function withColumnTotals(summary: DashboardSummary): DashboardTotals {
  let totalInterest = 0
  let totalPaid = 0
  for (const row of summary.rows) {
    totalInterest += row.currentInterest
    totalPaid += row.totalPaid
  }
  return { ...summary, totalInterest, totalPaid }
}
