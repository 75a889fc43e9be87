/**
 * The book as read: every root collection through its reader (`roots.ts`), each kept in a `Keyed`
 * collection, and joined into the snapshot's people, loans, payments and waivers. One piece for
 * both ways of reading: whole, from scratch (`readAll`: `readLender`, and a projection's first
 * snapshot), and by what changed (`update`: the projection, told by the doc's events). Both run
 * the same readers and the same joins, so each rule (what is malformed, the order, a revived
 * person, which of two payments under one id is shown) lives once, and the property test that
 * holds the projection to `readLender` checks the patching alone.
 *
 * The joins: a payment is read from every place it may be (a deposit log, an older form) and
 * resolved; payments and waivers carry the void that stands on them; a loan carries its payments
 * and waivers; a person is revived by a loan that is not archived.
 */
import * as Y from 'yjs'
import { comparePayments } from '../ledger/replay.ts'
import type { Actor, VoidInfo, WaiverFact } from '../ledger/types.ts'
import { actorsMap } from './actors.ts'
import type { EntryRoot, ListedRoot } from './collection.ts'
import {
  actorLogs,
  depositLog,
  logActor,
  logPayments,
  readDepositLogSteps,
  readRecord,
} from '../deposit/log.ts'
import { runSteps, sortSteps, STEP_ENTRIES, type Steps } from '../steps.ts'
import {
  Index,
  Keyed,
  Overlay,
  sameSkipped,
  type AnyKeyed,
  type EntryStore,
  type ReadId,
} from './keyed.ts'
import type { StoredLoan } from './loan.ts'
import { getIfAny } from './idMap.ts'
import { paymentVersions, resolvePayment } from '../deposit/log.ts'
import type { StoredPerson } from './person.ts'
import { CHECKED, JOINED, LISTED } from './roots.ts'
import {
  inAnyOrder,
  patchLater,
  patchSorted,
  readySorted,
  sameItems,
  sortLater,
  type Change,
  type LazySorted,
} from './sorted.ts'
import type { LenderSnapshot, Loan, Payment, Person, SkippedEntry, Waiver } from './types.ts'
import { shownVoids, type StoredUndo, type StoredVoid } from './void.ts'

/** A listed collection (see `LISTED`) with its entries and its list as last handed out. */
interface Listed {
  readonly spec: ListedRoot
  readonly keyed: Keyed<unknown>
  list: readonly unknown[]
}

/** A root's `Keyed`, with its line in `roots.ts`. */
type Rooted = [AnyKeyed, EntryRoot<unknown>]

const NO_LOANS: readonly Loan[] = []
const NO_WAIVERS: readonly WaiverFact[] = []

/** Each snapshot's list of payments, unread (see `paymentsInAnyOrder`). */
const paymentLists = new WeakMap<LenderSnapshot, LazySorted<Payment>>()

/**
 * Every payment of `snapshot`, in no particular order: what `snapshot.payments` holds, without
 * sorting the book's whole list first when nobody has yet (on a phone, a big book's sort was
 * one task of half a second). A snapshot the projection did not make is read as it is.
 */
export function paymentsInAnyOrder(snapshot: LenderSnapshot): Iterable<Payment> {
  const lazy = paymentLists.get(snapshot)
  return lazy ? { [Symbol.iterator]: () => inAnyOrder(lazy) } : snapshot.payments
}

