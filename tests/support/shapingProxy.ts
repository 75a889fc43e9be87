/**
 * A slow link between a browser and the server, for tests and benchmarks: a TCP proxy that
 * carries each direction at a set rate, each byte held back by a set one-way latency. It shapes
 * the real stream, so the server's send buffer fills as it does behind a phone's slow link (a
 * browser's own throttling delays delivery after its socket has already read the bytes).
 */
import type net from 'node:net'
import { startTcpProxy, type TcpProxy } from './tcpProxy.ts'

/** One direction's rate in bytes per second, and the one-way latency in milliseconds. */
export interface LinkShape {
  downBytesPerSecond: number
  upBytesPerSecond: number
  latencyMs: number
  /**
   * Bytes the link holds in each direction before it pushes back (a mobile network's buffers):
   * 64 KiB unless said. A link that holds a whole book takes it from the server at once, and the
   * server's own send buffer is empty long before the phone has it.
   */
  holdsBytes?: number
}

/** Slow 4G as issue 30 measured it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: LinkShape = {
  downBytesPerSecond: 1_600_000 / 8,
  upBytesPerSecond: 750_000 / 8,
  latencyMs: 75,
}

export interface ShapingProxy extends TcpProxy {
  /** Bytes carried to the browser so far, on connections that were shaped. */
  readonly shapedDownBytes: number
  /** Connections that were shaped so far. */
  readonly shapedConnections: number
  /**
   * Shaped connections the server closed while the browser was still on them: a server that
   * dropped a reader it took for gone (what it had sent may or may not reach the browser).
   */
  readonly closedByServer: number
}

/** Largest piece written at once: a few TCP segments, so the rate is smooth at low speeds. */
const SLICE_BYTES = 4096
/** Bytes held in the proxy per direction before it stops reading (so TCP pushes back). */
const HOLDS_BYTES = 64 * 1024

/**
 * Listens on a free port of 127.0.0.1 and forwards to `target`. A connection is shaped when
 * `shaped` says so of its first bytes (e.g. only WebSocket upgrades to the sync endpoint, so a
 * test spends its slow seconds on what it is about); the others pass at full speed.
 */
export async function startShapingProxy(
  target: { host: string; port: number },
  shape: LinkShape,
  shaped: (firstBytes: Buffer) => boolean = () => true,
): Promise<ShapingProxy> {
  let shapedDownBytes = 0
  let shapedConnections = 0
  let closedByServer = 0
  const proxy = await startTcpProxy(target, (client, upstream) => {
    client.once('data', (first) => {
      if (!shaped(first)) {
        upstream.write(first)
        client.pipe(upstream)
        upstream.pipe(client)
        return
      }
      shapedConnections++
      // Whichever side leaves first is the one that closed the connection.
      let left = false
      const browserLeft = () => (left = true)
      const serverLeft = () => {
        if (!left) closedByServer++
        left = true
      }
      client.once('end', browserLeft).once('close', browserLeft)
      upstream.once('end', serverLeft).once('error', serverLeft)
      const { latencyMs, holdsBytes = HOLDS_BYTES } = shape
      pipeShaped(client, upstream, { rate: shape.upBytesPerSecond, latencyMs, holdsBytes }, first)
      const down = { rate: shape.downBytesPerSecond, latencyMs, holdsBytes }
      pipeShaped(upstream, client, down, null, (bytes) => (shapedDownBytes += bytes))
    })
  })
  return {
    port: proxy.port,
    get shapedDownBytes() {
      return shapedDownBytes
    },
    get shapedConnections() {
      return shapedConnections
    },
    get closedByServer() {
      return closedByServer
    },
    close: proxy.close,
  }
}

/**
 * Carries `from` to `to` at `rate` bytes per second, each piece no sooner than `latencyMs` after
 * it arrived, holding at most about `holdsBytes` before it stops reading `from`.
 */
function pipeShaped(
  from: net.Socket,
  to: net.Socket,
  { rate, latencyMs, holdsBytes }: { rate: number; latencyMs: number; holdsBytes: number },
  first: Buffer | null,
  carried: (bytes: number) => void = () => {},
): void {
  const queue: { bytes: Buffer; readyAt: number }[] = []
  let queued = 0
  let busyUntil = 0
  let timer: NodeJS.Timeout | null = null
  let ended = false

  const pump = (): void => {
    while (!timer) {
      const head = queue[0]
      if (!head) {
        if (ended) to.end()
        return
      }
      const now = Date.now()
      const start = Math.max(head.readyAt, busyUntil)
      if (start > now) {
        timer = setTimeout(() => {
          timer = null
          pump()
        }, start - now)
        return
      }
      const piece = head.bytes.subarray(0, SLICE_BYTES)
      head.bytes = head.bytes.subarray(piece.length)
      if (head.bytes.length === 0) queue.shift()
      queued -= piece.length
      busyUntil = Math.max(now, busyUntil) + (piece.length / rate) * 1000
      carried(piece.length)
      to.write(piece)
      if (queued < holdsBytes / 2) from.resume()
    }
  }
  const take = (bytes: Buffer) => {
    queue.push({ bytes, readyAt: Date.now() + latencyMs })
    queued += bytes.length
    if (queued > holdsBytes) from.pause()
    pump()
  }
  if (first) take(first)
  from.on('data', take)
  from.on('end', () => {
    ended = true
    pump()
  })
  to.on('close', () => {
    if (timer) clearTimeout(timer)
  })
}
