import * as bc from 'lib0/broadcastchannel'
import * as Y from 'yjs'
import { WebsocketProvider } from 'y-websocket'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  DEFLATE_PARAM,
  CloseCode,
  LAYOUT_PARAM,
  SYNC_PATH,
  userIdOfRoom,
} from '../../../shared/protocol.ts'
import { SCHEMA_VERSION } from '../../../shared/schema/layouts/index.ts'
import { downloadBook, dropBookDownload } from './bookDownload.ts'
import { chunkingWebSocket } from './chunkingSocket.ts'
import { DiskCopy } from './diskCopy.ts'
import { heldUntil } from './heldSocket.ts'
import { UnsavedTracker } from './unsavedTracker.ts'

/**
 * y-websocket's provider, except that joining the browser's channel between tabs says nothing.
 * Stock, each fresh connection (the page opening, coming back online, a renewed session)
 * broadcasts the whole book to the other tabs, and asks them for theirs, which each answers with
 * the whole book: for the benchmark's book of 100,000 payments, a task of 530-560 ms in this
 * tab and about as long in every other (1.7-2.1 s on a phone-class CPU), each time a village
 * network drops and comes back. Nothing is lost without it: a tab broadcasts each change as it makes it,
 * a tab that opens reads what the others keep on this device's disk, and the server brings each
 * tab what it lacks.
 */
class BookProvider extends WebsocketProvider {
  override connectBc(): void {
    if (this.disableBc || this.bcconnected) return
    bc.subscribe(this.bcChannel, this._bcSubscriber)
    this.bcconnected = true
  }
}

/** How one doc stands with the server. */
export type SyncState = 'synced' | 'syncing' | 'offline'

/**
 * One synced document: a Y.Doc loaded from its own IndexedDB database and connected to its
 * room on the sync server. IndexedDB is read first and is the source of the first render; the
 * socket connects meanwhile, but speaks only once the read is done (see `heldUntil`), and then
 * only ever adds to what is already on screen. The read itself may be asked to wait
 * (`diskAfter`): the lender's book waits until the saved dashboard is on screen, because
 * decoding a big book holds the page for seconds.
 */
export class Room {
  readonly doc = new Y.Doc()
  /** The doc's IndexedDB copy; null until `diskAfter` has settled. */
  persistence: DiskCopy | null = null
  /** Settles once the doc holds what IndexedDB had. */
  readonly whenOnDisk: Promise<void>
  readonly provider: WebsocketProvider
  readonly tracker: UnsavedTracker
  /** The server refused this app as older than the book's layout (it asks for an update). */
  outdated = false
  /**
   * The server refused a change made here: the book is shared with this account to read only.
   * The socket stays closed, so the change goes nowhere; it is still in this device's copy.
   */
  readOnlyRefused = false
  private fromDisk = false
  private serverAnswered = false
  private destroyed = false
  private readonly listeners = new Set<() => void>()

  constructor(
    readonly name: string,
    databaseName: string,
    onUnauthorized: () => void,
    diskAfter: Promise<unknown> = Promise.resolve(),
    open: (doc: Y.Doc) => Promise<void> = () => Promise.resolve(),
  ) {
    this.whenOnDisk = diskAfter
      .catch(() => undefined)
      .then(() => (this.destroyed ? new Promise<void>(() => {}) : this.openDisk(databaseName)))
      .then(() => this.downloadIfEmpty())
      // Should making it ready fail, the screens read the book themselves (and show the error).
      .then(() => (this.destroyed ? undefined : open(this.doc).catch(() => undefined)))
    this.tracker = new UnsavedTracker(
      this.doc,
      `rin-khata:unsaved:${databaseName}`,
      (origin) => origin === this.provider || origin === this.persistence,
      // The tracker counts whole messages; the chunking below it splits the large ones. The
      // handshake waits for the disk: sent from an empty doc, it would fetch the whole book.
      chunkingWebSocket(heldUntil(WebSocket, this.whenOnDisk), (socket) => {
        // Each part is a message received, as far as the provider's 30 s watchdog is concerned:
        // a first sync that takes minutes on a slow link is busy, not dead.
        if (this.provider.ws === socket) this.provider.wsLastMessageReceived = Date.now()
      }),
    )
    const socketUrl = window.location.origin.replace(/^http/, 'ws') + SYNC_PATH
    this.provider = new BookProvider(socketUrl, name, this.doc, {
      WebSocketPolyfill: this.tracker.WebSocketClass,
      // "Synced" is shown only once the server says it stored our changes; it says so only when
      // asked, so that stock Yjs clients never see a message type they do not know.
      // The layout this app reads and writes: the server turns away an app older than the book.
      params: {
        [ACK_PARAM]: '1',
        [CHUNKS_PARAM]: '1',
        [DEFLATE_PARAM]: '1',
        [LAYOUT_PARAM]: String(SCHEMA_VERSION),
      },
    })
    this.tracker.attach(this.provider)
    void this.whenOnDisk.then(() => {
      this.fromDisk = true
      this.notify()
    })
    this.provider.on('status', this.notify)
    this.provider.on('sync', (synced) => {
      if (synced) this.serverAnswered = true
      this.notify()
    })
    // A failed connection counts as an answer: offline, what is on disk is all there is.
    this.provider.on('connection-close', () => {
      this.serverAnswered = true
      this.notify()
    })
    this.provider.on('closed', ({ code }) => {
      if (code === CloseCode.unauthorized) onUnauthorized()
      if (code === CloseCode.outdatedClient) {
        this.outdated = true
        this.notify()
      }
      if (code === CloseCode.readOnly) {
        this.readOnlyRefused = true
        this.notify()
      }
    })
    this.tracker.subscribe(this.notify)
    window.addEventListener('online', this.backOnline)
    window.addEventListener('offline', this.wentOffline)
  }

