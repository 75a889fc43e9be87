import type { CollectorSheet } from '../../../shared/collect.ts'
import { numberDeposit, type OutboxEntry } from './outbox.ts'

/**
 * A collector's sheet and outbox on his device, in an IndexedDB database of their own per account
 * and book: what he works from offline, and what he recorded until the server has answered. The
 * book itself is never here (see `outbox.ts`).
 */
export interface CollectorStore {
  read(): Promise<{ sheet: CollectorSheet | null; outbox: OutboxEntry[] }>
  putSheet(sheet: CollectorSheet): Promise<void>
  /** Forgets the sheet: he no longer collects for this book, so its people are not his to see. */
  dropSheet(): Promise<void>
  putEntries(entries: readonly OutboxEntry[]): Promise<void>
  /**
   * Adds a new deposit to the outbox with the next receipt of this phone's series (see
   * `numberDeposit`); resolves with the entry as kept. The series' last receipt is read, moved on
   * and written back in the one transaction that adds the entry, so a number is given once: a
   * reload keeps both or neither, and two tabs' transactions on these stores run one after the
   * other, each reading what the one before wrote.
   */
  addNumbered(entry: OutboxEntry): Promise<OutboxEntry>
  close(): void
}

const SHEET = 'sheet'
const OUTBOX = 'outbox'
/**
 * The key, in the sheet's store, of this phone's last receipt of the book (as stored). Not a
 * store of its own: a new store needs a new version of the database, which waits until every
 * tab of the older app has closed it.
 */
const LAST_RECEIPT = 'lastReceipt'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
  })
}

/** The database of `userId`'s collecting for `ownerId`. */
export function collectorDatabaseName(userId: string, ownerId: string): string {
  return `rin-khata/collect/${userId}/${ownerId}`
}

/** Whether `value` has the shape the server sends (lists the screens can walk). */
function isSheet(value: unknown): value is CollectorSheet {
  if (typeof value !== 'object' || value === null) return false
  const sheet = value as Partial<CollectorSheet>
  return (
    Array.isArray(sheet.people) &&
    Array.isArray(sheet.loans) &&
    Array.isArray(sheet.villages) &&
    typeof sheet.asOf === 'string' &&
    typeof sheet.lender === 'object' &&
    sheet.loans.every((loan) => Array.isArray(loan?.payments) && Array.isArray(loan.waivers))
  )
}

export async function openCollectorStore(userId: string, ownerId: string): Promise<CollectorStore> {
  const opening = indexedDB.open(collectorDatabaseName(userId, ownerId), 1)
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore(SHEET)
    opening.result.createObjectStore(OUTBOX, { keyPath: 'deposit.depositId' })
  }
  const db = await request(opening)
  return {
    async read() {
      const tx = db.transaction([SHEET, OUTBOX], 'readonly')
      const [sheet, outbox] = await Promise.all([
        request(tx.objectStore(SHEET).get(SHEET) as IDBRequest<unknown>),
        request(tx.objectStore(OUTBOX).getAll() as IDBRequest<OutboxEntry[]>),
      ])
      return { sheet: isSheet(sheet) ? sheet : null, outbox }
    },
    async putSheet(sheet) {
      const tx = db.transaction(SHEET, 'readwrite')
      tx.objectStore(SHEET).put(sheet, SHEET)
      await done(tx)
    },
    async dropSheet() {
      const tx = db.transaction(SHEET, 'readwrite')
      tx.objectStore(SHEET).delete(SHEET)
      await done(tx)
    },
    async putEntries(entries) {
      const tx = db.transaction(OUTBOX, 'readwrite')
      for (const entry of entries) tx.objectStore(OUTBOX).put(entry)
      await done(tx)
    },
    async addNumbered(entry) {
      const tx = db.transaction([SHEET, OUTBOX], 'readwrite')
      const finished = done(tx)
      let kept = null as OutboxEntry | null
      let failure = null as unknown
      const read = tx.objectStore(SHEET).get(LAST_RECEIPT)
      // Everything in the request's own callback: the transaction stays open only while it
      // has a request pending, so nothing may wait between reading the series and writing it.
      read.onsuccess = () => {
        try {
          const { deposit, last } = numberDeposit(entry.deposit, read.result)
          kept = { ...entry, deposit }
          tx.objectStore(SHEET).put(last, LAST_RECEIPT)
          tx.objectStore(OUTBOX).add(kept)
        } catch (error) {
          failure = error
          tx.abort()
        }
      }
      await finished.catch((error: unknown) => {
        throw failure ?? error
      })
      if (kept === null) throw new Error('The deposit was not kept')
      return kept
    },
    close() {
      db.close()
    },
  }
}
