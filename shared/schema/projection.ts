/**
 * The lender's doc as plain snapshots that follow the change, not the book. `readLender` reads
 * every entry; this reads the doc once, then listens to Yjs events, which name exactly the
 * people, loans and payments a transaction touched, and re-reads only those. Objects that did not
 * change keep their identity across snapshots, so the engine's figures cache and React skip them.
 *
 * The result is, at every moment, deep-equal to `readLender(doc)` (a property test holds it to
 * that); the rules (what is malformed, the order, a revived person) live in the readers.
 */
import * as Y from 'yjs'
import { comparePayments } from '../ledger/replay.ts'
import type { Actor, PaymentFact, VoidInfo, WaiverFact } from '../ledger/types.ts'
import { actorsMap } from './actors.ts'
import {
  actorLogs,
  depositLog,
  logActor,
  logPayments,
  paymentVersions,
  readDepositLog,
  readRecord,
  resolvePayment,
} from '../deposit/log.ts'
import {
  loanEditsMap,
  loansMap,
  metaMap,
  peopleMap,
  undosMap,
  voidsMap,
  waiversMap,
} from './doc.ts'
import {
  byCreation,
  compareSkipped,
  readLenderUnsorted,
  reconcilePerson,
  skippedOutsideEntries,
  withFacts,
} from './lender.ts'
import { readStoredLoan, type StoredLoan } from './loan.ts'
import { readLoanEdits } from './loanEdit.ts'
import { olderPayment, olderPayments } from './layouts/oldForms.ts'
import { readStoredPerson, type StoredPerson } from './person.ts'
import { NEW_LOAN_RULE_FIELD, PROFILE_FIELDS, profileMap } from './profile.ts'
import type {
  LenderSnapshot,
  Loan,
  LoanEdit,
  Payment,
  Person,
  SkippedEntry,
  Waiver,
} from './types.ts'
import { activeVoids } from './void.ts'
import { readWaiver } from './waiver.ts'

/** A live view of one lender's doc. */
export interface LenderProjection {
  /** The current snapshot; the same object until the doc changes. */
  snapshot(): LenderSnapshot
  /**
   * The loans of a person that are not archived, in creation order, as of the last snapshot; the
   * same array until one of them changes (so a per-person cache can skip everyone else).
   */
  activeLoansOf(personId: string): readonly Loan[]
  /**
   * One loan's payments, voided ones flagged, in replay order, as of the last snapshot; the same
   * array until one of them changes (a person's pages need these, never the whole book's list).
   */
  paymentsOf(loanId: string): readonly Payment[]
  /** Calls `listener` after every transaction that changed people, loans or payments. */
  subscribe(listener: () => void): () => void
  /** Stops listening to the doc. */
  destroy(): void
}

/** Past this many changed entries in one go, reading everything again is the cheaper path. */
const FULL_READ_RATIO = 0.25

/** Ids named by a batch of deep events on one root map: its own keys, or the entry a nested change sits in. */
function collectKeys(into: Set<string>) {
  return (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (event.path.length === 0) for (const key of event.keys.keys()) into.add(key)
      else into.add(String(event.path[0]))
    }
  }
}

/** One entry of a sorted array that changed: what it was (if anything), what it is now (if anything). */
interface Change<T> {
  old: T | undefined
  next: T | null
}

