import { ChunkError, ChunkJoiner, isChunk, splitMessage } from '../../../shared/chunks.ts'
import {
  DEFLATE_MIN_BYTES,
  deflatedMessage,
  deflatedPayload,
  isDeflated,
  worthDeflating,
} from '../../../shared/deflate.ts'
import { DEFLATE_PARAM } from '../../../shared/protocol.ts'

type SocketClass = new (...args: never[]) => WebSocket
type MessageHandler = ((this: WebSocket, event: MessageEvent) => unknown) | null

/** `bytes` through a compression or decompression stream of the platform (browser or Node). */
async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
  const output = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream)
  return new Uint8Array(await new Response(output).arrayBuffer())
}

/** `message` as it goes out: deflated if that is smaller (see `shared/deflate.ts`). */
async function deflateMessage(message: Uint8Array): Promise<Uint8Array> {
  const compressed = await transform(message, new CompressionStream('deflate-raw'))
  return worthDeflating(message.byteLength, compressed.byteLength)
    ? deflatedMessage(compressed)
    : message
}

/** Whether the socket's URL says it takes compressed messages (`?deflate=1`). */
function saysDeflate(url: unknown): boolean {
  try {
    return new URL(String(url)).searchParams.get(DEFLATE_PARAM) === '1'
  } catch {
    return false
  }
}

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
 *
 * With `?deflate=1` in its URL, the socket also sends large messages compressed and inflates
 * the compressed ones it receives (`shared/deflate.ts`), with the platform's own streams. That
 * work is asynchronous, so messages wait behind it in each direction: the provider sees them,
 * and the server gets them, in the order they were sent.
 */
export function chunkingWebSocket<T extends SocketClass>(Base: T, onPart?: PartListener): T {
  const onMessage = inheritedAccessor(Base, 'onmessage')
  // The mixin's constructor takes whatever Base takes.
  const Mixin = class ChunkingWebSocket extends (Base as unknown as new (...args: unknown[]) => WebSocket) {
    private readonly deflate: boolean
    /** The last message on its way out, or in, that others must wait behind; null when none. */
    private outbound: Promise<void> | null = null
    private inbound: Promise<void> | null = null

    constructor(...args: unknown[]) {
      super(...args)
      this.deflate = saysDeflate(args[0])
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
      const compress = this.deflate && bytes.byteLength >= DEFLATE_MIN_BYTES
      if (!compress && !this.outbound) return this.sendFrames(bytes)
      const ready = compress ? deflateMessage(bytes) : bytes
      const sent = (this.outbound ?? Promise.resolve())
        .then(async () => this.sendFrames(await ready))
        .catch(() => this.close())
      this.outbound = sent
      void sent.then(() => {
        if (this.outbound === sent) this.outbound = null
      })
    }

    private sendFrames(message: Uint8Array): void {
      if (this.readyState !== this.OPEN) return
      for (const frame of splitMessage(message)) super.send(frame)
    }

    /** Hands a whole message to the provider, inflated first if it came compressed. */
    private hand(handler: NonNullable<MessageHandler>, message: Uint8Array): void {
      if (!this.inbound && !(this.deflate && isDeflated(message))) {
        return void handler.call(this, { data: message.buffer } as MessageEvent)
      }
      const ready =
        this.deflate && isDeflated(message)
          ? transform(deflatedPayload(message), new DecompressionStream('deflate-raw'))
          : message
      const handed = (this.inbound ?? Promise.resolve())
        .then(async () => {
          const whole = await ready
          if (this.readyState === this.OPEN) handler.call(this, { data: whole.buffer } as MessageEvent)
        })
        // A message that does not inflate cannot be skipped: a new connection syncs afresh.
        .catch(() => this.close())
      this.inbound = handed
      void handed.then(() => {
        if (this.inbound === handed) this.inbound = null
      })
    }

    private deliver(joiner: ChunkJoiner, handler: NonNullable<MessageHandler>, event: MessageEvent) {
      if (!(event.data instanceof ArrayBuffer)) return handler.call(this, event)
      const frame = new Uint8Array(event.data)
      if (!isChunk(frame)) return this.hand(handler, frame)
      try {
        const message = joiner.accept(frame)
        if (message) this.hand(handler, message)
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
