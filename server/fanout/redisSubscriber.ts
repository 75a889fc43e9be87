import { command, openRedisLink } from './redisLink.ts'

export interface RedisSubscriber {
  /** Subscribes to `channels` if the link is up; `onUp` is where to subscribe again after an outage. */
  subscribe(channels: readonly string[]): void
  unsubscribe(channels: readonly string[]): void
  close(): void
}

interface SubscriberOptions {
  url: string
  /** Delay before the `times`-th attempt to reconnect. */
  retryStrategy(times: number): number
  /** The link failed (said once per outage). */
  onDown(error: Error): void
  /** The link is up and signed in, subscribed to nothing. */
  onUp(): void
  /** Redis confirmed a subscription: from now on the channel's messages arrive. */
  onSubscribed(channel: string): void
  /** A message published on a channel subscribed to: a view of the bytes as they came in. */
  onMessage(channel: string, message: Uint8Array): void
  /** Redis answered a command with an error (a subscription refused). */
  onRefused(reason: string): void
}

/**
 * A Redis connection that only subscribes, reading Redis's replies with a parser of its own.
 *
 * Every other process that holds a room hears a message per edit made in it (the update, in its
 * inbox) and one per few milliseconds of edits (their seqs, on the room's channel). ioredis's
 * reader (its parser, then a promise and an event per message) took more of a process's CPU
 * than the work the message asked for; this one hands on a message as a view of the bytes
 * that came in (never written again, so a listener may keep it).
 */
export function openRedisSubscriber(options: SubscriberOptions): RedisSubscriber {
  const reader = new RespReader((reply) => {
    if (reply instanceof RespError) return options.onRefused(reply.message)
    if (!Array.isArray(reply) || reply.length < 3) return
    const [kind, channel, payload] = reply as [unknown, unknown, unknown]
    if (!Buffer.isBuffer(kind) || !Buffer.isBuffer(channel)) return
    const name = channel.toString()
    if (kind.equals(MESSAGE)) {
      if (Buffer.isBuffer(payload)) options.onMessage(name, payload)
    } else if (kind.equals(SUBSCRIBE)) {
      options.onSubscribed(name)
    }
  })
  const link = openRedisLink({
    ...options,
    onUp() {
      reader.reset()
      options.onUp()
    },
    onData(chunk) {
      try {
        reader.push(chunk)
      } catch (error) {
        // Not Redis's protocol, or a listener that threw: start over on a new connection, after
        // which every room catches up from storage (`onUp`, then `onSubscribed`).
        link.socket?.destroy(error as Error)
      }
    },
  })
  const send = (verb: string, channels: readonly string[]) => {
    if (channels.length > 0) link.socket?.write(command([verb, ...channels]))
  }

  return {
    subscribe: (channels) => send('SUBSCRIBE', channels),
    unsubscribe: (channels) => send('UNSUBSCRIBE', channels),
    close: () => link.close(),
  }
}

const MESSAGE = Buffer.from('message')
const SUBSCRIBE = Buffer.from('subscribe')

/** An error reply (`-ERR …`). */
class RespError extends Error {}

/** A value of RESP2, as far as a subscriber meets it; bulk strings are views of what came in. */
type Resp = Buffer | number | string | RespError | null | Resp[]

const CR = 13

/** Cuts RESP2 replies out of the bytes as they come in, in whatever pieces. */
export class RespReader {
  // Bytes of a reply not yet whole, and how many bytes it takes before reading again is worth it.
  private held: Buffer[] = []
  private heldBytes = 0
  private wanted = 0
  // What `read` found: the value, and how far the buffer must reach for the reply being read.
  private value: Resp = null
  private needed = 0

  constructor(private readonly onReply: (reply: Resp) => void) {}

  /** Forgets a partial reply (a new connection). */
  reset(): void {
    this.held = []
    this.heldBytes = 0
  }

  /** Reads every whole reply in `chunk` (after what was held); throws on bytes that are not RESP. */
  push(chunk: Buffer): void {
    let buffer = chunk
    if (this.heldBytes > 0) {
      this.held.push(chunk)
      this.heldBytes += chunk.length
      // A big message comes in many pieces: joined once, when it can be whole, not per piece.
      if (this.heldBytes < this.wanted) return
      buffer = Buffer.concat(this.held, this.heldBytes)
      this.reset()
    }
    let at = 0
    while (at < buffer.length) {
      this.needed = buffer.length + 1
      const end = this.read(buffer, at)
      if (end < 0) {
        this.held = [buffer.subarray(at)]
        this.heldBytes = buffer.length - at
        this.wanted = this.needed - at
        return
      }
      at = end
      this.onReply(this.value)
    }
  }

  /** Reads the value at `at` into `value`; where it ends, or -1 when the buffer ends first. */
  private read(buffer: Buffer, at: number): number {
    const cr = buffer.indexOf(CR, at)
    if (cr < 0 || cr + 1 >= buffer.length) return -1
    const type = buffer[at]
    const next = cr + 2
    switch (type) {
      case 0x2b: // + simple string
        this.value = buffer.toString('latin1', at + 1, cr)
        return next
      case 0x2d: // - error
        this.value = new RespError(buffer.toString('utf8', at + 1, cr))
        return next
      case 0x3a: // : integer
        this.value = readInteger(buffer, at + 1, cr)
        return next
      case 0x24: {
        // $ bulk string
        const length = readInteger(buffer, at + 1, cr)
        if (length < 0) {
          this.value = null
          return next
        }
        const stop = next + length
        if (stop + 2 > buffer.length) {
          this.needed = stop + 2
          return -1
        }
        this.value = buffer.subarray(next, stop)
        return stop + 2
      }
      case 0x2a: {
        // * array
        const count = readInteger(buffer, at + 1, cr)
        if (count < 0) {
          this.value = null
          return next
        }
        const items: Resp[] = []
        let end = next
        for (let i = 0; i < count; i++) {
          end = this.read(buffer, end)
          if (end < 0) return -1
          items.push(this.value)
        }
        this.value = items
        return end
      }
      default:
        throw new Error(`not a Redis reply: byte ${type} at ${at}`)
    }
  }
}

/** The decimal integer in `buffer` from `start` to `end`; throws on anything else. */
function readInteger(buffer: Buffer, start: number, end: number): number {
  let at = start
  const negative = buffer[at] === 0x2d
  if (negative) at++
  if (at === end) throw new Error('not a Redis reply: an empty number')
  let value = 0
  for (; at < end; at++) {
    const digit = (buffer[at] as number) - 0x30
    if (digit < 0 || digit > 9) throw new Error('not a Redis reply: a number with a non-digit')
    value = value * 10 + digit
  }
  return negative ? -value : value
}
