import net from 'node:net'
import tls from 'node:tls'

/** The longest a connection may take to open and sign in before it is tried again. */
const CONNECT_TIMEOUT_MS = 10_000

/** Idle time before the kernel starts probing whether Redis is still there. */
const KEEPALIVE_MS = 30_000

export interface RedisLinkOptions {
  /** `redis://user:password@host:port`, `rediss://` for TLS. */
  url: string
  /** Delay before the `times`-th attempt to reconnect. */
  retryStrategy(times: number): number
  /** The link failed (said once per outage). */
  onDown(error: Error): void
  /** The link is up and signed in: write to `socket`; what Redis sends from now on goes to `onData`. */
  onUp(socket: net.Socket): void
  onData(chunk: Buffer): void
}

export interface RedisLink {
  /** The socket while the link is up and signed in; null otherwise. */
  readonly socket: net.Socket | null
  close(): void
}

/**
 * One connection to Redis that opens, signs in as the URL says and reopens by itself, for the
 * fan-out's two links (`redisPublisher.ts`, `redisSubscriber.ts`). Each speaks only the few
 * commands it needs, written by hand: with ioredis's bookkeeping a publish cost the writing
 * process about 110 µs of CPU more than the socket write itself (see bench/scaleout.ts).
 *
 * A Redis without a password refuses AUTH and takes everything else (as ioredis does), so a
 * password it does not need is no error.
 */
export function openRedisLink(options: RedisLinkOptions): RedisLink {
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
    // A quiet link (a publisher's, a subscriber's between edits): the kernel's probes find a dead one.
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
      // The sign-in's reply is the one read here: whether it was taken.
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
        if (reply.startsWith('+') || reply.includes('without any password configured')) up(link)
        else link.destroy(new Error(`redis refused the sign-in: ${reply.slice(1, end)}`))
      }
      link.on('data', onData)
    })
  }

  const up = (link: net.Socket) => {
    link.setTimeout(0)
    link.on('data', options.onData)
    ready = true
    attempts = 0
    options.onUp(link)
  }

  connect()

  return {
    get socket() {
      return ready ? socket : null
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
export function command(parts: readonly string[]): Buffer {
  let text = `*${parts.length}\r\n`
  for (const part of parts) text += `$${Buffer.byteLength(part)}\r\n${part}\r\n`
  return Buffer.from(text)
}
