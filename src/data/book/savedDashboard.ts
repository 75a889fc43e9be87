import {
  isDashboardPicture,
  pictureOf,
  type DashboardPicture,
} from '../../../shared/dashboardPicture.ts'
import type { DashboardSummary } from '../../../shared/ledger/summary.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'

/**
 * The dashboard as it last stood on this device, kept beside the book so that a reload can show
 * it before the book itself is read and decoded (seconds for a big book on a cheap phone); on a
 * device that has none of the book yet, the server's picture, asked for with the book's download
 * (`from: 'server'`). One that is from another day, or that does not have the shape of
 * `pictureOf`, is not shown.
 */
export interface SavedDashboard extends DashboardPicture {
  /** Drawn by the server from its copy of the book, not kept by this device. */
  from?: 'server'
}

/**
 * Whether `picture` may be shown on `today`: interest accrues daily, so another day's figures are
 * not today's. The dashboard shows a picture only then, and the book's read waits for it only then.
 */
export function isTodays(picture: SavedDashboard | null, today: IsoDate): picture is SavedDashboard {
  return picture !== null && picture.day === today
}

const STORE = 'dashboard'
const KEY = 'latest'

/** The two frames after which what React rendered has been painted (none while hidden). */
function painted(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve()
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/**
 * The longest the book's read waits for the dashboard to draw the saved picture. The screen's
 * code may still be on its way when the picture is read; past this, the book is read anyway.
 */
const DRAW_WAIT_MS = 3_000

/**
 * The saved dashboard of one lender, in an IndexedDB database of its own (beside the book's, so
 * that reading it never waits for the book). `shown` settles once the saved dashboard has been
 * read and, if there was one, drawn: the book's own read waits for it, so that its decoding
 * never holds up the first picture.
 */
export class SavedDashboardStore {
  private saved: SavedDashboard | null = null
  private readonly listeners = new Set<() => void>()
  private readonly db: Promise<IDBDatabase | null>
  private markDrawn: () => void = () => {}
  private readonly drawnOnScreen = new Promise<void>((resolve) => (this.markDrawn = resolve))
  readonly shown: Promise<void>

  /**
   * `drawnHere` says whether the screen opening now will draw `saved` (the dashboard, and the
   * picture is today's): then `shown` waits until it says it has (`drawn`), for at most
   * `DRAW_WAIT_MS`; otherwise only for the frames after the read. `fromServer` gives the
   * server's picture, asked for with the book's download, where this device keeps none (null when
   * none was asked for; it resolves null if the book itself came first).
   */
  constructor(
    databaseName: string,
    drawnHere: (saved: SavedDashboard) => boolean,
    fromServer: () => Promise<unknown> | null = () => null,
  ) {
    this.db = new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open(databaseName, 1)
      open.onupgradeneeded = () => open.result.createObjectStore(STORE)
      open.onsuccess = () => resolve(open.result)
      // No saved dashboard is no loss: the book opens as it always did.
      open.onerror = () => resolve(null)
      open.onblocked = () => resolve(null)
    })
    this.shown = this.read(fromServer).then(async (saved) => {
      if (!saved) return
      this.saved = saved
      for (const listener of this.listeners) listener()
      if (!drawnHere(saved)) return painted()
      let timer = 0
      await Promise.race([
        this.drawnOnScreen,
        new Promise<void>((resolve) => (timer = window.setTimeout(resolve, DRAW_WAIT_MS))),
      ])
      window.clearTimeout(timer)
    })
  }

  /**
   * Called by the screen that shows the saved dashboard once it has rendered it: `shown` settles
   * when that is painted.
   */
  drawn(): void {
    void painted().then(this.markDrawn)
  }

  /** The saved dashboard, or null (none yet, unreadable, or not yet read). */
  readonly current = (): SavedDashboard | null => this.saved

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Keeps the dashboard `summary` of `day`, with the names of the places its rows name, as the
   * latest picture (it is shown from the next start, not now).
   */
  async keep(
    summary: DashboardSummary,
    cityNames: ReadonlyMap<string, string>,
    day: IsoDate,
  ): Promise<void> {
    const db = await this.db
    if (!db) return
    const tx = db.transaction(STORE, 'readwrite')
    tx.objectStore(STORE).put(pictureOf(summary, cityNames, day, new Date().toISOString()), KEY)
    await new Promise<void>((resolve) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => resolve()
      tx.onabort = () => resolve()
    })
  }

  close(): void {
    void this.db.then((db) => db?.close())
    this.listeners.clear()
  }

  private async read(fromServer: () => Promise<unknown> | null): Promise<SavedDashboard | null> {
    const kept = await this.readKept()
    if (kept) return kept
    // Checked as one read from this device's storage is: what a server sends is not trusted. An
    // empty book's picture has nothing to show while its (tiny) download comes.
    const picture: unknown = await fromServer()
    return isDashboardPicture(picture) && picture.summary.rows.length > 0
      ? { ...picture, from: 'server' }
      : null
  }

  private async readKept(): Promise<SavedDashboard | null> {
    const db = await this.db
    if (!db) return null
    try {
      const value: unknown = await request(db.transaction(STORE).objectStore(STORE).get(KEY))
      if (!isDashboardPicture(value)) return null
      const { day, savedAt, summary, places } = value
      return { day, savedAt, summary, places }
    } catch {
      return null
    }
  }
}
