/**
 * The sync benchmark's client side: the stock y-websocket provider with a session cookie, and the
 * small waits the measurements need. The same code drives our server and the stock one.
 */
import { request } from 'node:http'
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

/** A lender signed up for a benchmark. */
export interface BenchUser {
  cookie: string
  userId: string
}

/** Signs up from a given loopback address: better-auth allows 3 sign-ups per address per 10 s. */
export function signUpFrom(baseUrl: string, localAddress: string, email: string) {
  const body = JSON.stringify({ email, password: 'benchmark password', name: email })
  const url = new URL('/api/auth/sign-up/email', baseUrl)
  return new Promise<BenchUser>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          origin: baseUrl,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`sign-up ${res.statusCode}: ${text}`))
          const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
          resolve({ cookie, userId: (JSON.parse(text) as { user: { id: string } }).user.id })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * `count` lenders, three at a time from each loopback address (127.0.0.2, .3, ...), which is as
 * fast as better-auth lets one address sign up.
 */
export async function signUpMany(
  baseUrl: string,
  count: number,
  tag: string,
): Promise<BenchUser[]> {
  const users: BenchUser[] = []
  for (let trio = 0; users.length < count; trio++) {
    const address = `127.0.${Math.floor(trio / 250)}.${2 + (trio % 250)}`
    const emails = [0, 1, 2].map((k) => `${tag}${trio * 3 + k}@example.com`)
    users.push(...(await Promise.all(emails.map((email) => signUpFrom(baseUrl, address, email)))))
  }
  return users.slice(0, count)
}
