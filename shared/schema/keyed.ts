/**
 * The one piece the book's reading is built from: a collection of entries by id, read one id at a
 * time and kept between reads. Read whole (`rebuild`), it is what a from-scratch read gives;
 * told which ids changed (`mark`, or `follow` a Y.Map, whose events name them), it reads only
 * those again (`update`) and says what changed, keeping the very object of every entry that did
 * not: the engine's figures cache and React skip by identity.
 *
 * What could not be read is kept per id too, so it follows the change like the entries do.
 */
import type * as Y from 'yjs'
import { runSteps, STEP_ENTRIES, type Steps } from '../steps.ts'
import { getIfAny } from './idMap.ts'
import type { Change } from './sorted.ts'
import type { SkippedEntry } from './types.ts'

/**
 * Reads one id: its entry, or undefined when there is none to show; whatever is skipped under the
 * id is pushed to `skipped`. `old` is the entry as last read, for a reader that keeps parts of it.
 */
export type ReadId<T> = (id: string, skipped: SkippedEntry[], old: T | undefined) => T | undefined

const NOTHING: readonly SkippedEntry[] = []
// Each read pushes into this one array; an id that skips something gets a copy of its own.
const scratch: SkippedEntry[] = []

/** Entries by id as they are read: the reading half of a Map (or of an `IdMap`). */
export interface EntryReader<T> extends Iterable<[string, T]> {
  readonly size: number
  get(id: string): T | undefined
  has(id: string): boolean
  keys(): Iterable<string>
  values(): Iterable<T>
}

/** Where a `Keyed` keeps its entries: a Map, or an `Overlay` on one kept elsewhere. */
export interface EntryStore<T> extends EntryReader<T> {
  set(id: string, entry: T): void
  delete(id: string): void
  clear(): void
}

/** Entries by id, read by `read`, kept up to date by the ids marked changed. */
export class Keyed<T, S extends EntryStore<T> = Map<string, T>> {
  private readonly skippedById = new Map<string, readonly SkippedEntry[]>()
  private readonly marked = new Set<string>()
  private skippedMoved = false

  /**
   * `same`: whether a new read says nothing the old object does not, so the old one is kept (for a
   * reader that builds a new object each time).
   */
  constructor(
    private readonly read: ReadId<T>,
    private readonly same?: (a: T, b: T) => boolean,
    /** The entries as last read. */
    readonly byId: S = new Map<string, T>() as EntryStore<T> as S,
  ) {}

  /** Has `id` read again at the next `update`. */
  mark(id: string): void {
    this.marked.add(id)
  }

  /** How many ids wait for the next `update`. */
  get pending(): number {
    return this.marked.size
  }

  /**
   * Marks the ids `map`'s transactions touch: its keys (of `keys` only, when given), and the key
   * of an entry changed inside (a Y.Map entry's field). Returns what stops it.
   */
  follow(map: Y.Map<unknown>, keys?: readonly string[]): () => void {
    const onEvents = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const event of events) {
        const ids = event.path.length === 0 ? event.keys.keys() : [String(event.path[0])]
        for (const id of ids) if (!keys || keys.includes(id)) this.marked.add(id)
      }
    }
    map.observeDeep(onEvents)
    return () => map.unobserveDeep(onEvents)
  }

  /** Forgets everything read, then reads each of `ids` (each once). */
  rebuild(ids: Iterable<string>): void {
    runSteps(this.rebuildSteps(ids))
  }

  /** `rebuild`, a few entries per step. */
  *rebuildSteps(ids: Iterable<string>): Steps<void> {
    this.byId.clear()
    this.skippedById.clear()
    this.marked.clear()
    this.skippedMoved = true
    let read = 0
    for (const id of ids) {
      scratch.length = 0
      const entry = this.read(id, scratch, undefined)
      if (entry !== undefined) this.byId.set(id, entry)
      else this.byId.delete(id)
      if (scratch.length) this.skippedById.set(id, scratch.slice())
      if (++read % STEP_ENTRIES === 0) yield
    }
  }

  /** Reads the marked ids again: what changed, by id (an entry read the same is no change). */
  update(): Map<string, Change<T>> {
    const changes = new Map<string, Change<T>>()
    for (const id of this.marked) {
      const old = this.byId.get(id)
      const read = this.readOne(id, old)
      const next = read !== undefined && old !== undefined && this.same?.(old, read) ? old : read
      if (next === old) continue
      if (next === undefined) this.byId.delete(id)
      else this.byId.set(id, next)
      changes.set(id, { old, next: next ?? null })
    }
    this.marked.clear()
    return changes
  }

  private readOne(id: string, old: T | undefined): T | undefined {
    scratch.length = 0
    const entry = this.read(id, scratch, old)
    const before = this.skippedById.get(id) ?? NOTHING
    if (!sameSkipped(before, scratch)) {
      this.skippedMoved = true
      if (scratch.length) this.skippedById.set(id, scratch.slice())
      else this.skippedById.delete(id)
    }
    return entry
  }

  /** Whether what is skipped changed since this was last asked. */
  skippedChanged(): boolean {
    const moved = this.skippedMoved
    this.skippedMoved = false
    return moved
  }

  /** Everything skipped, in no particular order. */
  *skipped(): Generator<SkippedEntry> {
    for (const entries of this.skippedById.values()) yield* entries
  }
}

const ABSENT = Symbol('absent')

