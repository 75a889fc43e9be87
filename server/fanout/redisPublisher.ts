import { command, openRedisLink } from './redisLink.ts'

/**
 * Most bytes a publisher holds for a Redis that does not read them. A message past it is dropped,
 * as one published while Redis is down is: the other processes repair it from storage.
 */
export const PUBLISH_BUFFER_BYTES = 8 * 1024 * 1024

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
 * edit. A Redis that refuses that command still works: its replies are read and dropped.
 */
export function openRedisPublisher(options: PublisherOptions): RedisPublisher {
  const link = openRedisLink({
    ...options,
    onUp(socket) {
      socket.write(command(['CLIENT', 'REPLY', 'OFF']))
      options.onUp?.()
    },
    // Replies, if Redis sends any (one that refuses CLIENT REPLY OFF), are not needed.
    onData: () => {},
  })

  return {
    publish(channel, message) {
      const { socket } = link
      if (!socket || socket.writableLength > PUBLISH_BUFFER_BYTES) return
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
    close: () => link.close(),
  }
}