/** One lender's doc, read and kept (see the top of this file). */
export class LenderReads {
  // Each root as stored, entry by entry.
  private readonly storedPeople: Keyed<StoredPerson>
  private readonly storedLoans: Keyed<StoredLoan>
  private readonly voids: Keyed<StoredVoid>
  private readonly undos: Keyed<StoredUndo>
  private readonly olderPayments: Keyed<Payment>
  private readonly listed: Listed[]
  private readonly checked: Keyed<unknown>[]
  // Every root read with a `Keyed` of its own, with its line in `roots.ts`.
  private readonly roots: Rooted[]
  // The deposit logs' payments by id, and the records that arrived since they were last read:
  // a big book arrives in one load, which the next snapshot reads whole anyway.
  private readonly log = logPayments()
  private arrived: [readonly unknown[], Actor | undefined][] = []
  private arrivedCount = 0
  private logSkippedMoved = false
  /** Whether the logs changed other than by records appended: the next read must be whole. */
  rewritten = false
  // What stands voided, keyed `deposit:<id>` or `waiver:<id>` (see `shownVoids`).
  private shown = new Map<string, VoidInfo>()
  // The snapshot's entries, by id.
  private readonly payments: Keyed<Payment, Overlay<Payment>>
  private readonly waivers: Keyed<Waiver>
  private readonly loans: Keyed<Loan>
  private readonly people: Keyed<Person>
  // The joins: a loan's payments and waivers, a person's loans (by id).
  private readonly paymentsOfLoan = new Index<Payment>()
  private readonly waiversOfLoan = new Index<Waiver>()
  private readonly loansOfPerson = new Index<string>()
  // During an update: the loans whose payments, or waivers, changed.
  private readonly newPayments = new Set<string>()
  private readonly newWaivers = new Set<string>()
  // Each loan's payments in replay order (built when first asked for), each person's active loans.
  private readonly loanPayments = new Map<string, readonly Payment[]>()
  private readonly activeLoans = new Map<string, readonly Loan[]>()
  // The snapshot's lists as last handed out.
  private peopleList: Person[] = []
  private loanList: Loan[] = []
  private paymentList: LazySorted<Payment> = readySorted([])
  private waiverList: LazySorted<Waiver> = readySorted([])
  private skippedList: readonly SkippedEntry[] = []

  constructor(private readonly doc: Y.Doc) {
    this.storedPeople = new Keyed(fromRoot(JOINED.people, doc))
    this.storedLoans = new Keyed(fromRoot(JOINED.loans, doc))
    this.voids = new Keyed(fromRoot(JOINED.voids, doc))
    this.undos = new Keyed(fromRoot(JOINED.undos, doc))
    this.olderPayments = new Keyed(fromRoot(JOINED.olderPayments, doc))
    this.listed = LISTED.map((spec) => ({
      spec: spec as ListedRoot,
      keyed: new Keyed(fromRoot<unknown>(spec, doc)),
      list: [],
    }))
    this.checked = CHECKED.map((spec) => new Keyed(fromRoot(spec, doc)))
    this.payments = new Keyed(this.readPayment, undefined, new Overlay(this.log.first))
    this.waivers = new Keyed(
      fromRoot(JOINED.waivers, doc, (waiver, id) => this.flagged(waiver, 'waiver', id)),
    )
    this.loans = new Keyed(this.readLoan)
    this.people = new Keyed(this.readPerson, samePerson)
    this.roots = [
      [this.storedPeople, JOINED.people],
      [this.storedLoans, JOINED.loans],
      [this.voids, JOINED.voids],
      [this.undos, JOINED.undos],
      [this.olderPayments, JOINED.olderPayments],
      [this.waivers, JOINED.waivers],
      ...this.listed.map(({ keyed, spec }): Rooted => [keyed, spec]),
      ...this.checked.map((keyed, i): Rooted => [keyed, CHECKED[i] as EntryRoot<unknown>]),
    ]
  }

  /**
   * Everything from scratch, as the doc holds it now. `sortPayments: false` leaves the book's
   * list of payments in no particular order, for a reader that finds them by id.
   */
  readAll(options: { sortPayments?: boolean } = {}): LenderSnapshot {
    return runSteps(this.readAllSteps(options))
  }

  /** `readAll`, a few entries per step: the doc must not change until it is done. */
  *readAllSteps({ sortPayments = true } = {}): Steps<LenderSnapshot> {
    // Waivers are read with the void that stands on them: once the voids are read.
    for (const [keyed, spec] of this.roots) {
      if (keyed !== this.waivers) yield* keyed.rebuildSteps(rootIds(spec, this.doc))
    }
    this.log.first.clear()
    this.log.others.clear()
    this.log.malformed.length = 0
    yield* readDepositLogSteps(this.doc, this.log)
    this.arrived = []
    this.arrivedCount = 0
    this.rewritten = false
    this.shown = shownVoids(this.voids.byId.values(), this.undos.byId)
    yield* this.payments.rebuildSteps(this.paymentIds())
    yield* this.waivers.rebuildSteps(rootIds(JOINED.waivers, this.doc))
    yield* this.joinAll()
    this.peopleList = yield* sortSteps([...this.people.byId.values()], byCreation)
    this.loanList = yield* sortSteps([...this.loans.byId.values()], byCreation)
    this.activeLoans.clear()
    let listed = 0
    for (const loan of this.loanList) {
      if (++listed % STEP_ENTRIES === 0) yield
      if (loan.archived) continue
      const ofPerson = this.activeLoans.get(loan.personId) as Loan[] | undefined
      if (ofPerson) ofPerson.push(loan)
      else this.activeLoans.set(loan.personId, [loan])
    }
    // The book's whole list of payments is sorted only if someone reads it (see `LazySorted`).
    // Gathered a slice at a time: 300,000 at once were 40 ms of one task at this machine's speed.
    const payments: Payment[] = []
    for (const payment of this.payments.byId.values()) {
      payments.push(payment)
      if (payments.length % (STEP_ENTRIES * 8) === 0) yield
    }
    this.paymentList = sortPayments ? sortLater(payments, comparePayments) : readySorted(payments)
    this.waiverList = readySorted([...this.waivers.byId.values()].sort(comparePayments))
    for (const listed of this.listed) {
      const list = [...listed.keyed.byId.values()].sort(listed.spec.order as Order)
      if (!sameItems(list, listed.list)) listed.list = list
    }
    this.logSkippedMoved = true
    this.gatherSkipped()
    return this.snapshot()
  }

