/**
 * A deposit as the lender gives it, and the deposit page's rules for it: validation in the spec's
 * order, and auto-allocate (engine notes, rules 10 and 11). The same `DepositInput` goes from the
 * form to `validateDeposit` and, its allocations checked, to `recordDeposit` (`writer.ts`).
 */
import { isIsoDate } from '../dates.ts'
import type { IsoDate, Paise } from '../ledger/types.ts'
import type { DepositReason } from '../reasons.ts'

/** One loan's share of a deposit. */
export interface Allocation {
  loanId: string
  amount: Paise
}

/**
 * A deposit as the lender gives it: the cash, its day, a note and its split over the person's
 * loans. The form checks all of it (`validateDeposit`); the writer records the allocations and
 * does not read `amount` (what it records is their sum, which the check made equal to it).
 */
export interface DepositInput {
  /** The cash typed, in paise; null when the field holds no amount. */
  amount?: Paise | null
  /** The day of the deposit; '' while none is chosen. */
  date: IsoDate | ''
  /** The lender's words; without them the payments read `DEFAULT_DEPOSIT_DESCRIPTION`. */
  description?: string
  /** One share per loan; a share of 0 is no payment. */
  allocations: readonly Allocation[]
}

/** What `validateDeposit` checks a deposit against: the day it is, and the person's loans. */
export interface DepositContext {
  today: IsoDate
  loans: readonly { id: string; startDate: IsoDate }[]
}

/**
 * Checks a deposit; the first failing rule wins, in the spec's order. Only allocations above zero
 * count (an empty input is 0) and only they are returned, so no zero payment is ever written.
 *
 * Cash is never dropped (rule 11): the allocations must add up to exactly the amount. More is
 * `overAllocated`; less, with something allocated, is `unallocated` (checked after
 * `noAllocation`), so a receipt's "received" is always the cash the lender typed. The way out is
 * to change the amount or to put the rest on a loan, where a payment beyond what is due is kept
 * and shown as overpaid (`LedgerEntry.overpaid`): the engine accepts any allocation, however much
 * more than the loan owes.
 */
export function validateDeposit(
  input: DepositInput & DepositContext,
): { ok: true; allocations: Allocation[] } | { ok: false; reason: DepositReason } {
  const { amount, date, today } = input
  if (amount == null || !Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, reason: 'invalidAmount' }
  }
  if (!isIsoDate(date)) return { ok: false, reason: 'missingDate' }
  if (date > today) return { ok: false, reason: 'futureDate' }
  const allocations = input.allocations.filter((a) => a.amount > 0)
  const allocated = allocations.reduce((sum, a) => sum + a.amount, 0)
  if (allocated > amount) return { ok: false, reason: 'overAllocated' }
  if (allocations.length === 0) return { ok: false, reason: 'noAllocation' }
  if (allocated < amount) return { ok: false, reason: 'unallocated' }
  const starts = new Map(input.loans.map((loan) => [loan.id, loan.startDate]))
  for (const a of allocations) {
    const start = starts.get(a.loanId)
    if (start !== undefined && start > date) return { ok: false, reason: 'beforeLoanStart' }
  }
  if (allocations.some((a) => !starts.has(a.loanId))) return { ok: false, reason: 'loanNotFound' }
  return { ok: true, allocations: allocations.map((a) => ({ loanId: a.loanId, amount: a.amount })) }
}

/**
 * Spreads `amount` over loans with a balance due, oldest due date first (ties: the order given,
 * which is creation order), each up to its balance due, until the amount runs out. The leftover is
 * not allocated; only non-zero allocations are returned, in the order they were filled. (The
 * leftover must then be placed by the lender before `validateDeposit` accepts the deposit.)
 */
export function autoAllocate(
  amount: Paise,
  loans: readonly { id: string; dueDate: IsoDate; balanceDue: Paise }[],
): { id: string; amount: Paise }[] {
  // Array.prototype.sort is stable, so equal due dates keep the caller's creation order.
  const byDueDate = loans
    .filter((loan) => loan.balanceDue > 0)
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))
  const result: { id: string; amount: Paise }[] = []
  let left = Math.max(0, amount)
  for (const loan of byDueDate) {
    if (left <= 0) break
    const share = Math.min(left, loan.balanceDue)
    result.push({ id: loan.id, amount: share })
    left -= share
  }
  return result
}
