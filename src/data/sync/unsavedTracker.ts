import type * as Y from 'yjs'
import type { WebsocketProvider } from 'y-websocket'
import * as decoding from 'lib0/decoding'
import { MessageType } from '../../../shared/protocol.ts'

// y-protocols' sync sub-types: step 2 carries the sender's missing updates, `update` one change.
const SYNC_STEP_2 = 1
const SYNC_UPDATE = 2

/** A local change, and the message of which connection carries it to the server (if sent). */
interface PendingChange {
  socket: WebSocket | null
  seq: number
}

/**
 * Counts the local changes of one doc that the server has not yet confirmed storing.
 *
 * The server numbers the update-bearing messages (sync step 2 and update) it has stored on each
 * connection and acknowledges with `[MessageType.stored, count]`. So we number the same
 * messages as they leave on each socket (a WebSocket subclass sees every frame the stock
 * provider sends) and remember which message carried each local change. A change made offline,
 * or whose socket closed before its ack, is carried again by the sync step 2 of the next
 * connection, so it is re-labelled with that message. The count is kept in localStorage so a
 * reload before the server answered still shows the changes as unsaved.
 */
export class UnsavedTracker {
  /** Pass to `WebsocketProvider` as `WebSocketPolyfill` so outgoing frames are counted. */
  readonly WebSocketClass: typeof WebSocket
  private readonly pending: PendingChange[] = []
  private readonly sentOn = new WeakMap<WebSocket, number>()
  private justMade: PendingChange | null = null
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly doc: Y.Doc,
    private readonly storageKey: string,
    private readonly isRemote: (origin: unknown) => boolean,
    Base: typeof WebSocket = WebSocket,
  ) {
    const restored = Number(localStorage.getItem(storageKey) ?? 0)
    for (let i = 0; i < (Number.isSafeInteger(restored) ? restored : 0); i++) {
      this.pending.push({ socket: null, seq: 0 })
    }
    // Registered before the provider's own listener, so `justMade` is set when it sends.
    doc.on('update', this.beforeSend)
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const tracker = this
    this.WebSocketClass = class CountingWebSocket extends Base {
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
        tracker.outgoing(this, data)
        super.send(data)
      }
    }
  }

  /** Hooks the provider: the ack handler, and the listener that closes a change's send window. */
  attach(provider: WebsocketProvider): void {
    this.doc.on('update', this.afterSend)
    provider.messageHandlers[MessageType.stored] = (_encoder, decoder, p) => {
      if (p.ws) this.acknowledged(p.ws, decoding.readVarUint(decoder))
    }
  }

  /** Local changes not yet stored by the server. */
  get unsaved(): number {
    return this.pending.length
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  destroy(): void {
    this.doc.off('update', this.beforeSend)
    this.doc.off('update', this.afterSend)
    this.listeners.clear()
  }

  /**
   * The doc's `update` listener that opens a change's send window. Public, with `afterSend`, for
   * `Room`, which takes the doc's listeners off while the disk loads and puts them back in order.
   */
  readonly beforeSend = (_update: Uint8Array, origin: unknown): void => {
    if (this.isRemote(origin)) return
    this.justMade = { socket: null, seq: 0 }
    this.pending.push(this.justMade)
    this.changed()
  }

  /** The doc's `update` listener that closes a change's send window (see `beforeSend`). */
  readonly afterSend = (): void => {
    this.justMade = null
  }

  private outgoing(socket: WebSocket, data: unknown): void {
    if (!(data instanceof Uint8Array || data instanceof ArrayBuffer)) return
    const decoder = decoding.createDecoder(data instanceof Uint8Array ? data : new Uint8Array(data))
    if (decoding.readVarUint(decoder) !== MessageType.sync) return
    const kind = decoding.readVarUint(decoder)
    if (kind !== SYNC_STEP_2 && kind !== SYNC_UPDATE) return
    const seq = (this.sentOn.get(socket) ?? 0) + 1
    this.sentOn.set(socket, seq)
    if (kind === SYNC_STEP_2) {
      // Step 2 holds everything the server lacks: all changes not already on this socket.
      for (const change of this.pending) {
        if (change.socket !== socket) Object.assign(change, { socket, seq })
      }
    } else if (this.justMade) {
      Object.assign(this.justMade, { socket, seq })
    }
  }

  private acknowledged(socket: WebSocket, count: number): void {
    const before = this.pending.length
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const change = this.pending[i]
      if (change && change.socket === socket && change.seq <= count) this.pending.splice(i, 1)
    }
    if (this.pending.length !== before) this.changed()
  }

  private changed(): void {
    localStorage.setItem(this.storageKey, String(this.pending.length))
    for (const listener of this.listeners) listener()
  }
}
