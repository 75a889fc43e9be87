import { ChunkError, ChunkJoiner, isChunk, splitMessage } from '../../../shared/chunks.ts'

type SocketClass = new (...args: never[]) => WebSocket
type MessageHandler = ((this: WebSocket, event: MessageEvent) => unknown) | null

/** Told of every part of a message that is still arriving, with the socket it arrived on. */
export type PartListener = (socket: WebSocket) => void

/** The accessor for `name` that `Base` inherits (the browser's, or the `ws` package's). */
export function inheritedAccessor(
  Base: SocketClass,
  name: 'onopen' | 'onmessage',
): PropertyDescriptor {
  for (let proto = Base.prototype as object | null; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)
    if (descriptor?.set) return descriptor
  }
  throw new TypeError(`not a WebSocket class: no ${name} accessor`)
}

/**
 * `Base` speaking the chunked framing of `shared/chunks.ts`: a message longer than one chunk
 * leaves as consecutive chunk frames, and chunk frames that arrive are joined into the message
 * before the provider's `onmessage` sees them. The provider (stock y-websocket) never knows. Use
 * with a socket URL that carries `?chunks=1`, so the server frames its side the same way.
 *
 * `onPart` hears of every part before the last: the provider does not, and it closes a socket
 * that received no message for 30 s, which a whole book arriving over a slow link is.
 */
export function chunkingWebSocket<T extends SocketClass>(Base: T, onPart?: PartListener): T {
  const onMessage = inheritedAccessor(Base, 'onmessage')
  // The mixin's constructor takes whatever Base takes.
  const Mixin = class ChunkingWebSocket extends (Base as unknown as new (...args: unknown[]) => WebSocket) {
    constructor(...args: unknown[]) {
      super(...args)
      const joiner = new ChunkJoiner(Number.MAX_SAFE_INTEGER)
      let handler: MessageHandler = null
      // An own property shadows the inherited accessor, so whatever the provider assigns is
      // wrapped; the real handler on the socket is the wrapper.
      Object.defineProperty(this, 'onmessage', {
        configurable: true,
        get: () => handler,
        set: (next: MessageHandler) => {
          handler = next
          const wrapped = next && ((event: MessageEvent) => this.deliver(joiner, next, event))
          onMessage.set?.call(this, wrapped)
        },
      })
    }

    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      const bytes =
        data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : null
      if (!bytes) return super.send(data)
      for (const frame of splitMessage(bytes)) super.send(frame)
    }

    private deliver(joiner: ChunkJoiner, handler: NonNullable<MessageHandler>, event: MessageEvent) {
      if (!(event.data instanceof ArrayBuffer) || !isChunk(new Uint8Array(event.data))) {
        return handler.call(this, event)
      }
      try {
        const message = joiner.accept(new Uint8Array(event.data))
        if (message) handler.call(this, { data: message.buffer } as MessageEvent)
        else onPart?.(this)
      } catch (error) {
        if (!(error instanceof ChunkError)) throw error
        // A broken stream cannot be resumed: a new connection syncs from the start.
        this.close()
      }
    }
  }
  return Mixin as unknown as T
}
