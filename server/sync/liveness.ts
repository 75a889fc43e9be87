import type { WebSocket } from 'ws'

/** The part of a socket that liveness needs (a `ws` WebSocket). */
export interface WatchedSocket {
  readonly bufferedAmount: number
  ping(): void
  on(event: 'pong' | 'close', listener: () => void): unknown
}

/**
 * Intervals a socket that drained data may go on without answering its ping, beyond the one
 * every socket gets (see `Liveness`), at least.
 */
export const DRAIN_GRACE_TICKS = 2

/**
 * The slowest link a reader is waited for: 32 kbit/s (2G). What a socket drained since it last
 * answered may still be on its way to it at this rate, its ping behind it.
 */
export const SLOWEST_LINK_BYTES_PER_SECOND = 4_000

/**
 * Which sockets are still there. Every interval each socket is pinged; one that has not answered
 * the previous ping by the next is dropped, unless it has been reading what the server sends.
 *
 * Why the exception: a ping is queued behind the data already in the socket's send buffer. A
 * phone on a slow link that is downloading a whole book (8 MB at 1.6 Mbit/s is 40 s) reads its
 * ping, and answers it, only once the data before it has arrived; dropped for a late pong, it
 * would start the download again, and never finish. A reader that drained some of its buffer
 * since the last tick is alive; one that drained nothing and did not answer is not.
 *
 * And a grace after the last drain: the send buffer the server sees empties into the kernel's
 * (and a proxy's), which still hold the last of the book, up to a few megabytes, with the ping
 * behind it. A socket that drained data since it last answered may stay silent for as long as
 * that data takes on the slowest link waited for (SLOWEST_LINK_BYTES_PER_SECOND), and at least
 * `DRAIN_GRACE_TICKS` more intervals; an idle socket that stops answering is dropped after one.
 * (A fixed two intervals was measured too short: with 10 s pings, a 450 kB first sync at 9 kB/s
 * that the kernel took at once was dropped at 30 s, and started again.)
 */
export class Liveness<S extends WatchedSocket = WebSocket> {
  private readonly sockets = new Map<
    S,
    /**
     * `grace`: silent intervals left to a socket that drained data since it last answered;
     * `owed`: the bytes it drained since then, which may still be on their way to it.
     */
    { answered: boolean; buffered: number; sent: number; grace: number; owed: number }
  >()

  /** `intervalMs`: how often `tick` is called (the ping interval). */
  constructor(private readonly intervalMs = 30_000) {}

  /** Starts watching `ws`; it leaves on its own when it closes. */
  add(ws: S): void {
    this.sockets.set(ws, { answered: true, buffered: 0, sent: 0, grace: 0, owed: 0 })
    ws.on('pong', () => {
      const state = this.sockets.get(ws)
      if (state) state.answered = true
    })
    ws.on('close', () => this.sockets.delete(ws))
  }

  /** Counts `bytes` handed to `ws.send`, so a tick can tell how much of its buffer drained. */
  sent(ws: S, bytes: number): void {
    const state = this.sockets.get(ws)
    if (state) state.sent += bytes
  }

  /** One interval: drops the sockets that neither answered nor read, and pings the rest. */
  tick(drop: (ws: S) => void): void {
    for (const [ws, state] of this.sockets) {
      const drained = state.buffered + state.sent - ws.bufferedAmount
      if (state.answered) {
        // Everything queued before its last ping has arrived. What was sent after that ping and
        // has left the server's buffer may still be on its way, this tick's ping behind it: a
        // book sent as the socket opened, before its first ping, is all of that.
        state.owed = 0
        state.grace = 0
        this.owe(state, state.sent - ws.bufferedAmount)
      } else if (drained > 0) this.owe(state, drained)
      else if (state.grace > 0) state.grace--
      else {
        this.sockets.delete(ws)
        drop(ws)
        continue
      }
      state.answered = false
      state.sent = 0
      ws.ping()
      state.buffered = ws.bufferedAmount
    }
  }

  /** Adds `bytes` drained to what `state`'s socket may still be receiving, and its grace. */
  private owe(state: { grace: number; owed: number }, bytes: number): void {
    if (bytes <= 0) return
    state.owed += bytes
    state.grace = Math.max(DRAIN_GRACE_TICKS, this.ticksToCarry(state.owed))
  }

  /** Intervals that `bytes` take on the slowest link waited for. */
  private ticksToCarry(bytes: number): number {
    return Math.ceil(bytes / ((SLOWEST_LINK_BYTES_PER_SECOND * this.intervalMs) / 1000))
  }
}