  /**
   * True once the doc holds what this device can know: IndexedDB has loaded and either it had
   * data or the server has answered (or cannot). A new device thus shows `Loading…` until the
   * ledger arrives, instead of a flash of `Person not found`.
   */
  get loaded(): boolean {
    if (!this.fromDisk) return false
    return this.doc.store.clients.size > 0 || this.serverAnswered || !navigator.onLine
  }

  /** Synced once the server has our state and has stored every local change. */
  get syncState(): SyncState {
    if (!this.provider.wsconnected || !navigator.onLine) return 'offline'
    return this.provider.synced && this.tracker.unsaved === 0 ? 'synced' : 'syncing'
  }

  /** Fires on load, connection, sync and unsaved-count changes (not on doc edits). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Connects afresh unless connected: after the session was renewed, a provider the server had
   * stopped (4401 for the session that ended) must come back, and one waiting out its back-off
   * should not wait.
   */
  reconnect(): void {
    if (this.provider.wsconnected) return
    this.provider.disconnect()
    this.provider.connect()
  }

  destroy(): void {
    this.destroyed = true
    dropBookDownload(this.name)
    window.removeEventListener('online', this.backOnline)
    window.removeEventListener('offline', this.wentOffline)
    this.tracker.destroy()
    this.provider.destroy()
    // The data stays on disk.
    void this.persistence?.destroy()
    this.doc.destroy()
    this.listeners.clear()
  }

  /**
   * Reads the doc's IndexedDB copy and resolves once it is read (a copy that cannot be opened
   * reads as empty: the doc then lives in memory and on the server). Meanwhile the doc's
   * `update` listeners are off, and are put back in this order once it is read. Yjs encodes
   * every transaction again as an update for those listeners, and the read is the whole book:
   * about 145 ms of a big book's reload, for listeners that all pass on it (the disk's own, the
   * tracker for a change not made here, the provider with its socket held until the read is
   * done). Nothing else changes the doc before then (nothing is shown to change); should
   * anything, the disk gets the whole state once read, and the server gets it in the handshake
   * either way.
   */
  private async openDisk(databaseName: string): Promise<void> {
    const persistence = new DiskCopy(databaseName, this.doc)
    this.persistence = persistence
    const listeners = this.updateListeners()
    for (const listener of listeners) this.doc.off('update', listener)
    let missed = false
    const watch = (transaction: Y.Transaction): void => {
      if (transaction.origin !== persistence) missed = true
    }
    this.doc.on('afterTransaction', watch)
    try {
      await persistence.whenLoaded
    } catch {
      // No copy on this device (a browser that refuses IndexedDB): nothing to read.
    }
    this.doc.off('afterTransaction', watch)
    for (const listener of listeners) this.doc.on('update', listener)
    if (missed) void persistence.compact()
  }

  /** The room's own `update` listeners on the doc, in the order they must be in. */
  private updateListeners(): ((update: Uint8Array, origin: unknown) => void)[] {
    return [
      ...(this.persistence ? [this.persistence.storeUpdate] : []),
      this.tracker.beforeSend,
      this.provider._updateHandler,
      this.tracker.afterSend,
    ]
  }

  /**
   * A device that has none of a lender's book yet fetches it whole over HTTP before its socket
   * says anything (begun early, as a rule: see `bookDownload.ts`): the browser undoes the
   * server's brotli itself, a third fewer bytes than the socket's deflate (see
   * `server/sync/bookState.ts`), and the socket's handshake then brings only what changed
   * meanwhile. Anything but a clean download leaves the doc as it was, and the handshake brings
   * the whole book as before.
   */
  private async downloadIfEmpty(): Promise<void> {
    if (this.destroyed || userIdOfRoom(this.name) === null) return
    if (this.doc.store.clients.size > 0 || !navigator.onLine) {
      dropBookDownload(this.name)
      return
    }
    const state = await downloadBook(this.name)
    if (!state || this.destroyed) return
    // Applied as the server's: not counted as a change of this device's, nor sent back. It is
    // applied with the room's `update` listeners off, and the disk keeps the bytes as they came:
    // Yjs would otherwise encode the whole book again for those listeners (about 160 ms of a
    // 10,000-payment book's first visit at 4× CPU), and all they do with it is keep it on disk.
    const listeners = this.updateListeners()
    for (const listener of listeners) this.doc.off('update', listener)
    try {
      Y.applyUpdate(this.doc, state, this.provider)
    } finally {
      for (const listener of listeners) this.doc.on('update', listener)
    }
    this.persistence?.storeUpdate(state, this.provider)
  }

  private readonly notify = (): void => {
    for (const listener of this.listeners) listener()
  }

  /**
   * Offline: drop the socket rather than leave it half-open until a timeout notices. Nothing is
   * lost: a change made meanwhile is sent with the next connection's handshake. The provider
   * keeps trying to reconnect (and fails until the network is back).
   */
  private readonly wentOffline = (): void => {
    this.provider.ws?.close()
    this.notify()
  }

  /**
   * Back online: connect now rather than when the provider's back-off timer fires (up to 2.5 s
   * after a few failed attempts offline), so a backlog of offline edits leaves at once. A provider
   * the server stopped for good (a 44xx close) stays stopped.
   */
  private readonly backOnline = (): void => {
    // An attempt begun while offline may still be failing; start a fresh one.
    if (this.provider.shouldConnect) this.reconnect()
    this.notify()
  }
}
