import { CITIES_ROOM } from '../../../shared/protocol.ts'
import type * as Y from 'yjs'
import { metaMap } from '../../../shared/schema/doc.ts'
import { LOCAL_ORIGIN } from '../../../shared/schema/guards.ts'
import { initLenderDoc } from '../../../shared/schema/lender.ts'
import { askForPersistentStorageOnce } from '../sync/persistentStorage.ts'
import { roomDatabase, takePicture } from '../sync/bookDownload.ts'
import { Room } from '../sync/room.ts'
import { installForOffline } from '../sync/serviceWorker.ts'
import type { SharedBook } from '../../../shared/members.ts'
import { bookRoom, chosenBook } from './chosenBook.ts'
import { readToday } from './clock.ts'
import { keepDashboard } from './keepDashboard.ts'
import { openBook } from './openBook.ts'
import { keepReceiptSeries } from './receiptSeries.ts'
import { isTodays, SavedDashboardStore } from './savedDashboard.ts'
import {
  getSessionState,
  onSessionRenewed,
  recheckSession,
  sessionRejected,
  subscribeSession,
} from '../session/session.ts'

/** The two docs a signed-in lender works with. */
export interface Workspace {
  userId: string
  /** The book open: this account's own, or one shared with it (see `chosenBook`). */
  shared: SharedBook | null
  lender: Room
  cities: Room
  /** The dashboard as it last stood on this device, shown until the book is open. */
  saved: SavedDashboardStore
}

let stopKeeping = (): void => {}

let current: Workspace | null = null

/**
 * The open workspace of `userId`, opening it on first use: the account's own book, or the one
 * shared with it that this device was told to open (`chosenBook`). Each book lives in its own
 * IndexedDB database, so two accounts on one device never see each other's people; cities are
 * one list shared by everyone, so they share one database.
 */
export function openWorkspace(userId: string, onDashboard: boolean): Workspace {
  const shared = chosenBook(userId)
  if (current?.userId === userId && current.shared?.ownerId === shared?.ownerId) return current
  closeWorkspace()
  const lenderRoom = bookRoom(userId)
  // The book is read once the saved dashboard is on screen (when the app opens on it, and the
  // picture is today's, which is when the dashboard shows it), then made ready in slices.
  // A device that has none of the book yet shows the server's picture while the book comes.
  const saved = new SavedDashboardStore(
    `${roomDatabase(lenderRoom)}/dashboard`,
    (picture) => onDashboard && isTodays(picture, readToday()),
    () => takePicture(lenderRoom),
  )
  const lender = new Room(
    lenderRoom,
    roomDatabase(lenderRoom),
    sessionRejected,
    saved.shown,
    openBook,
  )
  // A book already on this device, in an older layout, is moved to this one as soon as it is
  // read from disk, before the socket says anything: only this layout ever leaves the device.
  void lender.whenOnDisk.then(() => {
    if (lender.doc.store.clients.size > 0) initLenderDoc(lender.doc)
  })
  // An empty one is stamped once the server has answered, so a device that is about to receive
  // an existing ledger does not write a change of its own first.
  const stamp = (synced: boolean): void => {
    if (!synced) return
    initLenderDoc(lender.doc)
    lender.provider.off('sync', stamp)
  }
  lender.provider.on('sync', stamp)
  // A connection that fails while the device is online may be a session that ended while it
  // was offline (see recheckSession); offline, a failure says nothing about the session.
  lender.provider.on('connection-close', () => {
    if (navigator.onLine) recheckSession()
  })
  const cities = new Room(CITIES_ROOM, roomDatabase(CITIES_ROOM), sessionRejected)
  // The first entry made on this device is the moment its storage starts to matter (stamping
  // the schema version, which touches only `meta`, is not an entry).
  for (const room of [lender, cities]) {
    const meta: unknown = metaMap(room.doc)
    const onTransaction = (transaction: Y.Transaction): void => {
      if (transaction.origin !== LOCAL_ORIGIN) return
      if ([...transaction.changed.keys()].every((type) => type === meta)) return
      room.doc.off('afterTransaction', onTransaction)
      askForPersistentStorageOnce()
    }
    room.doc.on('afterTransaction', onTransaction)
  }
  const stopDashboard = keepDashboard(lender, cities, saved)
  const stopSeries = keepReceiptSeries(lender.doc, userId, lenderRoom)
  stopKeeping = () => {
    stopDashboard()
    stopSeries()
  }
  void lender.whenOnDisk.then(installForOffline)
  current = { userId, shared, lender, cities, saved }
  return current
}

/**
 * Drops this device's copy of the open book and starts again from the server's: for a book
 * shared to read only, where a change made here was refused and can go nowhere.
 */
export async function discardLocalCopy(): Promise<void> {
  const open = current
  if (!open) return
  const room = open.lender.name
  closeWorkspace()
  localStorage.removeItem(`rin-khata:unsaved:${roomDatabase(room)}`)
  await Promise.all(
    [roomDatabase(room), `${roomDatabase(room)}/dashboard`].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = () => resolve()
        }),
    ),
  )
  window.location.assign('/dashboard')
}

/** Disconnects and forgets the open workspace; the local data stays in IndexedDB. */
export function closeWorkspace(): void {
  stopKeeping()
  current?.saved.close()
  current?.lender.destroy()
  current?.cities.destroy()
  current = null
}

// Signing out (here, in the shell, or by the server refusing the session) closes the docs.
subscribeSession(() => {
  if (getSessionState().status !== 'signed-in') closeWorkspace()
})

// The server vouched for the session again: a doc it had stopped (a socket of a session that has
// since ended) connects with the current cookie.
onSessionRenewed(() => {
  current?.lender.reconnect()
  current?.cities.reconnect()
})
