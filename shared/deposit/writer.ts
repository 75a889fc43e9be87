/**
 * Records deposits: one payment per loan a deposit pays, written as one record of a deposit log,
 * or nothing at all. Payments are immutable facts, never edited and never deleted; what a payment
 * did to a balance is derived by replaying it.
 */
import type * as Y from 'yjs'
import { entryMap, loansMap } from '../schema/doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertIsoDate,
  assertTimestamp,
  cleanOptionalText,
  isPaise,
  newId,
} from '../schema/guards.ts'
import type { MutationOptions } from '../schema/types.ts'
import type { DepositFailure } from '../reasons.ts'
import type { DepositInput } from './input.ts'
import { issueReceipt } from '../receipts/issue.ts'
import { readReceipt } from '../receipts/receipt.ts'
import { appendDeposits } from './log.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION, paymentId, type DepositRecord } from './record.ts'

/** The outcome of `recordDeposit`. */
export type DepositResult =
  { ok: true; depositId: string; paymentIds: string[] } | { ok: false; reason: DepositFailure }

/**
 * What `recordDeposit` takes besides the deposit: an import passes the ids it exported, and the
 * receipt the deposit was given (null: it had none); a collector's phone passes the receipt it
 * gave. Without one, `recordDeposit` gives it the next of this session's series.
 */
export type DepositOptions = MutationOptions & {
  depositId?: string
  paymentIds?: readonly string[]
  receipt?: string | null
}

/**
 * Records a deposit: one payment per non-zero allocation, written as one record of the deposit
 * log, or nothing at all. Every loan must exist and not be archived (else `loanNotFound`), every
 * amount must be a whole number of paise the app takes or 0 (else `invalidAllocation`), and one
 * at least above zero (else `noAllocation`, as the form says it); all of it is checked before the
 * first write. A bad date or timestamp is a programmer error and throws.
 *
 * Ids: a fresh deposit id, and payment ids derived from it (`paymentId`). An import passes the
 * ids it exported; it writes into an empty book, and the export's ids were checked unique.
 */
export function recordDeposit(
  doc: Y.Doc,
  deposit: DepositInput,
  opts: DepositOptions,
): DepositResult {
  const prepared = prepareDeposit(doc, deposit, opts)
  if (!prepared.ok) return prepared
  const { record, ...result } = prepared
  const receipt =
    opts.receipt === undefined
      ? issueReceipt(doc, {
          kind: 'deposit',
          id: record.depositId,
          date: record.date,
          payments: record.payments,
        })
      : opts.receipt
  const numbered = receipt === null ? record : { ...record, receipt }
  doc.transact(() => appendDeposits(doc, [numbered]), opts.origin ?? LOCAL_ORIGIN)
  return result
}

/**
 * Appends many deposits to the logs in one insert each, for the book import (see
 * `appendDeposits`). Checked first, like `recordDeposit`; a refused deposit writes nothing at
 * all and is returned with its index. Each keeps the receipt it is given, or has none: an
 * import puts back history, and history is not given new numbers.
 */
export function recordDeposits(
  doc: Y.Doc,
  deposits: readonly { deposit: DepositInput; opts: DepositOptions }[],
  origin: unknown = LOCAL_ORIGIN,
): { ok: true } | { ok: false; index: number; reason: DepositFailure } {
  const records: DepositRecord[] = []
  for (const [index, { deposit, opts }] of deposits.entries()) {
    const prepared = prepareDeposit(doc, deposit, opts)
    if (!prepared.ok) return { ok: false, index, reason: prepared.reason }
    records.push(prepared.record)
  }
  if (records.length) doc.transact(() => appendDeposits(doc, records), origin)
  return { ok: true }
}

/** A deposit checked and made into its record; nothing is written. */
function prepareDeposit(
  doc: Y.Doc,
  deposit: DepositInput,
  opts: DepositOptions,
): (DepositResult & { ok: true; record: DepositRecord }) | (DepositResult & { ok: false }) {
  assertTimestamp(opts.now)
  assertIsoDate(deposit.date, 'date')
  const by = actorToStore(opts.by)
  const description =
    cleanOptionalText(deposit.description, 'description') ?? DEFAULT_DEPOSIT_DESCRIPTION
  const allocations = deposit.allocations.filter((allocation) => allocation.amount !== 0)
  if (allocations.length === 0) return { ok: false, reason: 'noAllocation' }
  for (const { loanId, amount } of allocations) {
    if (!isPaise(amount)) return { ok: false, reason: 'invalidAllocation' }
    const loan = typeof loanId === 'string' ? entryMap(loansMap(doc), loanId) : null
    if (!loan || loan.get('archived') === true) return { ok: false, reason: 'loanNotFound' }
  }
  const depositId = newId(opts.depositId)
  // An import keeps the ids it exported: one per non-zero allocation, in order.
  if (opts.paymentIds !== undefined && opts.paymentIds.length !== allocations.length) {
    throw new TypeError('paymentIds must give one id per non-zero allocation')
  }
  const paymentIds = allocations.map((_, index) =>
    opts.paymentIds ? newId(opts.paymentIds[index]) : paymentId(depositId, index),
  )
  if (typeof opts.receipt === 'string' && readReceipt(opts.receipt) === null) {
    throw new TypeError(`receipt ${opts.receipt} is not one`)
  }
  const record: DepositRecord = {
    depositId,
    date: deposit.date,
    createdAt: opts.now,
    description,
    ...(by && { createdBy: by }),
    ...(typeof opts.receipt === 'string' && { receipt: opts.receipt }),
    payments: allocations.map(({ loanId, amount }, index) => ({
      id: paymentIds[index] as string,
      loanId,
      amount,
    })),
  }
  return { ok: true, depositId, paymentIds, record }
}
