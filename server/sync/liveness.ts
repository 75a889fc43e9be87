import type { WebSocket } from 'ws'

/**
 * Which sockets are still there. Every interval each socket is pinged; one that has not answered
 * the previous ping by the next is dropped, unless it has been reading what the server sends.
 *
 * Why the exception: a ping is queued behind the data already in the socket's send buffer. A
 * phone on a slow link that is downloading a whole book (8 MB at 1.6 Mbit/s is 40 s) reads its
 * ping, and answers it, only once the data before it has arrived; dropped for a late pong, it
 * would start the download again, and never finish. A reader that drained some of its buffer
 * since the last tick is alive; one that drained nothing and did not answer is not.
 */
export class Liveness {
  private readonly sockets = new Map<
    WebSocket,
    { answered: boolean; buffered: number; sent: number }
  >()

  /** Starts watching `ws`; it leaves on its own when it closes. */
  add(ws: WebSocket): void {
    this.sockets.set(ws, { answered: true, buffered: 0, sent: 0 })
    ws.on('pong', () => {
      const state = this.sockets.get(ws)
      if (state) state.answered = true
    })
    ws.on('close', () => this.sockets.delete(ws))
  }

  /** Counts `bytes` handed to `ws.send`, so a tick can tell how much of its buffer drained. */
  sent(ws: WebSocket, bytes: number): void {
    const state = this.sockets.get(ws)
    if (state) state.sent += bytes
  }

  /** One interval: drops the sockets that neither answered nor read, and pings the rest. */
  tick(drop: (ws: WebSocket) => void): void {
    for (const [ws, state] of this.sockets) {
      const drained = state.buffered + state.sent - ws.bufferedAmount
      if (!state.answered && drained <= 0) {
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
}