/** Where `item` belongs in `sorted` (after any equal entries). */
function insertionPoint<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (compare(sorted[mid] as T, item) <= 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * `prev` (sorted by `compare`) with the changed entries taken out and put back where they now
 * belong: a copy and a binary search per change, never a scan of the whole array.
 */
function patchSorted<T>(
  prev: readonly T[],
  changes: Iterable<Change<T>>,
  compare: (a: T, b: T) => number,
): T[] {
  const next = prev.slice()
  const added: T[] = []
  for (const { old, next: item } of changes) {
    if (old !== undefined) {
      // `old` sits at the end of its run of equals; step back over the equal ones to find it.
      let at = insertionPoint(next, old, compare) - 1
      while (at >= 0 && next[at] !== old) at--
      if (at >= 0) next.splice(at, 1)
    }
    if (item) added.push(item)
  }
  for (const item of added) next.splice(insertionPoint(next, item, compare), 0, item)
  return next
}

/** Past this many unread patches a lazy list's chain is folded into one patch, so it stays short. */
const MAX_UNREAD_PATCHES = 64

/**
 * A sorted list patched only when someone reads it. The screens never read every payment (they
 * read each loan's own), so a deposit into a 100,000-payment book does not copy all of them; an
 * export or a test that does read the list gets exactly what an eager patch would have given.
 */
interface LazySorted<T> {
  read(): readonly T[]
  /** The list, once built. */
  built: readonly T[] | null
  /** The list this one patches, and its changes by id; null once built, and on a list to sort. */
  base: LazySorted<T> | null
  changes: ReadonlyMap<string, Change<T>>
  /** Patches not yet applied, counted back to the last list that was built. */
  unread: number
}

function readySorted<T>(list: readonly T[]): LazySorted<T> {
  return { read: () => list, built: list, base: null, changes: new Map(), unread: 0 }
}

/** `list` (in any order) sorted by `compare` when first read. */
function sortLater<T>(list: T[], compare: (a: T, b: T) => number): LazySorted<T> {
  const lazy: LazySorted<T> = {
    read: () => (lazy.built ??= list.sort(compare)),
    built: null,
    base: null,
    changes: new Map(),
    unread: 0,
  }
  return lazy
}

/**
 * `prev` with `changes` applied, built when first read: the changes of every unread list back to
 * the last built one are merged per id (first `old`, last `next`) and applied in one patch.
 */
function patchLater<T>(
  prev: LazySorted<T>,
  changes: ReadonlyMap<string, Change<T>>,
  compare: (a: T, b: T) => number,
): LazySorted<T> {
  const lazy = patchNode(prev, changes, prev.unread + 1, compare)
  if (lazy.unread <= MAX_UNREAD_PATCHES) return lazy
  // Too long a chain: fold it into one patch of the list it starts from, still sorting nothing.
  const { root, merged } = unreadChanges(lazy)
  return patchNode(root, merged, 1, compare)
}

function patchNode<T>(
  base: LazySorted<T>,
  changes: ReadonlyMap<string, Change<T>>,
  unread: number,
  compare: (a: T, b: T) => number,
): LazySorted<T> {
  const lazy: LazySorted<T> = {
    read() {
      if (lazy.built) return lazy.built
      const { root, merged } = unreadChanges(lazy)
      lazy.built = patchSorted(root.read(), merged.values(), compare)
      lazy.base = null // let the older lists go
      return lazy.built
    },
    built: null,
    base,
    changes,
    unread,
  }
  return lazy
}

/** The list `lazy`'s chain starts from (built, or sorted when read), and the chain's changes merged per id. */
function unreadChanges<T>(lazy: LazySorted<T>): {
  root: LazySorted<T>
  merged: Map<string, Change<T>>
} {
  const chain: LazySorted<T>[] = []
  let from = lazy
  for (; !from.built && from.base; from = from.base) chain.push(from)
  const merged = new Map<string, Change<T>>()
  for (const node of chain.reverse()) {
    for (const [id, change] of node.changes) {
      const earlier = merged.get(id)
      merged.set(id, earlier ? { old: earlier.old, next: change.next } : change)
    }
  }
  return { root: from, merged }
}

/** `snapshot` with `payments` and `waivers` read from lazy lists (still enumerable, as plain fields are). */
function withLazyFacts(
  snapshot: Pick<LenderSnapshot, 'people' | 'loans' | 'loanEdits' | 'skipped'>,
  payments: LazySorted<Payment>,
  waivers: LazySorted<Waiver>,
): LenderSnapshot {
  return Object.defineProperties(snapshot, {
    payments: { get: () => payments.read(), enumerable: true },
    waivers: { get: () => waivers.read(), enumerable: true },
  }) as LenderSnapshot
}

/** Whether two lists of skipped entries (each in `compareSkipped` order) name the same entries. */
function sameSkipped(a: readonly SkippedEntry[], b: readonly SkippedEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const other = b[i] as SkippedEntry
      return entry.kind === other.kind && entry.id === other.id && entry.reason === other.reason
    })
  )
}

