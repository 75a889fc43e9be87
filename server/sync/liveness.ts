import type { WebSocket } from 'ws'

/** The part of a socket that liveness needs (a `ws` WebSocket). */
export interface WatchedSocket {
  readonly bufferedAmount: number
  ping(data: Buffer): void
  on(event: 'pong', listener: (data: Buffer) => void): unknown
  on(event: 'close', listener: () => void): unknown
}

/**
 * Intervals a socket may stay silent while data that left the server for it is not yet known to
 * have arrived, at least (beyond the one every socket gets, see `Liveness`).
 */
export const DRAIN_GRACE_TICKS = 2

/**
 * The slowest link a reader is waited for: 32 kbit/s (2G). Data that left the server and is not
 * yet known to have arrived may still be on its way at this rate, the ping behind it.
 */
export const SLOWEST_LINK_BYTES_PER_SECOND = 4_000

/**
 * Pings a socket may leave unanswered that are remembered; past them the oldest is forgotten
 * (its answer then tells nothing, and the socket is waited for longer, never shorter).
 */
const PINGS_REMEMBERED = 64

/** What liveness knows of one socket. */
interface Watch {
  /** Bytes handed to the socket so far. */
  sent: number
  /** Of those, how many had left the server's buffer at the last interval. */
  drained: number
  /** Of those, how many the reader is known to have: all that went before a ping it answered. */
  received: number
  /** The pings not answered yet, oldest first, each with `sent` as it was queued behind. */
  pings: { id: number; after: number }[]
  /** The last ping's number. */
  pinged: number
  /** An answer came since the last interval. */
  answered: boolean
  /** Intervals in a row with no sign of life: no answer, and nothing left the server's buffer. */
  silent: number
}

/**
 * Which sockets are still there. Every interval each socket is sent a numbered ping, and a socket
 * that shows no sign of life by the next (no answer, and nothing left the server's buffer for it)
 * is dropped, unless data that left the server's buffer is not yet known to have arrived.
 *
 * Why: a ping is queued behind the data already sent. A phone on a slow link downloading a whole
 * book (8 MB at 1.6 Mbit/s is 40 s) reads its ping, and answers it, only once the data before it
 * has arrived; dropped for a late answer, it would start the download again, and never finish.
 * While the server's buffer drains, the reader is reading. Once it is empty, the kernel's buffers
 * (and the network's) may still hold the last of the book, up to a few megabytes, the ping behind
 * it: a socket may stay silent for as long as what is on its way takes on the slowest link waited
 * for (SLOWEST_LINK_BYTES_PER_SECOND), and at least `DRAIN_GRACE_TICKS` intervals. An idle socket
 * that stops answering is dropped after one.
 *
 * What is on its way is counted exactly: the answer to a ping carries its number, and says that
 * everything queued before that ping has arrived. (Counting only what drained since the last
 * answer, however old, lost a book sent before a socket's first ping: the kernel took it at once,
 * the ping waited behind it, and the socket was dropped one interval later, for ever, on CI.)
 */
export class Liveness<S extends WatchedSocket = WebSocket> {
  private readonly sockets = new Map<S, Watch>()

  /** `intervalMs`: how often `tick` is called (the ping interval). */
  constructor(private readonly intervalMs = 30_000) {}

  /** Starts watching `ws`; it leaves on its own when it closes. */
  add(ws: S): void {
    const watch: Watch = {
      sent: 0,
      drained: 0,
      received: 0,
      pings: [],
      pinged: 0,
      answered: true,
      silent: 0,
    }
    this.sockets.set(ws, watch)
    ws.on('pong', (data) => {
      watch.answered = true
      // An answer to none of our pings (a client may send pongs of its own) says nothing more.
      const id = data.byteLength === 4 ? data.readUInt32BE(0) : 0
      while (watch.pings.length > 0 && watch.pings[0]!.id <= id) {
        watch.received = watch.pings.shift()!.after
      }
    })
    ws.on('close', () => this.sockets.delete(ws))
  }

  /** Counts `bytes` handed to `ws.send`, so a tick can tell how much of its buffer drained. */
  sent(ws: S, bytes: number): void {
    const watch = this.sockets.get(ws)
    if (watch) watch.sent += bytes
  }

  /** One interval: drops the sockets that showed no sign of life for too long, pings the rest. */
  tick(drop: (ws: S) => void): void {
    for (const [ws, watch] of this.sockets) {
      const drained = watch.sent - ws.bufferedAmount
      const alive = watch.answered || drained > watch.drained
      watch.drained = Math.max(watch.drained, drained)
      watch.answered = false
      watch.silent = alive ? 0 : watch.silent + 1
      if (watch.silent > this.graceFor(watch.drained - watch.received)) {
        this.sockets.delete(ws)
        drop(ws)
        continue
      }
      const id = ++watch.pinged
      watch.pings.push({ id, after: watch.sent })
      if (watch.pings.length > PINGS_REMEMBERED) watch.pings.shift()
      const data = Buffer.allocUnsafe(4)
      data.writeUInt32BE(id)
      ws.ping(data)
    }
  }

  /** Silent intervals allowed while `onTheWay` bytes that left the server may not have arrived. */
  private graceFor(onTheWay: number): number {
    if (onTheWay <= 0) return 0
    const perInterval = (SLOWEST_LINK_BYTES_PER_SECOND * this.intervalMs) / 1000
    return Math.max(DRAIN_GRACE_TICKS, Math.ceil(onTheWay / perInterval))
  }
}
