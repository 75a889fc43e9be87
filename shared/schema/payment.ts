/**
 * Payments: immutable facts, never edited and never deleted. A payment is a fact; what it did to
 * a balance is derived by replaying it. One deposit writes one payment per loan it pays.
 *
 * Where they live: each deposit is one record of a deposit log (see `depositLog.ts`). A book may
 * also hold payments in the forms of older layouts, which are read through
 * `layouts/oldForms.ts`; a payment read in both (a migration made on two devices at once) counts
 * once.
 */
import type * as Y from 'yjs'
import type { IsoDate, Paise } from '../ledger/types.ts'
import {
  DEFAULT_DEPOSIT_DESCRIPTION,
  appendDeposits,
  paymentId,
  readDepositLog,
  samePayment,
  type DepositRecord,
  type LogPayments,
} from './depositLog.ts'
import { entryMap, loansMap } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertIsoDate,
  assertTimestamp,
  cleanOptionalText,
  isPaise,
  newId,
} from './guards.ts'
import { readOlderPayments } from './layouts/oldForms.ts'
import type { MutationOptions, Payment, SkippedEntry } from './types.ts'

export { DEFAULT_DEPOSIT_DESCRIPTION }

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

/**
 * Every payment in the doc, keyed by id, in no particular order: the deposit logs' and those in
 * older forms (`readOlderPayments`). `log` is the logs as `readDepositLog` reads them, for a
 * caller that keeps them anyway (the projection). With `skipped`, what could not be read is added
 * to it: a malformed payment of an older form, a malformed record, and each payment an id holds
 * beyond the one shown.
 */
export function readPayments(
  doc: Y.Doc,
  log: LogPayments = readDepositLog(doc),
  skipped?: SkippedEntry[],
): Map<string, Payment> {
  const payments = new Map<string, Payment>()
  readOlderPayments(doc, payments, skipped)
  for (const [id, payment] of log.first) {
    const held = payments.get(id)
    const others = log.others.get(id)
    if (held === undefined && others === undefined) {
      payments.set(id, payment)
      continue
    }
    const { shown, duplicates } = resolvePayment(paymentVersions(held, payment, others))
    payments.set(id, shown)
    for (let n = 0; n < duplicates; n++) skipped?.push({ kind: 'payment', id, reason: 'duplicate' })
  }
  if (skipped) skipped.push(...log.malformed)
  return payments
}

/** Every payment read under one id: an older form's, the logs' first, and the logs' others. */
export function paymentVersions(
  older: Payment | null | undefined,
  firstInLog: Payment | undefined,
  othersInLog: readonly Payment[] | undefined,
): Payment[] {
  const versions: Payment[] = []
  if (older) versions.push(older)
  if (firstInLog) versions.push(firstInLog)
  if (othersInLog) versions.push(...othersInLog)
  return versions
}

/**
 * The payment shown for an id that several payments were read under (at least one), and how many
 * others are skipped. Alike ones are one payment: a layout move made on two devices at once, or
 * an older form and a log that both still hold it, write the same payment twice. Of payments
 * that differ (a record that reused an id: nothing the app writes), the earliest recorded is
 * shown, ties broken by the rest of its fields, so every device shows the same one whatever order
 * they arrived in; the others are skipped and counted, never silently put in its place.
 */
export function resolvePayment(versions: readonly Payment[]): {
  shown: Payment
  duplicates: number
} {
  const distinct: Payment[] = []
  for (const payment of versions) {
    if (!distinct.some((other) => samePayment(other, payment))) distinct.push(payment)
  }
  let shown = distinct[0] as Payment
  for (const payment of distinct) if (compareVersions(payment, shown) < 0) shown = payment
  return { shown, duplicates: distinct.length - 1 }
}

/** Earliest recorded first; then every other field, so that no two different payments tie. */
function compareVersions(a: Payment, b: Payment): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  const x = versionKey(a)
  const y = versionKey(b)
  return x < y ? -1 : x > y ? 1 : 0
}

function versionKey(p: Payment): string {
  const { date, amount, loanId, depositId, description, createdBy } = p
  return JSON.stringify([
    date,
    amount,
    loanId,
    depositId,
    description,
    createdBy?.account,
    createdBy?.device,
  ])
}

/** What `recordDeposit` takes besides the deposit: an import passes the ids it exported. */
export type DepositOptions = MutationOptions & {
  depositId?: string
  paymentIds?: readonly string[]
}

/**
 * Records a deposit: one payment per non-zero allocation, written as one record of the deposit
 * log, or nothing at all. Every loan must exist and not be archived, and every amount must be a
 * safe integer of paise ≥ 0 with at least one above zero; all of it is checked before the first
 * write. A bad date or timestamp is a programmer error and throws.
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
  doc.transact(() => appendDeposits(doc, [record]), opts.origin ?? LOCAL_ORIGIN)
  return result
}

/**
 * Appends many deposits to the logs in one insert each, for the book import (see
 * `appendDeposits`). Checked first, like `recordDeposit`; a refused deposit writes nothing at
 * all and is returned with its index.
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
  if (allocations.length === 0) return { ok: false, reason: 'invalidAllocation' }
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
  const record: DepositRecord = {
    depositId,
    date: deposit.date,
    createdAt: opts.now,
    description,
    ...(by && { createdBy: by }),
    payments: allocations.map(({ loanId, amount }, index) => ({
      id: paymentIds[index] as string,
      loanId,
      amount,
    })),
  }
  return { ok: true, depositId, paymentIds, record }
}
