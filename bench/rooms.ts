/**
 * Server memory per open lender room: each server in a process of its own, as deployed, with
 * what one lender's open app holds there: a socket to the lender's room, holding a small book as
 * the app writes it, and one to the cities every lender shares. What a process holds shows in
 * its resident set (RSS), which is what an operator pays for; the V8 heap in use is printed
 * beside it. Both are read after a full garbage collection, at several counts of open rooms, and
 * the figure is the slope of a straight line through them, so that one step of heap growth does
 * not make the number.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as encoding from 'lib0/encoding'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  CITIES_ROOM,
  DEFLATE_PARAM,
  LAYOUT_PARAM,
  MessageType,
  SYNC_PATH,
  userRoom,
} from '../shared/protocol.ts'
import { initLenderDoc } from '../shared/schema/lender.ts'
import { SCHEMA_VERSION } from '../shared/schema/layouts/index.ts'
import { addPerson } from '../shared/schema/person.ts'
import { signUpMany, sleep } from './sync-clients.ts'

/** Rooms opened before the first reading (the process's own start-up growth is not theirs). */
const WARM_ROOMS = 50
const ROOMS = 500
const STEPS = 5
/** Goal of issue 30: a lender's open room costs no more than the stock server's. */
const GOAL_KIB = 50

/** Sync step 1 of a doc that holds nothing yet: "send me everything". */
function askForAll(): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  encoding.writeVarUint(encoder, 0)
  encoding.writeVarUint8Array(encoder, Y.encodeStateVector(new Y.Doc()))
  return encoding.toUint8Array(encoder)
}

/** A first sync as the app sends it: its new book, stamped, with one person. */
function firstSync(): Uint8Array {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  addPerson(
    doc,
    { name: 'Lakshmi', cityId: 'city-1', balance: 0, gender: 'female', phone: '9800000001' },
    { now: '2026-11-28T10:00:00.000Z' },
  )
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  encoding.writeVarUint(encoder, 2)
  encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(doc))
  return encoding.toUint8Array(encoder)
}

/** A child process that collects its garbage and writes its memory figures on SIGUSR2. */
interface Measured {
  child: ChildProcess
  memory(): Promise<{ rss: number; heap: number }>
}

function measured(args: string[], env: Record<string, string>, file: string): Measured {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', './bench/memory-on-signal.mjs', ...args],
    {
      env: { ...process.env, ...env, MEMORY_FILE: file },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return {
    child,
    async memory() {
      rmSync(file, { force: true })
      child.kill('SIGUSR2')
      for (;;) {
        await sleep(100)
        try {
          return JSON.parse(readFileSync(file, 'utf8')) as { rss: number; heap: number }
        } catch {
          // not written yet
        }
      }
    },
  }
}

/** Resolves once the child prints a line matching `pattern`. */
function printed(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (pattern.test(out)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

/** Opens one socket: resolves once the server has answered (the room is loaded and open). */
function open(url: string, cookie: string, message: Uint8Array): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {})
    ws.on('open', () => ws.send(message))
    ws.once('message', () => resolve(ws))
    ws.on('error', reject)
  })
}

/** Least-squares slope of `y` against `x`. */
function slope(points: readonly [number, number][]): number {
  const n = points.length
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0)
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0)
  return sxy / sxx
}

/** One lender's open app: where its two sockets go, and with what cookie. */
interface Lender {
  room: string
  cities: string
  cookie: string
}

/** Opens WARM_ROOMS lenders, then ROOMS in STEPS, reading memory at each step; bytes per lender. */
async function perRoom(server: Measured, lenders: readonly Lender[]) {
  const book = firstSync()
  const all = askForAll()
  const sockets: WebSocket[] = []
  let opened = 0
  const openUpTo = async (count: number) => {
    for (; opened < count; opened++) {
      const { room, cities, cookie } = lenders[opened]!
      sockets.push(await open(room, cookie, book), await open(cities, cookie, all))
    }
  }
  await openUpTo(WARM_ROOMS)
  const rss: [number, number][] = []
  const heap: [number, number][] = []
  for (let step = 0; step <= STEPS; step++) {
    await openUpTo(WARM_ROOMS + (ROOMS / STEPS) * step)
    await sleep(500)
    const reading = await server.memory()
    rss.push([opened, reading.rss])
    heap.push([opened, reading.heap])
  }
  for (const ws of sockets) ws.terminate()
  return { rss: slope(rss), heap: slope(heap) }
}

async function oursPerRoom(dir: string) {
  const port = 3900 + Math.floor(Math.random() * 1000)
  const server = measured(
    ['dist-server/index.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DIST_DIR: path.join(dir, 'no-dist'),
      LOG_LEVEL: 'error',
      ROOM_IDLE_MS: '600000',
    },
    path.join(dir, 'ours.json'),
  )
  try {
    await printed(server.child, /listening/)
    const base = `http://127.0.0.1:${port}`
    const users = await signUpMany(base, WARM_ROOMS + ROOMS, 'rooms')
    const params = `${ACK_PARAM}=1&${CHUNKS_PARAM}=1&${DEFLATE_PARAM}=1&${LAYOUT_PARAM}=${SCHEMA_VERSION}`
    const sync = `ws://127.0.0.1:${port}${SYNC_PATH}`
    const lenders = users.map((u) => ({
      room: `${sync}/${userRoom(u.userId)}?${params}`,
      cities: `${sync}/${CITIES_ROOM}?${ACK_PARAM}=1&${CHUNKS_PARAM}=1&${DEFLATE_PARAM}=1`,
      cookie: u.cookie,
    }))
    return await perRoom(server, lenders)
  } finally {
    server.child.kill()
  }
}

async function stockPerRoom(dir: string) {
  const port = 3900 + Math.floor(Math.random() * 1000)
  const script = `
    const { createServer } = require('node:http')
    const { WebSocketServer } = require('ws')
    const { setupWSConnection } = require('@y/websocket-server/utils')
    const wss = new WebSocketServer({ noServer: true })
    const server = createServer((req, res) => res.end('stock'))
    server.on('upgrade', (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) =>
        setupWSConnection(ws, req, { docName: req.url.slice(1) })))
    server.listen(${port}, '127.0.0.1', () => console.log('stock listening'))`
  const server = measured(['-e', script], {}, path.join(dir, 'stock.json'))
  try {
    await printed(server.child, /listening/)
    const lenders = Array.from({ length: WARM_ROOMS + ROOMS }, (_, i) => ({
      room: `ws://127.0.0.1:${port}/room${i}`,
      cities: `ws://127.0.0.1:${port}/cities`,
      cookie: '',
    }))
    return await perRoom(server, lenders)
  } finally {
    server.child.kill()
  }
}

/** Prints what one more open lender room costs our server and the stock one. */
export async function benchRooms(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rin-khata-rooms-'))
  try {
    const stock = await stockPerRoom(dir)
    const ours = await oursPerRoom(dir)
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    console.log(
      `rooms: server RSS per open lender room (and the lender's cities socket) ${kib(ours.rss)} (stock ${kib(stock.rss)}, ` +
        `ratio ${(ours.rss / stock.rss).toFixed(2)}x; goal ≤ ${GOAL_KIB} KiB: ` +
        `${ours.rss <= GOAL_KIB * 1024 ? 'met' : 'MISSED'}); ` +
        `heap in use ${kib(ours.heap)} (stock ${kib(stock.heap)})`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
