/**
 * Where deposit records live, how they are appended and how the logs are read back.
 *
 * The logs are append-only Y.Arrays of one compact record per deposit (see `codec.ts` for a
 * record's form). A 100,000-payment book took 15 MiB as one map entry per payment; as records in
 * arrays it takes under 5 MiB, and it decodes in a tenth of the time, because entries that one
 * device appends one after another merge into a single Yjs item.
 *
 * Where a record lives says who recorded it (layout 4): each actor has a log of their own in the
 * root map `depositsBy`, keyed `<actor key>.<Yjs client id>` (see `actors.ts`), so a record never
 * repeats the account and device that were 67 of its 116 bytes. The client id makes the key one
 * no other device can choose: two devices of one actor that each start the actor's log while
 * apart start two logs, and both are kept (two arrays set under one key would leave one). A
 * device appends to a log of its actor that exists, if any. A deposit that names no one, and
 * every record of older layouts, is in the root array `deposits`.
 *
 * Why arrays and not a map keyed by id: a map keeps one Yjs item per key forever, with the key
 * written out; records in an array cost only their own bytes. Two devices that append while apart
 * both keep their records (an array never drops a concurrent insert), and readers sort payments
 * themselves, so the order the array settles in does not matter. Records are deleted only by the
 * layout moves (`layouts/l3-text-records.ts`), which put each back in the same transaction.
 *
 * A book may also hold payments in the forms of older layouts, which are read through
 * `schema/layouts/oldForms.ts`; a payment read in both (a migration made on two devices at once)
 * counts once.
 */
import * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { runSteps, STEP_ENTRIES, type Steps } from '../steps.ts'
import { actorKey, readActorField } from '../schema/actors.ts'
import { DEPOSITS, DEPOSITS_BY } from '../schema/doc.ts'
import { readOlderPayments } from '../schema/layouts/oldForms.ts'
import { IdMap } from '../schema/idMap.ts'
import type { Payment, SkippedEntry } from '../schema/types.ts'
import { packDeposit, recordDepositId, unpackDeposit } from './codec.ts'
import { samePayment, type DepositRecord } from './record.ts'

/** `deposits`: the records of deposits that name no one, and all of older layouts'. */
export function depositLog(doc: Y.Doc): Y.Array<unknown> {
  return DEPOSITS.of(doc)
}

/** `depositsBy`: `<actor key>.<client id>` → the Y.Array of that actor's deposit records. */
export function actorLogs(doc: Y.Doc): Y.Map<unknown> {
  return DEPOSITS_BY.of(doc)
}

/** The actor whose records the log under `logKey` holds; undefined when the book does not know. */
export function logActor(doc: Y.Doc, logKey: string): Actor | undefined {
  const dot = logKey.indexOf('.')
  return dot > 0 ? readActorField(doc, logKey.slice(0, dot)) : undefined
}

/** Every log of the doc with the actor it names (undefined: `deposits`, or an unknown actor). */
export function eachLog(doc: Y.Doc): [Y.Array<unknown>, Actor | undefined][] {
  const logs: [Y.Array<unknown>, Actor | undefined][] = [[depositLog(doc), undefined]]
  for (const [key, log] of actorLogs(doc).entries()) {
    if (log instanceof Y.Array) logs.push([log as Y.Array<unknown>, logActor(doc, key)])
  }
  return logs
}

/** The log `actor`'s records go to: one of theirs that exists, else a new one of this device. */
function logFor(doc: Y.Doc, actor: Actor): Y.Array<unknown> {
  const prefix = `${actorKey(doc, actor)}.`
  const logs = actorLogs(doc)
  for (const [key, log] of logs.entries()) {
    if (key.startsWith(prefix) && log instanceof Y.Array) return log as Y.Array<unknown>
  }
  const log = new Y.Array<unknown>()
  logs.set(`${prefix}${doc.clientID.toString(36)}`, log)
  return log
}

