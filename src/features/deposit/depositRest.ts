import type { Paise } from '../../../shared/ledger/types.ts'
import { paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'

/**
 * What stands between a deposit form and Record, in paise (engine notes, rule 11: cash is never
 * dropped). The engine accepts a payment of any size on a loan and keeps what goes beyond the
 * loan's due as overpaid; the form only lets that happen when the lender chose it, in words.
 */
export interface DepositGap {
  /** The cash typed less what is allocated: above 0, a rest still to place; below 0, too much. */
  rest: Paise
  /**
   * Allocations above what settles their loan on the deposit's date, on loans the lender has not
   * chosen to carry the overpaid part: `extra` is the part beyond what settles it.
   */
  overSettling: { loanId: string; settles: Paise; extra: Paise }[]
}

/**
 * The gap of a deposit of `amount` with these allocations (malformed ones count as 0). An
 * allocation above `settles(loanId)` is allowed only on `overpaidOn`, the loan the lender chose to
 * hold the extra as overpaid ("put the rest on this loan" or "keep it as overpaid").
 */
export function depositGap(
  amount: Paise,
  allocations: readonly { loanId: string; paise: Paise | null }[],
  settles: (loanId: string) => Paise,
  overpaidOn: string | null,
): DepositGap {
  let allocated = 0
  const overSettling: DepositGap['overSettling'] = []
  for (const { loanId, paise } of allocations) {
    if (paise === null || paise <= 0) continue
    allocated += paise
    const settling = settles(loanId)
    if (paise > settling && loanId !== overpaidOn) {
      overSettling.push({ loanId, settles: settling, extra: paise - settling })
    }
  }
  return { rest: amount - allocated, overSettling }
}

/**
 * The allocation boxes once `rest` is put on `loanId`: its box grows by the rest (an empty or
 * unreadable box counts as 0), the others stay as they are. Used by "Put ₹X on this loan".
 */
export function withRestOn(
  allocations: Readonly<Record<string, string>>,
  loanId: string,
  rest: Paise,
): Record<string, string> {
  const text = allocations[loanId] ?? ''
  const parsed = text.trim() === '' ? null : parseRupees(text)
  const current = parsed?.ok ? parsed.paise : 0
  return { ...allocations, [loanId]: paiseToRupeeInput(current + rest) }
}
