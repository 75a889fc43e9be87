import { inheritedAccessor } from './chunkingSocket.ts'

type SocketClass = new (...args: never[]) => WebSocket
type Handler = ((this: WebSocket, event: Event) => unknown) | null

/**
 * `Base`, whose `open` event and incoming messages reach their handlers only once `ready` has
 * settled; until then they wait, in order. The socket itself connects at once.
 *
 * The stock provider sends the server what its doc holds as soon as the socket opens, and answers
 * the server's first message at once too. Opened before IndexedDB is read, the doc is still empty,
 * and the server answers with the whole book: downloaded again on every start. Connecting only
 * after the read would fix that but add the connection time to the first sync. Holding the events
 * does both: the connection overlaps the read, and the handshake carries everything on disk.
 */
export function heldUntil<T extends SocketClass>(Base: T, ready: Promise<unknown>): T {
  const onOpen = inheritedAccessor(Base, 'onopen')
  const onMessage = inheritedAccessor(Base, 'onmessage')
  let released = false
  const waiting = new Set<() => void>()
  const release = () => {
    released = true
    for (const flush of waiting) flush()
    waiting.clear()
  }
  ready.then(release, release)

  const Held = class HeldWebSocket extends (Base as unknown as new (...args: unknown[]) => WebSocket) {
    #queue: (() => void)[] | null = null
    #onopen: Handler = null
    #onmessage: Handler = null

    constructor(...args: unknown[]) {
      super(...args)
      if (released) return
      const queue: (() => void)[] = []
      this.#queue = queue
      waiting.add(() => {
        this.#queue = null
        for (const deliver of queue) deliver()
      })
    }

    override get onopen(): Handler {
      return this.#onopen
    }

    override set onopen(handler: Handler) {
      this.#onopen = handler
      onOpen.set?.call(this, this.#held(handler))
    }

    override get onmessage(): Handler {
      return this.#onmessage
    }

    override set onmessage(handler: Handler) {
      this.#onmessage = handler
      onMessage.set?.call(this, this.#held(handler))
    }

    #held(handler: Handler): Handler {
      if (!handler) return null
      return (event: Event) => {
        if (!this.#queue) return handler.call(this, event)
        this.#queue.push(() => handler.call(this, event))
      }
    }
  }
  return Held as unknown as T
}