/** Whether two lists hold the same records: each record read is kept (see `readLoanEdit`). */
function sameEdits(a: readonly LoanEdit[], b: readonly LoanEdit[]): boolean {
  return a.length === b.length && a.every((edit, i) => edit === b[i])
}

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

function malformed(kind: SkippedEntry['kind'], id: string): SkippedEntry {
  return { kind, id, reason: 'malformed' }
}

/** Starts projecting `doc`; call `destroy` when the doc is closed. */
export function projectLender(doc: Y.Doc): LenderProjection {
  const people = peopleMap(doc)
  const loans = loansMap(doc)
  const waivers = waiversMap(doc)

  const dirtyPeople = new Set<string>()
  const dirtyLoans = new Set<string>()
  const dirtyPayments = new Set<string>()
  const dirtyWaivers = new Set<string>()
  // Voids and their undos are few: any change to them re-derives which targets stand voided.
  const dirtyVoids = new Set<string>()
  // Changes of loans' terms are few too (a lender edits a loan a handful of times): any change
  // to their records reads them all again.
  const dirtyEdits = new Set<string>()
  const observers = [
    [people, collectKeys(dirtyPeople)],
    [loans, collectKeys(dirtyLoans)],
    [olderPayments(doc), collectKeys(dirtyPayments)],
    [waivers, collectKeys(dirtyWaivers)],
    [voidsMap(doc), collectKeys(dirtyVoids)],
    [undosMap(doc), collectKeys(dirtyVoids)],
    [loanEditsMap(doc), collectKeys(dirtyEdits)],
  ] as const
  for (const [map, observer] of observers) map.observeDeep(observer)
  // Actors, the profile's details and the layout stamp are read again whenever they change
  // (they are a handful), for what is skipped among them.
  let dirtyOutside = false
  const onOutside =
    (keys: readonly string[] | null) =>
    (event: Y.YMapEvent<unknown>): void => {
      if (!keys || keys.some((key) => event.keysChanged.has(key))) dirtyOutside = true
    }
  const outside = [
    [metaMap(doc), onOutside(['schemaVersion'])],
    [profileMap(doc), onOutside([...PROFILE_FIELDS, NEW_LOAN_RULE_FIELD])],
    [actorsMap(doc), onOutside(null)],
  ] as const
  for (const [map, observer] of outside) map.observe(observer)

  // The deposit logs' payments by id (see `LogPayments`).
  const log = depositLog(doc)
  const logs = actorLogs(doc)
  const logRead = logPayments()
  // The app only appends to the logs and adds actors; anything else (a layout move, a log or
  // an actor replaced) and the next snapshot reads everything.
  let logRewritten = false
  // Records that arrived since the last snapshot, with the actor of their log, read when the
  // next one is taken: a big book arrives in one load, which that snapshot reads whole anyway
  // (unpacked as they arrived, its 100,000 records were read twice).
  const arrived: [readonly unknown[], Actor | undefined][] = []
  let arrivedCount = 0
  const addRecords = (records: readonly unknown[], by: Actor | undefined) => {
    arrived.push([records, by])
    arrivedCount += records.length
  }
  // What the next snapshot has to read: each arrived record holds one payment at least.
  const dirtyCount = () =>
    dirtyPeople.size +
    dirtyLoans.size +
    dirtyPayments.size +
    dirtyWaivers.size +
    dirtyVoids.size +
    dirtyEdits.size +
    arrivedCount +
    (dirtyOutside ? 1 : 0)
  const markPayment = (id: string) => dirtyPayments.add(id)
  const readArrived = () => {
    const malformed = logRead.malformed.length
    for (const [records, by] of arrived) {
      for (const record of records) readRecord(logRead, record, by, markPayment)
    }
    if (logRead.malformed.length !== malformed) skippedChanged = true
    arrived.length = 0
    arrivedCount = 0
  }
  const addDelta = (event: Y.YEvent<Y.Array<unknown>>, by: Actor | undefined) => {
    for (const change of event.changes.delta) {
      if (change.delete) logRewritten = true
      if (Array.isArray(change.insert)) addRecords(change.insert, by)
    }
  }
  const onLog = (event: Y.YArrayEvent<unknown>) => addDelta(event, undefined)
  // A log made in the transaction reports no changes of its own: it is read whole.
  const onLogs = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (event.target === logs) {
        for (const [key, { action }] of event.changes.keys) {
          const added = logs.get(key)
          // Anything else under a log's key is counted by the full read.
          if (action !== 'add' || !(added instanceof Y.Array)) logRewritten = true
          else addRecords(added.toArray(), logActor(doc, key))
        }
      } else if (event.target instanceof Y.Array && event.path.length === 1) {
        addDelta(event as Y.YEvent<Y.Array<unknown>>, logActor(doc, event.path[0] as string))
      }
    }
  }
  const onActors = (event: Y.YMapEvent<unknown>) => {
    for (const { action } of event.changes.keys.values()) if (action !== 'add') logRewritten = true
  }
  log.observe(onLog)
  logs.observeDeep(onLogs)
  actorsMap(doc).observe(onActors)

  // The stored entries, and indexes from a loan to its payments and a person to their loans.
  const storedPeople = new Map<string, StoredPerson>()
  const storedLoans = new Map<string, StoredLoan>()
  const paymentById = new Map<string, Payment>()
  const paymentsOfLoan = new Map<string, string[]>()
  const waiverById = new Map<string, Waiver>()
  const waiversOfLoan = new Map<string, string[]>()
  // What stands voided, keyed `deposit:<id>` or `waiver:<id>` (see `activeVoids`).
  let voids = new Map<string, VoidInfo>()
  const loansOfPerson = new Map<string, string[]>()
  // The snapshot's objects, by id, so an unchanged one is handed out again.
  const personById = new Map<string, Person>()
  const loanById = new Map<string, Loan>()
  const activeLoans = new Map<string, readonly Loan[]>()
  const noLoans: readonly Loan[] = []
  // Each loan's payments as handed out by `paymentsOf`, built when first asked for.
  const loanPayments = new Map<string, readonly Payment[]>()
  // What is skipped, by where it was found (see `LenderSnapshot.skipped`).
  const skippedPeople = new Map<string, SkippedEntry>()
  const skippedLoans = new Map<string, SkippedEntry>()
  const skippedWaivers = new Map<string, SkippedEntry>()
  const skippedOlder = new Map<string, SkippedEntry>() // payments of older forms (see `olderPayment`)
  const duplicates = new Map<string, number>() // payment id → payments skipped under it
  let skippedVoids: SkippedEntry[] = [] // voids and undos
  let skippedEdits: SkippedEntry[] = [] // the records of loans' change history
  let currentEdits: readonly LoanEdit[] = []
  let skippedOutside: SkippedEntry[] = []
  let skippedChanged = false
  let currentSkipped: readonly SkippedEntry[] = []

  let current: LenderSnapshot | null = null
  let currentPayments: LazySorted<Payment> = readySorted([])
  let currentWaivers: LazySorted<Waiver> = readySorted([])
  let pending = true
  const listeners = new Set<() => void>()

  const onTransaction = (transaction: Y.Transaction) => {
    if (dirtyCount() === 0 && !logRewritten) return
    if (!transaction.changedParentTypes.size) return
    pending = true
    for (const listener of listeners) listener()
  }
  doc.on('afterTransaction', onTransaction)

  // A loan's ids are a few, a person's loans a few dozen: a short array, a quarter of a Set's size.
  function link(index: Map<string, string[]>, key: string, id: string): void {
    const ids = index.get(key)
    if (!ids) index.set(key, [id])
    else if (!ids.includes(id)) ids.push(id)
  }

  function unlink(index: Map<string, string[]>, key: string, id: string): void {
    const ids = index.get(key)
    const at = ids ? ids.indexOf(id) : -1
    if (!ids || at < 0) return
    if (ids.length === 1) index.delete(key)
    else ids.splice(at, 1)
  }

  function paymentFactsOf(loanId: string): PaymentFact[] {
    const facts: PaymentFact[] = []
    for (const id of paymentsOfLoan.get(loanId) ?? []) facts.push(paymentById.get(id) as Payment)
    return facts.sort(comparePayments)
  }

  function waiverFactsOf(loanId: string): WaiverFact[] {
    const facts: WaiverFact[] = []
    for (const id of waiversOfLoan.get(loanId) ?? []) {
      const { loanId: _loanId, ...fact } = waiverById.get(id) as Waiver
      facts.push(fact)
    }
    return facts.sort(comparePayments)
  }

  /** An entry with the void that stands on it, if any (a new object only when voided). */
  function flagged<T extends object>(entry: T, key: string): T {
    const voided = voids.get(key)
    return voided ? { ...entry, voided } : entry
  }

  /** Rebuilds one person's active loans, keeping the old array when it holds the same loans. */
  function refreshActiveLoans(personId: string): void {
    const next: Loan[] = []
    for (const id of loansOfPerson.get(personId) ?? []) {
      const loan = loanById.get(id)
      if (loan && !loan.archived) next.push(loan)
    }
    next.sort(byCreation)
    const old = activeLoans.get(personId) ?? noLoans
    if (next.length === old.length && next.every((loan, i) => loan === old[i])) return
    if (next.length) activeLoans.set(personId, next)
    else activeLoans.delete(personId)
  }

  function hasLiveLoan(personId: string): boolean {
    for (const id of loansOfPerson.get(personId) ?? []) {
      if (storedLoans.get(id)?.archived === false) return true
    }
    return false
  }

  /** Everything from scratch: the first snapshot, and after a batch too large to patch. */
  function readAll(): LenderSnapshot {
    for (const set of [
      dirtyPeople,
      dirtyLoans,
      dirtyPayments,
      dirtyWaivers,
      dirtyVoids,
      dirtyEdits,
    ]) {
      set.clear()
    }
    for (const map of [
      storedPeople,
      storedLoans,
      paymentById,
      paymentsOfLoan,
      waiverById,
      waiversOfLoan,
      loansOfPerson,
      skippedPeople,
      skippedLoans,
      skippedWaivers,
      skippedOlder,
      duplicates,
      logRead.first,
      logRead.others,
    ]) {
      map.clear()
    }
    voids = activeVoids(doc)
    logRewritten = false
    dirtyOutside = false
    skippedChanged = false
    arrived.length = 0
    arrivedCount = 0
    logRead.malformed.length = 0
    readDepositLog(doc, logRead)
    personById.clear()
    loanById.clear()
    activeLoans.clear()
    loanPayments.clear()
    // The book's whole list of payments is sorted only if someone reads it (see `LazySorted`).
    const { payments: unsorted, ...snapshot } = readLenderUnsorted(doc, logRead)
    fileAllSkipped(snapshot.skipped)
    for (const payment of unsorted) {
      paymentById.set(payment.id, payment)
      link(paymentsOfLoan, payment.loanId, payment.id)
    }
    for (const waiver of snapshot.waivers) {
      waiverById.set(waiver.id, waiver)
      link(waiversOfLoan, waiver.loanId, waiver.id)
    }
    for (const loan of snapshot.loans) {
      const { payments: _payments, waivers: _waivers, ...stored } = loan
      storedLoans.set(loan.id, stored)
      loanById.set(loan.id, loan)
      link(loansOfPerson, loan.personId, loan.id)
      if (loan.archived) continue
      const ofPerson = activeLoans.get(loan.personId) as Loan[] | undefined
      if (ofPerson) ofPerson.push(loan)
      else activeLoans.set(loan.personId, [loan])
    }
    for (const [id, entry] of people.entries()) {
      const stored = readStoredPerson(id, entry)
      if (stored) storedPeople.set(id, stored)
    }
    for (const person of snapshot.people) personById.set(person.id, person)
    currentPayments = sortLater(unsorted, comparePayments)
    currentWaivers = readySorted(snapshot.waivers)
    if (!sameEdits(snapshot.loanEdits, currentEdits)) currentEdits = snapshot.loanEdits
    return withLazyFacts({ ...snapshot, loanEdits: currentEdits }, currentPayments, currentWaivers)
  }

  /** Files a full read's skipped entries by where they were found, to patch them from there. */
  function fileAllSkipped(skipped: readonly SkippedEntry[]): void {
    skippedVoids = []
    skippedEdits = []
    skippedOutside = []
    for (const entry of skipped) {
      const { kind, id, reason } = entry
      if (kind === 'person') skippedPeople.set(id, entry)
      else if (kind === 'loan') skippedLoans.set(id, entry)
      else if (kind === 'waiver') skippedWaivers.set(id, entry)
      else if (kind === 'payment' && reason === 'malformed') skippedOlder.set(id, entry)
      else if (kind === 'payment') duplicates.set(id, (duplicates.get(id) ?? 0) + 1)
      else if (kind === 'void' || kind === 'undo') skippedVoids.push(entry)
      else if (kind === 'loanEdit') skippedEdits.push(entry)
      else if (kind !== 'deposit') skippedOutside.push(entry) // a deposit's is in `logRead`
    }
    currentSkipped = skipped
  }

  /** Files one entry's state: skipped (`entry`) or not (null). */
  function fileSkipped(where: Map<string, SkippedEntry>, id: string, entry: SkippedEntry | null) {
    if (entry) {
      if (!where.has(id)) skippedChanged = true
      where.set(id, entry)
    } else if (where.delete(id)) skippedChanged = true
  }

  /** Every skipped entry, in order; the previous list when it names the same entries. */
  function gatherSkipped(): readonly SkippedEntry[] {
    const all: SkippedEntry[] = [
      ...skippedPeople.values(),
      ...skippedLoans.values(),
      ...skippedWaivers.values(),
      ...skippedOlder.values(),
      ...logRead.malformed,
      ...skippedVoids,
      ...skippedEdits,
      ...skippedOutside,
    ]
    for (const [id, count] of duplicates) {
      for (let n = 0; n < count; n++) all.push({ kind: 'payment', id, reason: 'duplicate' })
    }
    all.sort(compareSkipped)
    return sameSkipped(all, currentSkipped) ? currentSkipped : all
  }

  /** The previous snapshot with only the named entries read again. */
  function patch(prev: LenderSnapshot): LenderSnapshot {
    // A void or an undo changes what stands voided: re-read the deposits and waivers it names.
    if (dirtyVoids.size) {
      const skipped: SkippedEntry[] = []
      const next = activeVoids(doc, skipped)
      skippedVoids = skipped
      skippedChanged = true
      const deposits = new Set<string>()
      for (const key of new Set([...voids.keys(), ...next.keys()])) {
        if (voids.get(key)?.voidId === next.get(key)?.voidId) continue
        const [kind, targetId] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
        if (kind === 'waiver') dirtyWaivers.add(targetId)
        else deposits.add(targetId)
      }
      // Voids are rare: one pass over the payments beats an index of 100,000 one-entry sets.
      if (deposits.size) {
        for (const [id, payment] of paymentById) {
          if (deposits.has(payment.depositId)) dirtyPayments.add(id)
        }
      }
      voids = next
    }
    let editsChanged = false
    if (dirtyEdits.size) {
      const skipped: SkippedEntry[] = []
      const next = readLoanEdits(doc, skipped)
      dirtyEdits.clear()
      if (!sameSkipped(skipped, skippedEdits)) {
        skippedEdits = skipped
        skippedChanged = true
      }
      if (!sameEdits(next, currentEdits)) {
        currentEdits = next
        editsChanged = true
      }
    }
    if (dirtyOutside) {
      skippedOutside = skippedOutsideEntries(doc)
      dirtyOutside = false
      skippedChanged = true
    }

    const changedPayments = new Map<string, Change<Payment>>()
    // Loans whose list of payments, or of waivers, changed.
    const withNewPayments = new Set<string>()
    for (const id of dirtyPayments) {
      const old = paymentById.get(id)
      // Every payment read under the id, as `readPayments` reads them.
      const older = olderPayment(doc, id)
      fileSkipped(skippedOlder, id, older === null ? malformed('payment', id) : null)
      const versions = paymentVersions(older, logRead.first.get(id), logRead.others.get(id))
      // One payment (nearly always) is shown as it is; several are resolved, on every device alike.
      const resolved =
        versions.length > 1
          ? resolvePayment(versions)
          : { shown: versions[0] ?? null, duplicates: 0 }
      const read = resolved.shown
      if ((duplicates.get(id) ?? 0) !== resolved.duplicates) {
        skippedChanged = true
        if (resolved.duplicates) duplicates.set(id, resolved.duplicates)
        else duplicates.delete(id)
      }
      const next = read && flagged(read, `deposit:${read.depositId}`)
      if (old === next) continue
      if (old) {
        unlink(paymentsOfLoan, old.loanId, id)
        withNewPayments.add(old.loanId)
        paymentById.delete(id)
      }
      if (next) {
        paymentById.set(id, next)
        link(paymentsOfLoan, next.loanId, id)
        withNewPayments.add(next.loanId)
      }
      changedPayments.set(id, { old, next })
    }

    const changedWaivers = new Map<string, Change<Waiver>>()
    const withNewWaivers = new Set<string>()
    for (const id of dirtyWaivers) {
      const old = waiverById.get(id)
      const entry = waivers.get(id)
      const read = readWaiver(id, entry)
      fileSkipped(skippedWaivers, id, entry !== undefined && !read ? malformed('waiver', id) : null)
      const next = read && flagged(read, `waiver:${id}`)
      if (old === next) continue
      if (old) {
        unlink(waiversOfLoan, old.loanId, id)
        withNewWaivers.add(old.loanId)
        waiverById.delete(id)
      }
      if (next) {
        waiverById.set(id, next)
        link(waiversOfLoan, next.loanId, id)
        withNewWaivers.add(next.loanId)
      }
      changedWaivers.set(id, { old, next })
    }

    const touchedPeople = new Set<string>(dirtyPeople)
    for (const id of dirtyLoans) {
      const old = storedLoans.get(id)
      const entry = loans.get(id)
      const next = readStoredLoan(id, entry)
      fileSkipped(skippedLoans, id, entry !== undefined && !next ? malformed('loan', id) : null)
      if (old) {
        unlink(loansOfPerson, old.personId, id)
        touchedPeople.add(old.personId)
        storedLoans.delete(id)
      }
      if (next) {
        storedLoans.set(id, next)
        link(loansOfPerson, next.personId, id)
        touchedPeople.add(next.personId)
      }
    }

    const changedLoans = new Map<string, Change<Loan>>()
    for (const id of new Set([...dirtyLoans, ...withNewPayments, ...withNewWaivers])) {
      const stored = storedLoans.get(id)
      const previous = loanById.get(id)
      if (!stored) {
        if (previous) changedLoans.set(id, { old: previous, next: null })
        loanById.delete(id)
        continue
      }
      const loan = withFacts(
        stored,
        previous && !withNewPayments.has(id) ? previous.payments : paymentFactsOf(id),
        previous && !withNewWaivers.has(id) ? previous.waivers : waiverFactsOf(id),
      )
      loanById.set(id, loan)
      changedLoans.set(id, { old: previous, next: loan })
      touchedPeople.add(stored.personId)
    }

    for (const personId of touchedPeople) refreshActiveLoans(personId)
    for (const loanId of withNewPayments) loanPayments.delete(loanId)

    for (const id of dirtyPeople) {
      const entry = people.get(id)
      const stored = readStoredPerson(id, entry)
      fileSkipped(
        skippedPeople,
        id,
        entry !== undefined && !stored ? malformed('person', id) : null,
      )
      if (stored) storedPeople.set(id, stored)
      else storedPeople.delete(id)
    }
    const changedPeople = new Map<string, Change<Person>>()
    for (const id of touchedPeople) {
      const stored = storedPeople.get(id)
      const previous = personById.get(id)
      if (!stored) {
        if (previous) changedPeople.set(id, { old: previous, next: null })
        personById.delete(id)
        continue
      }
      const person = reconcilePerson(stored, hasLiveLoan(id))
      if (previous && samePerson(previous, person)) continue
      personById.set(id, person)
      changedPeople.set(id, { old: previous, next: person })
    }

    for (const set of [dirtyPeople, dirtyLoans, dirtyPayments, dirtyWaivers, dirtyVoids]) {
      set.clear()
    }
    const skipped = skippedChanged ? gatherSkipped() : currentSkipped
    skippedChanged = false
    const changes = changedPeople.size + changedLoans.size + changedPayments.size
    if (changes + changedWaivers.size === 0 && !editsChanged && skipped === currentSkipped) {
      return prev
    }
    currentSkipped = skipped
    if (changedPayments.size) {
      currentPayments = patchLater(currentPayments, changedPayments, comparePayments)
    }
    if (changedWaivers.size) {
      currentWaivers = patchLater(currentWaivers, changedWaivers, comparePayments)
    }
    return withLazyFacts(
      {
        people: changedPeople.size
          ? patchSorted(prev.people, changedPeople.values(), byCreation)
          : prev.people,
        loans: changedLoans.size
          ? patchSorted(prev.loans, changedLoans.values(), byCreation)
          : prev.loans,
        loanEdits: currentEdits,
        skipped,
      },
      currentPayments,
      currentWaivers,
    )
  }

  return {
    snapshot() {
      if (!pending && current) return current
      pending = false
      const changed = dirtyCount()
      const size = storedPeople.size + storedLoans.size + paymentById.size + waiverById.size
      if (!current || logRewritten || changed > size * FULL_READ_RATIO) current = readAll()
      else {
        readArrived()
        current = patch(current)
      }
      return current
    },
    activeLoansOf(personId) {
      return activeLoans.get(personId) ?? noLoans
    },
    paymentsOf(loanId) {
      let list = loanPayments.get(loanId)
      if (!list) {
        const ids = paymentsOfLoan.get(loanId) ?? []
        list = [...ids].map((id) => paymentById.get(id) as Payment).sort(comparePayments)
        loanPayments.set(loanId, list)
      }
      return list
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      for (const [map, observer] of observers) map.unobserveDeep(observer)
      log.unobserve(onLog)
      logs.unobserveDeep(onLogs)
      actorsMap(doc).unobserve(onActors)
      for (const [map, observer] of outside) map.unobserve(observer)
      doc.off('afterTransaction', onTransaction)
      listeners.clear()
    },
  }
}