/**
 * Appends `deposits` to their logs: each to its actor's log without the actor, one that names no
 * one to `deposits`. One insert per log: Yjs merges records that one transaction appends one by
 * one into a single item by copying the merged list at each step, which is quadratic (100,000
 * deposits in one transaction run out of memory). Call inside a transaction.
 */
export function appendDeposits(doc: Y.Doc, deposits: readonly DepositRecord[]): void {
  const batches = new Map<Y.Array<unknown>, unknown[]>()
  // An import brings 100,000 deposits of a few actors: each actor's log is looked up once.
  const logsOf = new Map<string, Y.Array<unknown>>()
  for (const deposit of deposits) {
    const { createdBy, ...rest } = deposit
    let log = depositLog(doc)
    if (createdBy) {
      const who = `${createdBy.account}\n${createdBy.device}`
      log = logsOf.get(who) ?? logFor(doc, createdBy)
      logsOf.set(who, log)
    }
    const record = packDeposit(rest)
    const batch = batches.get(log)
    if (batch) batch.push(record)
    else batches.set(log, [record])
  }
  for (const [log, records] of batches) log.push(records)
}

/**
 * The deposit logs' payments as read so far: for each payment id, the first payment read under
 * it and any others that differ from it. The same payment read twice (a layout move made on two
 * devices at once writes it twice) is one payment; which of two that differ is shown is decided
 * by `resolvePayment`, on every device alike.
 */
export interface LogPayments {
  /** id → the first payment read with that id (not a Map: see `IdMap`). */
  readonly first: IdMap<Payment>
  /** id → the payments read with that id that differ from the first (and from each other). */
  readonly others: Map<string, Payment[]>
  /** The records that could not be read, as the snapshot lists them. */
  readonly malformed: SkippedEntry[]
}

/** An empty `LogPayments`. */
export function logPayments(): LogPayments {
  return { first: new IdMap(), others: new Map(), malformed: [] }
}

/**
 * Reads one stored record into `into`: its payments, or the record among the malformed. Calls
 * `changed` with each payment id whose payments it changes: a new id (`isNew`, called before it is
 * added to `first`), or a payment that differs from those already read under it.
 */
export function readRecord(
  into: LogPayments,
  record: unknown,
  by: Actor | undefined,
  changed?: (id: string, isNew: boolean) => void,
): void {
  const payments = unpackDeposit(record, by)
  if (payments.length === 0) {
    into.malformed.push({ kind: 'deposit', id: recordDepositId(record), reason: 'malformed' })
    return
  }
  for (const payment of payments) {
    const first = into.first.get(payment.id)
    if (first === undefined) {
      changed?.(payment.id, true)
      into.first.add(payment)
    } else if (!samePayment(first, payment)) {
      const others = into.others.get(payment.id)
      if (others?.some((other) => samePayment(other, payment))) continue
      if (others) others.push(payment)
      else into.others.set(payment.id, [payment])
      changed?.(payment.id, false)
    }
  }
}

/**
 * Every payment in the logs (see `LogPayments`), and the records that could not be read: one that
 * is malformed, or anything in `depositsBy` that is not a log.
 */
export function readDepositLog(doc: Y.Doc, into = logPayments()): LogPayments {
  return runSteps(readDepositLogSteps(doc, into))
}

/** `readDepositLog`, a few records per step. */
export function* readDepositLogSteps(doc: Y.Doc, into = logPayments()): Steps<LogPayments> {
  let read = 0
  for (const record of depositLog(doc)) {
    readRecord(into, record, undefined)
    if (++read % STEP_ENTRIES === 0) yield
  }
  for (const [key, log] of actorLogs(doc).entries()) {
    if (!(log instanceof Y.Array)) {
      into.malformed.push({ kind: 'deposit', id: key, reason: 'malformed' })
      continue
    }
    const by = logActor(doc, key)
    for (const record of log as Y.Array<unknown>) {
      readRecord(into, record, by)
      if (++read % STEP_ENTRIES === 0) yield
    }
  }
  return into
}

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