  /** Every payment id the doc holds: in the logs, or in an older form only. */
  private *paymentIds(): Generator<string> {
    yield* this.log.first.keys()
    for (const id of this.olderPayments.byId.keys()) if (!this.log.first.has(id)) yield id
  }

  /** The joins of everything read: payments and waivers to loans, loans to people. */
  private *joinAll(): Steps<void> {
    for (const index of [this.paymentsOfLoan, this.waiversOfLoan, this.loansOfPerson]) index.clear()
    let linked = 0
    for (const payment of this.payments.byId.values()) {
      this.paymentsOfLoan.link(payment.loanId, payment)
      if (++linked % (STEP_ENTRIES * 8) === 0) yield
    }
    for (const waiver of this.waivers.byId.values()) this.waiversOfLoan.link(waiver.loanId, waiver)
    for (const loan of this.storedLoans.byId.values())
      this.loansOfPerson.link(loan.personId, loan.id)
    this.paymentsOfLoan.trim()
    this.loanPayments.clear()
    yield* this.loans.rebuildSteps(this.storedLoans.byId.keys())
    yield* this.people.rebuildSteps(this.storedPeople.byId.keys())
  }

  /**
   * The snapshot after the changes marked since the last read: only the named entries are read
   * again, and `prev` itself when nothing it shows changed.
   */
  update(prev: LenderSnapshot): LenderSnapshot {
    this.readArrived()
    for (const id of this.olderPayments.update().keys()) this.payments.mark(id)
    this.updateVoids()
    const payments = this.updateFacts(this.payments, this.paymentsOfLoan, this.newPayments)
    for (const loanId of this.newPayments) this.loanPayments.delete(loanId)
    const waivers = this.updateFacts(this.waivers, this.waiversOfLoan, this.newWaivers)
    const touched = this.updateStoredLoans()
    const loans = this.updateLoans(touched)
    const people = this.updatePeople(touched)
    let listsMoved = false
    for (const listed of this.listed) {
      const changes = listed.keyed.update()
      if (!changes.size) continue
      listed.list = patchSorted(listed.list, changes.values(), listed.spec.order as Order)
      listsMoved = true
    }
    for (const keyed of this.checked) keyed.update()
    const skippedMoved = this.gatherSkipped()
    const changes = people.size + loans.size + payments.size + waivers.size
    if (changes === 0 && !listsMoved && !skippedMoved) return prev
    if (people.size) this.peopleList = patchSorted(this.peopleList, people.values(), byCreation)
    if (loans.size) this.loanList = patchSorted(this.loanList, loans.values(), byCreation)
    if (payments.size) {
      this.paymentList = patchLater(this.paymentList, payments, comparePayments)
    }
    if (waivers.size) this.waiverList = patchLater(this.waiverList, waivers, comparePayments)
    return this.snapshot()
  }

  /** The snapshot of the lists as they stand. */
  private snapshot(): LenderSnapshot {
    const snapshot: Record<string, unknown> = {
      people: this.peopleList,
      loans: this.loanList,
      skipped: this.skippedList,
    }
    for (const { spec, list } of this.listed) snapshot[spec.field] = list
    const payments = this.paymentList
    const waivers = this.waiverList
    // Read from the lazy lists, still enumerable as plain fields are.
    const read = Object.defineProperties(snapshot, {
      payments: { get: () => payments.read(), enumerable: true },
      waivers: { get: () => waivers.read(), enumerable: true },
    }) as unknown as LenderSnapshot
    paymentLists.set(read, payments)
    return read
  }

