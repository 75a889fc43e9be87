/**
 * What the browser benchmarks share: the real server on a free port, a lender signed up on it,
 * and a book sent to their room the way a device sends it.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'
import { ACK_PARAM, CHUNKS_PARAM, MessageType, SYNC_PATH, userRoom } from '../shared/protocol.ts'
import { chunkingWebSocket } from '../src/data/sync/chunkingSocket.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * The real server on a free port and a fresh data directory; resolves with its URL, named
 * `localhost` when `localhost` is set (the origin a browser treats as secure without HTTPS).
 */
export async function startServer(dataDir: string, { localhost = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (!match) return
      const at = match[1] as string
      resolve(localhost ? at.replace('127.0.0.1', 'localhost') : at)
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

/** A new lender on the server at `url`: their session cookie and id. */
export async function signUp(url: string): Promise<{ cookie: string; userId: string }> {
  const email = `bench-${Date.now()}@example.com`
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Bench' }),
  })
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`)
  const body = (await response.json()) as { user: { id: string } }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { cookie, userId: body.user.id }
}

/** Sends the whole book to the server and waits until it says it stored it. */
export async function upload(
  url: string,
  userId: string,
  cookie: string,
  doc: Y.Doc,
): Promise<void> {
  class CookieSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } })
    }
  }
  const provider = new WebsocketProvider(
    url.replace(/^http/, 'ws') + SYNC_PATH,
    userRoom(userId),
    doc,
    {
      WebSocketPolyfill: chunkingWebSocket(CookieSocket as unknown as typeof globalThis.WebSocket),
      disableBc: true,
      params: { [ACK_PARAM]: '1', [CHUNKS_PARAM]: '1' },
    },
  )
  await new Promise<void>((resolve) => {
    provider.messageHandlers[MessageType.stored] = () => resolve()
  })
  provider.destroy()
}
