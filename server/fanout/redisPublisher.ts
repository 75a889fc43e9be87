import net from 'node:net'
import tls from 'node:tls'

/**
 * Most bytes a publisher holds for a Redis that does not read them. A message past it is dropped,
 * as one published while Redis is down is: the other processes repair it from storage.
 */
export const PUBLISH_BUFFER_BYTES = 8 * 1024 * 1024

/** The longest a connection may take to open and sign in before it is tried again. */
const CONNECT_TIMEOUT_MS = 10_000

/** Idle time before the kernel starts probing whether Redis is still there. */
const KEEPALIVE_MS = 30_000

export interface RedisPublisher {
  /** Publishes `message` on `channel` if the link is up; otherwise (or past the buffer) drops it. */
  publish(channel: string, message: Uint8Array): void
  close(): void
}

interface PublisherOptions {
  url: string
  /** Delay before the `times`-th attempt to reconnect. */
  retryStrategy(times: number): number
  /** The link failed (said once per outage). */
  onDown(error: Error): void
  /** The link is up and signed in. */
  onUp?(): void
}

/**
 * A Redis connection that only publishes, and asks Redis for no replies (`CLIENT REPLY OFF`).
 *
 * Fan-out is fire-and-forget anyway: a lost message is repaired from storage, so a publish's reply
 * (the number of subscribers) is never read. Yet each reply woke the process once more for every
 * edit, and with ioredis's bookkeeping a publish cost the writing process about 110 µs of CPU more
 * than the socket write itself (see bench/scaleout.ts). The subscriber keeps ioredis.
 *
 * The connection signs in as the URL says (`redis://user:password@host:port`, `rediss://` for
 * TLS), then sends `CLIENT REPLY OFF`. A Redis that refuses that command still works: its replies
 * are read and dropped.
 */
export function openRedisPublisher(options: PublisherOptions): RedisPublisher {
  const url = new URL(options.url)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1'
  const port = Number(url.port) || 6379
  const username = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)

  let socket: net.Socket | null = null
  let ready = false
  let closed = false
  let attempts = 0
  let retryTimer: NodeJS.Timeout | null = null

  const fail = (error: Error) => {
    const wasReady = ready
    ready = false
    socket?.destroy()
    socket = null
    if (closed) return
    if (wasReady || attempts === 0) options.onDown(error)
    retryTimer = setTimeout(connect, options.retryStrategy(++attempts))
  }

  function connect(): void {
    retryTimer = null
    if (closed) return
    const link =
      url.protocol === 'rediss:'
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port })
    socket = link
    link.setNoDelay(true)
    // Nothing comes back on a link that only publishes: the kernel's probes find a dead one.
    link.setKeepAlive(true, KEEPALIVE_MS)
    link.setTimeout(CONNECT_TIMEOUT_MS, () => link.destroy(new Error('redis did not answer')))
    link.on('error', (error) => {
      if (socket === link) fail(error)
    })
    link.once('close', () => {
      if (socket === link) fail(new Error('redis closed the connection'))
    })
    link.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      if (!password) return up(link)
      // The one reply read: whether the sign-in was taken.
      link.write(command(username ? ['AUTH', username, password] : ['AUTH', password]))
      let reply = ''
      const onData = (chunk: Buffer) => {
        reply += chunk.toString('latin1')
        const end = reply.indexOf('\r\n')
        if (end < 0) {
          if (reply.length > 4096)
            link.destroy(new Error('redis answered the sign-in with no line'))
          return
        }
        link.off('data', onData)
        // A Redis without a password refuses AUTH and takes everything else (as ioredis does).
        if (reply.startsWith('+') || reply.includes('without any password configured')) up(link)
        else link.destroy(new Error(`redis refused the sign-in: ${reply.slice(1, end)}`))
      }
      link.on('data', onData)
    })
  }

  const up = (link: net.Socket) => {
    link.setTimeout(0)
    // Replies, if Redis sends any (one that refuses CLIENT REPLY OFF), are not needed.
    link.on('data', () => {})
    link.write(command(['CLIENT', 'REPLY', 'OFF']))
    ready = true
    attempts = 0
    options.onUp?.()
  }

  connect()

  return {
    publish(channel, message) {
      if (!ready || !socket || socket.writableLength > PUBLISH_BUFFER_BYTES) return
      const head = Buffer.from(
        `*3\r\n$7\r\nPUBLISH\r\n$${Buffer.byteLength(channel)}\r\n${channel}\r\n$${message.byteLength}\r\n`,
      )
      // One buffer, one write: the cost of a publish is the system call.
      const frame = Buffer.allocUnsafe(head.length + message.byteLength + 2)
      head.copy(frame)
      frame.set(message, head.length)
      frame.write('\r\n', head.length + message.byteLength, 'latin1')
      socket.write(frame)
    },
    close() {
      closed = true
      ready = false
      if (retryTimer) clearTimeout(retryTimer)
      socket?.end()
      socket = null
    },
  }
}

/** A command in RESP, Redis's protocol: an array of bulk strings. */
function command(parts: string[]): Buffer {
  let text = `*${parts.length}\r\n`
  for (const part of parts) text += `$${Buffer.byteLength(part)}\r\n${part}\r\n`
  return Buffer.from(text)
}