  /** The records that arrived since the last read, read into the logs' payments. */
  private readArrived(): void {
    const malformed = this.log.malformed.length
    for (const [records, by] of this.arrived) {
      for (const record of records) readRecord(this.log, record, by, this.markPayment)
    }
    if (this.log.malformed.length !== malformed) this.logSkippedMoved = true
    this.arrived = []
    this.arrivedCount = 0
  }

  // A payment id new to the logs: shown as last read until it is read again.
  private readonly markPayment = (id: string, isNew: boolean): void => {
    if (isNew) this.payments.byId.hold(id)
    this.payments.mark(id)
  }

  /** A void or an undo changes what stands voided: the deposits and waivers it names are read again. */
  private updateVoids(): void {
    const voidsMoved = this.voids.update().size + this.undos.update().size
    if (!voidsMoved) return
    const next = shownVoids(this.voids.byId.values(), this.undos.byId)
    const deposits = new Set<string>()
    for (const key of new Set([...this.shown.keys(), ...next.keys()])) {
      if (this.shown.get(key)?.voidId === next.get(key)?.voidId) continue
      const colon = key.indexOf(':')
      const targetId = key.slice(colon + 1)
      if (key.slice(0, colon) === 'waiver') this.waivers.mark(targetId)
      else deposits.add(targetId)
    }
    this.shown = next
    // Voids are rare: one pass over the payments beats an index of 100,000 one-entry sets.
    if (deposits.size) {
      for (const [id, payment] of this.payments.byId) {
        if (deposits.has(payment.depositId)) this.payments.mark(id)
      }
    }
  }

  /**
   * Payments or waivers read again: each moved in `index` from its old loan to its new one, and
   * every loan they moved in or out of noted in `moved` and read again.
   */
  private updateFacts<T extends { loanId: string }>(
    keyed: Keyed<T, EntryStore<T>>,
    index: Index<T>,
    moved: Set<string>,
  ): Map<string, Change<T>> {
    const changes = keyed.update()
    for (const change of changes.values()) {
      index.move(change, byLoan, (fact) => fact)
      if (change.old) moved.add(change.old.loanId)
      if (change.next) moved.add(change.next.loanId)
    }
    for (const loanId of moved) this.loans.mark(loanId)
    return changes
  }

  /** The stored loans read again; the people whose loans moved. */
  private updateStoredLoans(): Set<string> {
    const touched = new Set<string>()
    for (const [id, change] of this.storedLoans.update()) {
      this.loansOfPerson.move(
        change,
        (loan) => loan.personId,
        (loan) => loan.id,
      )
      if (change.old) touched.add(change.old.personId)
      if (change.next) touched.add(change.next.personId)
      this.loans.mark(id)
    }
    return touched
  }

  private updateLoans(touched: Set<string>): Map<string, Change<Loan>> {
    const changes = this.loans.update()
    for (const { old, next } of changes.values()) {
      if (old) touched.add(old.personId)
      if (next) touched.add(next.personId)
    }
    this.newPayments.clear()
    this.newWaivers.clear()
    for (const personId of touched) this.refreshActiveLoans(personId)
    return changes
  }

  private updatePeople(touched: Set<string>): Map<string, Change<Person>> {
    for (const id of this.storedPeople.update().keys()) this.people.mark(id)
    for (const id of touched) this.people.mark(id)
    return this.people.update()
  }

  /** Rebuilds one person's active loans, keeping the old array when it holds the same loans. */
  private refreshActiveLoans(personId: string): void {
    const next: Loan[] = []
    for (const id of this.loansOfPerson.of(personId)) {
      const loan = this.loans.byId.get(id)
      if (loan && !loan.archived) next.push(loan)
    }
    next.sort(byCreation)
    if (sameItems(next, this.activeLoans.get(personId) ?? NO_LOANS)) return
    if (next.length) this.activeLoans.set(personId, next)
    else this.activeLoans.delete(personId)
  }

  /** Every skipped entry, in order, when anything skipped moved; whether it did. */
  private gatherSkipped(): boolean {
    let moved = this.logSkippedMoved
    this.logSkippedMoved = false
    for (const [keyed] of this.roots) moved = keyed.skippedChanged() || moved
    moved = this.payments.skippedChanged() || moved
    if (!moved) return false
    const all = [...this.log.malformed]
    for (const [keyed] of this.roots) all.push(...keyed.skipped())
    all.push(...this.payments.skipped())
    all.sort(compareSkipped)
    if (sameSkipped(all, this.skippedList)) return false
    this.skippedList = all
    return true
  }

