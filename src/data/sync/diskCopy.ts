/**
 * A doc's copy in IndexedDB, read a little at a time. It keeps y-indexeddb's database as it is
 * (an `updates` store of Yjs updates under increasing keys, and a `custom` store), so a device
 * keeps what an earlier version of the app saved, and it writes each change as y-indexeddb did.
 * What differs is the whole state it writes now and then (compaction): several segments of
 * about 128 kB (`encodeStateAsSegments`) instead of one update of the whole book, and reading
 * them back one task at a time (`load`), so that opening a big book never holds the page for
 * long. A record written in one piece (by an earlier version, or a first download) is read in
 * one go, once: it is compacted into segments soon after.
 */
import * as Y from 'yjs'
import type { Steps } from '../../../shared/steps.ts'
import { encodeStateAsSegments, SEGMENT_BYTES } from './segments.ts'
import { runInTasks } from './tasks.ts'

const UPDATES = 'updates'
const CUSTOM = 'custom'
/** Past this many records, they are compacted (y-indexeddb's own figure). */
const TRIM_RECORDS = 500
/** How long the doc must be still before a compaction is due (y-indexeddb waits the same). */
const COMPACT_AFTER_MS = 1_000
/**
 * Records read per request when loading: 8 segments, about 1 MB. The page decodes an answer as
 * it reads it, in the answer's task: 16 segments a request made tasks of 150-200 ms at 4× CPU.
 */
const READ_BATCH = 8

/** An IndexedDB request as a promise (in a transaction, each next request is made on its answer). */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

export class DiskCopy {
  /** Settles once the doc holds what IndexedDB had (rejects if the database cannot be opened). */
  readonly whenLoaded: Promise<void>
  private db: IDBDatabase | null = null
  private destroyed = false
  // The records this doc holds (read, or written by it): a compaction may delete these only.
  private readonly held = new Set<IDBValidKey>()
  private records = 0
  private compactTimer: ReturnType<typeof setTimeout> | undefined
  private compacting: Promise<void> = Promise.resolve()

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
  ) {
    this.whenLoaded = this.load()
  }

  /** The doc's `update` listener: each change not read from here is added as a record. */
  readonly storeUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this || !this.db || this.destroyed) return
    const request = this.db.transaction(UPDATES, 'readwrite').objectStore(UPDATES).add(update)
    request.onsuccess = () => this.held.add(request.result)
    if (++this.records >= TRIM_RECORDS || update.byteLength > SEGMENT_BYTES) this.compactSoon()
  }

  /**
   * Writes the doc's whole state in segments in place of every record it holds, in one
   * IndexedDB transaction; records another tab added meanwhile are read into the doc first.
   * One that fails (a full disk) changes nothing: the records stay as they were.
   */
  compact(): Promise<void> {
    this.compacting = this.compacting.then(() => this.compactNow()).catch(() => undefined)
    return this.compacting
  }

  destroy(): Promise<void> {
    this.destroyed = true
    clearTimeout(this.compactTimer)
    return this.compacting.then(() => {
      this.db?.close()
    })
  }

  private async load(): Promise<void> {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(this.name)
      open.onupgradeneeded = () => {
        open.result.createObjectStore(UPDATES, { autoIncrement: true })
        open.result.createObjectStore(CUSTOM)
      }
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    if (this.destroyed) {
      db.close()
      return new Promise<void>(() => {})
    }
    this.db = db
    const store = db.transaction(UPDATES, 'readonly').objectStore(UPDATES)
    const keys = await done(store.getAllKeys())
    // A few records per request: the page decodes each answer in a task of its own. All at once,
    // the 298 segments of a 300,000-payment book (33 MB) were one task of 1.2–1.6 s at 4× CPU.
    const records: Uint8Array[] = []
    for (let at = 0; at < keys.length; at += READ_BATCH) {
      const range = IDBKeyRange.bound(keys[at], keys[Math.min(at + READ_BATCH, keys.length) - 1])
      records.push(...(await done(store.getAll(range) as IDBRequest<Uint8Array[]>)))
    }
    const small = await runInTasks(this.applySteps(keys, records))
    if (this.destroyed) return new Promise<void>(() => {})
    this.records = records.length
    if (!small || this.records >= TRIM_RECORDS) this.compactSoon()
  }

  /** Applies the records, one per step; returns whether each was small (about a segment). */
  private *applySteps(keys: IDBValidKey[], records: Uint8Array[]): Steps<boolean> {
    let small = true
    for (const [i, record] of records.entries()) {
      if (this.destroyed) return small
      Y.applyUpdate(this.doc, record, this)
      this.held.add(keys[i]!)
      small &&= record.byteLength <= 2 * SEGMENT_BYTES
      yield
    }
    return small
  }

  private compactSoon(): void {
    clearTimeout(this.compactTimer)
    this.compactTimer = setTimeout(() => void this.compact(), COMPACT_AFTER_MS)
  }

  private async compactNow(): Promise<void> {
    const db = this.db
    if (!db || this.destroyed) return
    const store = db.transaction(UPDATES, 'readwrite').objectStore(UPDATES)
    // Everything below is one transaction: each request is made as the one before it answers.
    const keys = await done(store.getAllKeys())
    for (const key of keys) {
      if (this.held.has(key)) continue
      const record = (await done(store.get(key))) as Uint8Array | undefined
      if (record) Y.applyUpdate(this.doc, record, this)
    }
    const segments = encodeStateAsSegments(this.doc)
    const written = await Promise.all(segments.map((segment) => done(store.add(segment))))
    await Promise.all(keys.map((key) => done(store.delete(key))))
    for (const key of keys) this.held.delete(key)
    for (const key of written) this.held.add(key)
    this.records = segments.length
  }
}
