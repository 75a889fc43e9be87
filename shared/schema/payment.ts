/**
 * Payments: plain immutable objects, never edited and never deleted. A payment is a fact; what it
 * did to a balance is derived by replaying it. One deposit writes one payment per loan it pays.
 */
import type * as Y from 'yjs'
import { isIsoDate } from '../dates.ts'
import type { IsoDate, Paise } from '../ledger/types.ts'
import { entryMap, loansMap, paymentsMap } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertIsoDate,
  assertTimestamp,
  cleanOptionalText,
  isPaise,
  newId,
  readActor,
} from './guards.ts'
import type { MutationOptions, Payment } from './types.ts'

/** The description a deposit's payments get when the lender gives none (spec §9). */
export const DEFAULT_DEPOSIT_DESCRIPTION = 'Deposit payment'

/** A deposit as the deposit form submits it: one allocation per loan it pays. */
export interface DepositInput {
  date: IsoDate
  description?: string
  allocations: readonly { loanId: string; amount: Paise }[]
}

/** Why a deposit was refused; nothing was written. */
export type DepositFailure = 'loanNotFound' | 'invalidAllocation'

/** The outcome of `recordDeposit`. */
export type DepositResult =
  { ok: true; depositId: string; paymentIds: string[] } | { ok: false; reason: DepositFailure }

// Payments never change, so each stored object is checked once; later reads reuse the result.
const checked = new WeakMap<object, Payment | null>()

/** The payment stored under `id`, or null when the entry is malformed. */
export function readPayment(id: string, entry: unknown): Payment | null {
  if (typeof entry !== 'object' || entry === null) return null
  const cached = checked.get(entry)
  if (cached === null) return null
  if (cached !== undefined && cached.id === id) return cached
  const payment = checkPayment(id, entry as Record<string, unknown>)
  checked.set(entry, payment)
  return payment
}

function checkPayment(id: string, entry: Record<string, unknown>): Payment | null {
  const { loanId, depositId, date, amount, description, createdAt, createdBy } = entry
  if (
    typeof loanId !== 'string' ||
    typeof depositId !== 'string' ||
    !isIsoDate(date) ||
    !isPaise(amount) ||
    typeof createdAt !== 'string'
  ) {
    return null
  }
  const by = readActor(createdBy)
  return {
    id,
    loanId,
    depositId,
    date,
    amount,
    // Not stored when it is the default: 28 bytes of every payment in a big book.
    description: typeof description === 'string' ? description : DEFAULT_DEPOSIT_DESCRIPTION,
    createdAt,
    ...(by && { createdBy: by }),
  }
}

/**
 * Records a deposit: one payment per non-zero allocation, all in one transaction under one
 * `depositId`, or nothing at all. Every loan must exist and not be archived, and every amount must
 * be a safe integer of paise ≥ 0 with at least one above zero; all of it is checked before the
 * first write. A bad date or timestamp is a programmer error and throws.
 */
export function recordDeposit(
  doc: Y.Doc,
  deposit: DepositInput,
  opts: MutationOptions & { depositId?: string; paymentIds?: readonly string[] },
): DepositResult {
  assertTimestamp(opts.now)
  assertIsoDate(deposit.date, 'date')
  const by = actorToStore(opts.by)
  const description =
    cleanOptionalText(deposit.description, 'description') ?? DEFAULT_DEPOSIT_DESCRIPTION
  const allocations = deposit.allocations.filter((allocation) => allocation.amount !== 0)
  if (allocations.length === 0) return { ok: false, reason: 'invalidAllocation' }
  for (const { loanId, amount } of allocations) {
    if (!isPaise(amount)) return { ok: false, reason: 'invalidAllocation' }
    const loan = typeof loanId === 'string' ? entryMap(loansMap(doc), loanId) : null
    if (!loan || loan.get('archived') === true) return { ok: false, reason: 'loanNotFound' }
  }
  const depositId = newId(opts.depositId)
  const payments = paymentsMap(doc)
  // An import keeps the ids it exported: one per non-zero allocation, in order.
  if (opts.paymentIds !== undefined && opts.paymentIds.length !== allocations.length) {
    throw new TypeError('paymentIds must give one id per non-zero allocation')
  }
  const paymentIds = allocations.map((_, index) => newId(opts.paymentIds?.[index]))
  if (paymentIds.some((id) => payments.has(id))) throw new TypeError('payment already exists')
  doc.transact(() => {
    allocations.forEach(({ loanId, amount }, index) => {
      const id = paymentIds[index] as string
      // The id is the entry's key; stored again inside, it cost a tenth of a big book.
      const payment = {
        loanId,
        depositId,
        date: deposit.date,
        amount,
        ...(description !== DEFAULT_DEPOSIT_DESCRIPTION && { description }),
        createdAt: opts.now,
        ...(by && { createdBy: by }),
      }
      payments.set(id, payment)
    })
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true, depositId, paymentIds }
}