  /**
   * The payment shown under `id`: the one every place holding it agrees on, or of several that
   * differ the one `resolvePayment` picks (the others counted as skipped); with its void, if any.
   */
  private readonly readPayment: ReadId<Payment> = (id, skipped) => {
    const older = getIfAny(this.olderPayments.byId, id)
    const first = this.log.first.get(id)
    const others = getIfAny(this.log.others, id)
    let shown = first ?? older
    if (others !== undefined || (first !== undefined && older !== undefined)) {
      const resolved = resolvePayment(paymentVersions(older, first, others))
      shown = resolved.shown
      for (let n = 0; n < resolved.duplicates; n++) {
        skipped.push({ kind: 'payment', id, reason: 'duplicate' })
      }
    }
    return shown && this.flagged(shown, 'deposit', shown.depositId)
  }

  /** A loan with its payments and waivers; those of a loan whose facts did not move are kept. */
  private readonly readLoan: ReadId<Loan> = (id, _skipped, previous) => {
    const stored = this.storedLoans.byId.get(id)
    if (!stored) return undefined
    return withFacts(
      stored,
      previous && !this.newPayments.has(id) ? previous.payments : this.paymentsOf(id),
      previous && !this.newWaivers.has(id) ? previous.waivers : this.waiverFactsOf(id),
    )
  }

  private readonly readPerson: ReadId<Person> = (id) => {
    const stored = this.storedPeople.byId.get(id)
    return stored && reconcilePerson(stored, this.hasLiveLoan(id))
  }

  private hasLiveLoan(personId: string): boolean {
    for (const id of this.loansOfPerson.of(personId)) {
      if (this.storedLoans.byId.get(id)?.archived === false) return true
    }
    return false
  }

  private waiverFactsOf(loanId: string): readonly WaiverFact[] {
    const waivers = this.waiversOfLoan.of(loanId)
    // Most loans have none: one empty list for all of them, not one each (30,000 in a big book).
    if (waivers.length === 0) return NO_WAIVERS
    return waivers.map(({ loanId: _loanId, ...fact }) => fact).sort(comparePayments)
  }

  /** An entry with the void that stands on it, if any (a new object only when voided). */
  private flagged<T extends object>(entry: T, kind: 'deposit' | 'waiver', targetId: string): T {
    if (this.shown.size === 0) return entry
    const voided = this.shown.get(`${kind}:${targetId}`)
    return voided ? { ...entry, voided } : entry
  }

  /** The active loans of a person, in creation order; the same array until one of them changes. */
  activeLoansOf(personId: string): readonly Loan[] {
    return this.activeLoans.get(personId) ?? NO_LOANS
  }

  /**
   * One loan's payments in replay order; the same array until one of them changes. A loan's own
   * `payments` is this array.
   */
  paymentsOf(loanId: string): readonly Payment[] {
    let list = this.loanPayments.get(loanId)
    if (!list) {
      list = [...this.paymentsOfLoan.of(loanId)].sort(comparePayments)
      this.loanPayments.set(loanId, list)
    }
    return list
  }

  /** How many changes wait to be read: past a share of `size`, reading everything is cheaper. */
  pending(): number {
    let count = this.arrivedCount + this.payments.pending
    for (const [keyed] of this.roots) count += keyed.pending
    return count
  }

  /** The entries a read keeps: people, loans, payments, waivers. */
  size(): number {
    return (
      this.storedPeople.byId.size +
      this.storedLoans.byId.size +
      this.payments.byId.size +
      this.waivers.byId.size
    )
  }

  /** Follows the doc: marks what each transaction changes, for the next `update`. Returns what stops it. */
  follow(): () => void {
    const stops = this.roots.map(([keyed, spec]) => keyed.follow(spec.root.of(this.doc), spec.keys))
    stops.push(this.followLogs())
    return () => {
      for (const stop of stops) stop()
    }
  }

