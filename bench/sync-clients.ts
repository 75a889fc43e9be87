/**
 * The sync benchmark's client side: the stock y-websocket provider with a session cookie, and the
 * small waits the measurements need. The same code drives our server and the stock one.
 */
import { performance } from 'node:perf_hooks'
import { WebSocket } from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'

/** One server under test, as the clients see it. */
export interface Target {
  label: 'ours' | 'stock'
  /** Base URL of the sync endpoint (the provider appends `/<room>`). */
  syncUrl: string
  cookie: string
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function cookieSocket(cookie: string) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } })
    }
  }
}

export function provider(target: Target, room: string, cookie = target.cookie) {
  const doc = new Y.Doc()
  const p = new WebsocketProvider(target.syncUrl, room, doc, {
    WebSocketPolyfill: cookieSocket(cookie) as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  })
  return p
}

/** Stops a provider; destroying its doc also stops the awareness timer the provider made. */
export function release(p: WebsocketProvider): void {
  p.destroy()
  p.doc.destroy()
}

export async function synced(p: WebsocketProvider): Promise<void> {
  while (!p.synced) await sleep(5)
}

/** Resolves when `check` holds after a change of `type` (or already holds). */
export function whenObserved(
  type: { observe(f: () => void): void; unobserve(f: () => void): void },
  check: () => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve()
    const handler = () => {
      if (!check()) return
      type.unobserve(handler)
      resolve()
    }
    type.observe(handler)
  })
}

/** Two devices in one room; `measure(n)` times n one-edit round trips from the first to the second. */
export async function editPair(target: Target, room: string) {
  const a = provider(target, room)
  const b = provider(target, room)
  await Promise.all([synced(a), synced(b)])
  // One of the book's roots: our server refuses updates outside them (the stock server takes any).
  const source = a.doc.getMap<number>('profile')
  const seen = b.doc.getMap<number>('profile')
  let next = 0
  return {
    async measure(edits: number): Promise<number[]> {
      const samples: number[] = []
      for (let n = 0; n < edits; n++) {
        const i = next++
        const arrived = whenObserved(seen, () => seen.get('k') === i)
        const start = performance.now()
        source.set('k', i)
        await arrived
        samples.push(performance.now() - start)
      }
      return samples
    },
    close() {
      release(a)
      release(b)
    },
  }
}
