/**
 * Starts the real server as a child process and talks to it as the app does: fetch for auth, the
 * stock y-websocket provider for sync. Everything started here is stopped by `cleanup()`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { get, type IncomingHttpHeaders } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as decoding from 'lib0/decoding'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  DEFLATE_PARAM,
  LAYOUT_PARAM,
  MessageType,
  SYNC_PATH,
  userRoom,
} from '../../shared/protocol.ts'
import { chunkingWebSocket } from '../../src/data/sync/chunkingSocket.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface TestServer {
  url: string
  port: number
  dataDir: string
  process: ChildProcess
  /** Everything the server wrote to stderr so far. */
  logs(): string
  /** Sends `signal` and resolves with the exit code (null if killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

const servers = new Set<TestServer>()
const providers = new Set<WebsocketProvider>()
const tempDirs = new Set<string>()

/** A fresh temporary directory, removed by `cleanup()`. */
export function tempDir(prefix = 'rin-khata-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  tempDirs.add(dir)
  return dir
}

/** The built server (`npm run build:server`; the integration tests' global setup builds it). */
export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'index.js')

/**
 * Starts the built server (what production runs: plain `node`, no TypeScript loader) on a free
 * port; `dataDir` defaults to a fresh temp dir.
 */
export async function startTestServer(
  options: {
    dataDir?: string
    env?: Record<string, string>
    /** Another copy of the bundle's index.js, e.g. one moved away from the source tree. */
    bundle?: string
  } = {},
): Promise<TestServer> {
  const bundle = options.bundle ?? SERVER_BUNDLE
  const dataDir = options.dataDir ?? tempDir()
  // Vitest exports Vite's BASE_URL ('/') and NODE_ENV=test; the server must see neither.
  const { BASE_URL: _viteBase, ...inherited } = process.env
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: run \`npm run build:server\` first`)
  }
  const child = spawn(process.execPath, [bundle], {
    cwd: path.dirname(path.dirname(bundle)),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    if (process.env.LOG_LEVEL === 'debug') process.stderr.write(chunk)
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /Rin Khata listening on (http:\/\/\S+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${stderr}`))
    })
  })
  const server: TestServer = {
    url,
    port: Number(new URL(url).port),
    dataDir,
    process: child,
    logs: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      const code = await exited
      servers.delete(server)
      return code
    },
  }
  servers.add(server)
  return server
}

/**
 * Runs the operator's `npm run reset-password -- <args>` as it ships (the bundled script, with
 * plain node) against the installation `env` names; resolves with its output and when it exited.
 */
export function resetPassword(env: Record<string, string>, args: string[], stdin = '') {
  const { BASE_URL: _viteBase, ...inherited } = process.env
  const script = path.join(path.dirname(SERVER_BUNDLE), 'reset-password.js')
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdin.end(stdin)
  return new Promise<{ code: number | null; stdout: string; stderr: string; exitedAt: number }>(
    (resolve) =>
      child.once('exit', (code) => resolve({ code, stdout, stderr, exitedAt: performance.now() })),
  )
}

/** A signed-in lender. */
export interface Lender {
  email: string
  password: string
  userId: string
  cookie: string
}

let lenderCount = 0

/** The cookies a response set, as a `cookie` header carries them; throws if it set none. */
export function cookieOf(response: Response): string {
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!)
  if (cookies.length === 0) throw new Error(`no session cookie (HTTP ${response.status})`)
  return cookies.join('; ')
}

/**
 * POSTs JSON to the auth API the way a browser on the app's origin would; `from` is the address
 * it comes from, in X-Forwarded-For (heeded by a server started with TRUST_PROXY=1).
 */
export function authPost(
  server: TestServer,
  route: string,
  body: unknown,
  cookie?: string,
  from?: string,
): Promise<Response> {
  return fetch(`${server.url}/api/auth/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

let addresses = 0

/**
 * A fresh address in 198.18.0.0/15 (benchmarking space), so that per-address limits of a server
 * started with TRUST_PROXY=1 keep each request apart.
 */
export function newAddress(): string {
  const n = ++addresses
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`
}

/** Creates an account (from the address `from`, if given) and returns its session. */
export async function signUp(server: TestServer, from?: string): Promise<Lender> {
  const email = `lender${++lenderCount}-${process.pid}@example.com`
  const password = 'correct horse'
  const response = await authPost(
    server,
    'sign-up/email',
    { email, password, name: email },
    '',
    from,
  )
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { user: { id: string } }
  return { email, password, userId: body.user.id, cookie: cookieOf(response) }
}

/** Signs in with an email and password (from the address `from`, if given). */
export function signIn(
  server: TestServer,
  email: string,
  password: string,
  from?: string,
): Promise<Response> {
  return authPost(server, 'sign-in/email', { email, password }, '', from)
}

/** A server started before the tests that follow, and its first lender. */
export async function startWithLender(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; lender: Lender }> {
  const server = await startTestServer(options)
  return { server, lender: await signUp(server) }
}

/** A `ws` WebSocket class that sends `cookie` with its upgrade (Node has no cookie jar). */
export function cookieWebSocket(cookie: string) {
  return class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } })
    }
  }
}

/** A stock y-websocket client, plus what the server told it. */
export interface Client {
  doc: Y.Doc
  provider: WebsocketProvider
  /** The latest `stored` count received on the current connection. */
  stored(): number
  /** Close events of this client's sockets, in order. */
  closes: { code: number; reason: string }[]
}

/**
 * Connects the stock `WebsocketProvider` to `room` as `lender`, asking for `stored`
 * acknowledgements as the app does (`acks: false`: as any other Yjs client, which does not);
 * `chunks: true` frames large messages in chunks, as the app does.
 */
export function connectClient(
  server: TestServer,
  room: string,
  cookie: string,
  doc: Y.Doc = new Y.Doc(),
  {
    acks = true,
    chunks = false,
    deflate = false,
    layout,
  }: {
    acks?: boolean
    chunks?: boolean
    /** With `chunks`: large messages go and come compressed, as the app's do (DEFLATE_PARAM). */
    deflate?: boolean
    /** The layout it says it writes (LAYOUT_PARAM). */ layout?: number
  } = {},
): Client {
  let stored = 0
  const closes: Client['closes'] = []
  const provider = new WebsocketProvider(server.url + SYNC_PATH, room, doc, {
    WebSocketPolyfill: (chunks
      ? chunkingWebSocket(cookieWebSocket(cookie) as unknown as typeof globalThis.WebSocket)
      : cookieWebSocket(cookie)) as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params: {
      ...(acks && { [ACK_PARAM]: '1' }),
      ...(chunks && { [CHUNKS_PARAM]: '1' }),
      ...(chunks && deflate && { [DEFLATE_PARAM]: '1' }),
      ...(layout !== undefined && { [LAYOUT_PARAM]: String(layout) }),
    },
  })
  if (acks) {
    provider.messageHandlers[MessageType.stored] = (_encoder, decoder) => {
      stored = decoding.readVarUint(decoder)
    }
  }
  provider.on('connection-close', (event) => {
    stored = 0
    if (event) closes.push({ code: event.code, reason: event.reason })
  })
  providers.add(provider)
  return { doc, provider, stored: () => stored, closes }
}

/** Stops a client for good. */
export function disconnect(client: Client): void {
  stopProvider(client.provider)
  providers.delete(client.provider)
}

// destroy() leaves the provider's own Awareness (and its 3 s timer) running.
function stopProvider(provider: WebsocketProvider): void {
  provider.destroy()
  provider.awareness.destroy()
}

/** Polls `check` until it is true; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Resolves once the provider has finished its first sync with the server. */
export function waitSynced(client: Client): Promise<void> {
  return waitFor(() => client.provider.synced, 'sync')
}

/** `connectClient`, resolved once that client has finished its first sync. */
export async function openRoom(...args: Parameters<typeof connectClient>): Promise<Client> {
  const client = connectClient(...args)
  await waitSynced(client)
  return client
}

/** A lender's own book, opened on `server` with `cookie` (the lender's own by default). */
export function openBook(server: TestServer, lender: Lender, cookie = lender.cookie) {
  return openRoom(server, userRoom(lender.userId), cookie)
}

/** Stops every client and server and removes every temp dir. */
export async function cleanup(): Promise<void> {
  for (const provider of providers) stopProvider(provider)
  providers.clear()
  await Promise.all([...servers].map((server) => server.stop('SIGKILL')))
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

/** What a brand-new device sees in `room` (its own empty doc, nothing cached). */
export async function freshView(server: TestServer, room: string, cookie: string): Promise<Y.Doc> {
  const client = await openRoom(server, room, cookie)
  disconnect(client)
  return client.doc
}

/**
 * Records every sync update message a client sends, on every socket it opens, so that "the
 * server stored the first n" can be turned back into the edits they carried (see `payloadOf`).
 */
export function recordSentUpdates(client: Client): Uint8Array[] {
  const sent: Uint8Array[] = []
  const attach = () => {
    const ws = client.provider.ws as unknown as { send(data: Uint8Array): void } | null
    if (!ws) return
    const marked = ws as { __recorded?: boolean }
    if (marked.__recorded) return
    marked.__recorded = true
    const send = ws.send.bind(ws)
    ws.send = (data: Uint8Array) => {
      const bytes = new Uint8Array(data)
      // [sync = 0, step2 = 1 | update = 2, payload]: exactly what the server counts.
      if (bytes[0] === 0 && (bytes[1] === 1 || bytes[1] === 2)) sent.push(bytes)
      send(data)
    }
  }
  attach()
  // The provider announces 'connecting' right after it creates a socket, before that opens.
  client.provider.on('status', attach)
  return sent
}

/** The Yjs update inside a `[sync, step2 | update, payload]` message. */
export function payloadOf(message: Uint8Array): Uint8Array {
  const decoder = decoding.createDecoder(message)
  decoding.readVarUint(decoder)
  decoding.readVarUint(decoder)
  return decoding.readVarUint8Array(decoder)
}

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A download's answer, read until at least `bytes` of its body have come. */
export interface Part {
  headers: IncomingHttpHeaders
  body: Buffer
  /** Cuts the link (the device lost its signal). */
  cut: () => void
}

/** Starts downloading `url` as a browser that takes no compression, and stops reading. */
export function readPart(url: string, cookie: string, bytes: number): Promise<Part> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { cookie, 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = []
      let read = 0
      const onData = (chunk: Buffer) => {
        chunks.push(chunk)
        read += chunk.byteLength
        if (read < bytes) return
        response.off('data', onData)
        response.pause()
        resolve({
          headers: response.headers,
          body: Buffer.concat(chunks),
          cut: () => request.destroy(),
        })
      }
      response.on('data', onData)
      response.on('error', () => undefined)
    })
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)))
  })
}