  /**
   * Follows the deposit logs. The app only appends to them and adds actors: appended records
   * wait for the next read (`arrived`); anything else (a layout move, a log or an actor
   * replaced) and the next read is whole. A log made in the transaction reports no changes of
   * its own: it is read whole.
   */
  private followLogs(): () => void {
    const { doc } = this
    const [log, logs, actors] = [depositLog(doc), actorLogs(doc), actorsMap(doc)]
    const arrive = (records: readonly unknown[], by: Actor | undefined) => {
      this.arrived.push([records, by])
      this.arrivedCount += records.length
    }
    const addDelta = (event: Y.YEvent<Y.Array<unknown>>, by: Actor | undefined) => {
      for (const change of event.changes.delta) {
        if (change.delete) this.rewritten = true
        if (Array.isArray(change.insert)) arrive(change.insert, by)
      }
    }
    const onLog = (event: Y.YArrayEvent<unknown>) => addDelta(event, undefined)
    const onLogs = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const event of events) {
        if (event.target === logs) {
          for (const [key, { action }] of event.changes.keys) {
            const added = logs.get(key)
            // Anything else under a log's key is counted by the full read.
            if (action !== 'add' || !isArray(added)) this.rewritten = true
            else arrive(added.toArray(), logActor(doc, key))
          }
        } else if (isArray(event.target) && event.path.length === 1) {
          addDelta(event as Y.YEvent<Y.Array<unknown>>, logActor(doc, event.path[0] as string))
        }
      }
    }
    const onActors = (event: Y.YMapEvent<unknown>) => {
      for (const { action } of event.changes.keys.values())
        if (action !== 'add') this.rewritten = true
    }
    log.observe(onLog)
    logs.observeDeep(onLogs)
    actors.observe(onActors)
    return () => {
      log.unobserve(onLog)
      logs.unobserveDeep(onLogs)
      actors.unobserve(onActors)
    }
  }
}

type Order = (a: unknown, b: unknown) => number

/** Reads one root's entries with its reader; a malformed entry is skipped as the root's kind. */
function fromRoot<T, U = T>(
  spec: EntryRoot<T>,
  doc: Y.Doc,
  then?: (entry: T, id: string) => U,
): ReadId<U> {
  const map = spec.root.of(doc)
  return (id, skipped) => {
    if (!map.has(id)) return undefined
    const entry = spec.read(id, map.get(id), doc)
    if (entry === null) {
      skipped.push({ kind: spec.kind, id, reason: 'malformed' })
      return undefined
    }
    return then ? then(entry, id) : (entry as unknown as U)
  }
}

/** The ids of a root's entries. */
function rootIds(spec: EntryRoot<unknown>, doc: Y.Doc): Iterable<string> {
  const map = spec.root.of(doc)
  return spec.keys ? spec.keys.filter((key) => map.has(key)) : map.keys()
}

function isArray(value: unknown): value is Y.Array<unknown> {
  return value instanceof Y.Array
}

function byLoan(entry: { loanId: string }): string {
  return entry.loanId
}

/** Whether a person read again says nothing the old object does not. */
function samePerson(a: Person, b: Person): boolean {
  const keys = Object.keys(a) as (keyof Person)[]
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]))
}

/** Identical, or two actors naming one account and device (each read makes a new object). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  const x = a as Actor | undefined
  const y = b as Actor | undefined
  return (
    typeof x === 'object' &&
    typeof y === 'object' &&
    x.account === y.account &&
    x.device === y.device
  )
}

/** The order of `LenderSnapshot.skipped`: kind, id, reason. */
export function compareSkipped(a: SkippedEntry, b: SkippedEntry): number {
  return compareText(a.kind, b.kind) || compareText(a.id, b.id) || compareText(a.reason, b.reason)
}

/** A stored loan with its payments and waivers (each in replay order) attached. */
function withFacts(stored: StoredLoan, payments: Loan['payments'], waivers: Loan['waivers']): Loan {
  // A spread, not Object.assign: that spared Node 20 (the server) a hidden class per loan, but
  // Chromium then took about 30 % longer to open a 300,000-payment book (measured in the
  // commit that put the spread back).
  return { ...stored, payments, waivers }
}

/**
 * A stored person as the lender sees them: one archived on one device while another device gave
 * them a loan that is not archived is shown again, marked `revived` (see `readLender`).
 */
function reconcilePerson(stored: StoredPerson, hasLiveLoan: boolean): Person {
  const revived = stored.archived && hasLiveLoan
  return { ...stored, archived: stored.archived && !revived, revived }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** createdAt, then id: the same order on every device, whatever order the map iterates in. */
function byCreation(
  a: { createdAt: string; id: string },
  b: { createdAt: string; id: string },
): number {
  return compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id)
}