/**
 * The entries of a `Keyed` that are, nearly all, the very objects another map already holds by
 * the same ids: a map of its own holds only where they differ. The book's payments are this over
 * the deposit logs' payments (`LogPayments.first`): a payment is shown as read, but for the few
 * that are voided, held in an older form too, or read twice; a second map of 300,000 entries
 * would cost a phone 7 MB.
 *
 * The `base` may only gain ids, and the owner says so first (`hold`), so that each entry stays as
 * the `Keyed` last read it until it reads it again; clearing the base is for a whole read, which
 * clears this too.
 *
 * Its own map is nearly always empty, and it is not asked or walked while it is (`getIfAny`): a
 * whole read asks for every id of the base.
 */
export class Overlay<T> implements EntryStore<T> {
  // id → what is shown instead of the base's entry, or ABSENT where nothing is.
  private readonly own = new Map<string, T | typeof ABSENT>()

  constructor(private readonly base: EntryReader<T>) {}

  /** Keeps `id`'s entry as it is while the base takes a new entry under it. */
  hold(id: string): void {
    if (!this.own.has(id)) this.own.set(id, this.base.has(id) ? (this.base.get(id) as T) : ABSENT)
  }

  get(id: string): T | undefined {
    const own = getIfAny(this.own, id)
    if (own === undefined) return this.base.get(id)
    return own === ABSENT ? undefined : own
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  set(id: string, entry: T): void {
    if (this.base.get(id) !== entry) this.own.set(id, entry)
    else if (this.own.size > 0) this.own.delete(id)
  }

  delete(id: string): void {
    if (this.base.has(id)) this.own.set(id, ABSENT)
    else this.own.delete(id)
  }

  clear(): void {
    this.own.clear()
  }

  get size(): number {
    let size = this.base.size
    for (const [id, own] of this.own) {
      // An entry hidden takes one from the base's count; one the base lacks adds one.
      if (own === ABSENT) {
        if (this.base.has(id)) size--
      } else if (!this.base.has(id)) size++
    }
    return size
  }

  *[Symbol.iterator](): Generator<[string, T]> {
    if (this.own.size === 0) return yield* this.base
    for (const [id, entry] of this.base) {
      const own = this.own.get(id)
      if (own === undefined) yield [id, entry]
      else if (own !== ABSENT) yield [id, own]
    }
    for (const [id, own] of this.own) {
      if (own !== ABSENT && !this.base.has(id)) yield [id, own]
    }
  }

  // `keys` and `values` walk the maps themselves, not the entries above: a pair made for each of
  // 300,000 payments and dropped made a whole walk cost about twice as much.
  *keys(): Generator<string> {
    if (this.own.size === 0) return yield* this.base.keys()
    for (const id of this.base.keys()) if (this.own.get(id) !== ABSENT) yield id
    for (const [id, own] of this.own) if (own !== ABSENT && !this.base.has(id)) yield id
  }

  *values(): Generator<T> {
    if (this.own.size === 0) return yield* this.base.values()
    for (const [id, entry] of this.base) {
      const own = this.own.get(id)
      if (own === undefined) yield entry
      else if (own !== ABSENT) yield own
    }
    for (const [id, own] of this.own) if (own !== ABSENT && !this.base.has(id)) yield own
  }
}

/** What can be done with a `Keyed` without knowing what it holds. */
export type AnyKeyed = Pick<
  Keyed<unknown>,
  'follow' | 'rebuild' | 'rebuildSteps' | 'pending' | 'skippedChanged' | 'skipped'
>

/** Whether two lists of skipped entries name the same entries in the same order. */
export function sameSkipped(a: readonly SkippedEntry[], b: readonly SkippedEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const other = b[i] as SkippedEntry
      return entry.kind === other.kind && entry.id === other.id && entry.reason === other.reason
    })
  )
}

/**
 * A one-to-many join, kept by hand: a loan's payments, a person's loans. Each key's values are a
 * short array (a loan has a few payments, a person a few dozen loans): a quarter of a Set's size.
 */
export class Index<V> {
  private readonly byKey = new Map<string, V[]>()

  /** The values under `key`, in no particular order (not to be changed). */
  of(key: string): readonly V[] {
    return this.byKey.get(key) ?? []
  }

  /** Puts `value` under `key`, once. */
  link(key: string, value: V): void {
    const values = this.byKey.get(key)
    if (!values) this.byKey.set(key, [value])
    else if (!values.includes(value)) values.push(value)
  }

  /**
   * Puts each list in one of its exact length: a list grown by pushes keeps room for more (ten
   * payments, room for seventeen), and a big book links a list per loan in one go.
   */
  trim(): void {
    for (const [key, values] of this.byKey)
      if (values.length > 1) this.byKey.set(key, values.slice())
  }

  /** Takes `value` from under `key`. */
  unlink(key: string, value: V): void {
    const values = this.byKey.get(key)
    const at = values ? values.indexOf(value) : -1
    if (!values || at < 0) return
    if (values.length === 1) this.byKey.delete(key)
    else values.splice(at, 1)
  }

  /** Moves a changed entry: from under its old key to under its new one (either may be absent). */
  move<E>(change: Change<E>, keyOf: (entry: E) => string, valueOf: (entry: E) => V): void {
    if (change.old !== undefined) this.unlink(keyOf(change.old), valueOf(change.old))
    if (change.next) this.link(keyOf(change.next), valueOf(change.next))
  }

  /** Forgets every key. */
  clear(): void {
    this.byKey.clear()
  }
}
