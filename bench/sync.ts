/**
 * Sync benchmark: our server against the stock `@y/websocket-server` 0.1.1, both in this process,
 * measured with the same client code (the stock y-websocket provider, or raw `ws` sockets where
 * a provider's own memory would drown the number).
 *
 * Ours authenticates every socket and appends every update to SQLite before broadcasting it; the
 * stock server keeps its documents in memory only, except for the cold load, where it uses its
 * own LevelDB persistence (the `YPERSISTENCE` code path) since it has nothing to load from
 * otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import * as encoding from 'lib0/encoding'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { docs, setPersistence } from '@y/websocket-server/utils'
import { MessageType, SYNC_PATH, userRoom } from '../shared/protocol.ts'
import { startOurs, startStock } from './sync-servers-start.ts'
import {
  editPair,
  nextTurn,
  provider,
  release,
  signUpFrom,
  sleep,
  synced,
  whenObserved,
  type Target,
} from './sync-clients.ts'

const LATENCY_EDITS = 1000
const READERS = 10
const THROUGHPUT_EDITS = 3000
/** Edits the writer makes per event-loop turn, like a fast typist or a bulk import. */
const EDITS_PER_TURN = 20
const MEMORY_ROOMS = 96
const COLD_LOANS = 1000
const PAYMENTS_PER_LOAN = 10
/**
 * The root the edits go to: one of the book's own, since our server refuses updates outside them
 * (the stock server takes any). Plain numbers under a person's key are well within its checks.
 */
const EDITS_ROOT = 'people'

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function editsPerSecond(target: Target, room: string): Promise<number> {
  const writer = provider(target, room)
  const readers = Array.from({ length: READERS }, () => provider(target, room))
  await Promise.all([writer, ...readers].map(synced))
  const done = readers.map((r) => {
    const map = r.doc.getMap(EDITS_ROOT)
    return whenObserved(map, () => map.size === THROUGHPUT_EDITS)
  })
  const map = writer.doc.getMap<number>(EDITS_ROOT)
  const start = performance.now()
  for (let i = 0; i < THROUGHPUT_EDITS; i += EDITS_PER_TURN) {
    for (let j = i; j < i + EDITS_PER_TURN; j++) map.set(`e${j}`, j)
    await nextTurn()
  }
  await Promise.all(done)
  const seconds = (performance.now() - start) / 1000
  for (const p of [writer, ...readers]) release(p)
  return THROUGHPUT_EDITS / seconds
}

const gc = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()

function heapBytes(): number {
  for (let i = 0; i < 3; i++) gc()
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.external
}

/** Opens one room per cookie with a raw socket holding a small person record; bytes per room. */
async function memoryPerRoom(target: Target, rooms: { room: string; cookie: string }[]) {
  const content = new Y.Doc()
  content.getMap('people').set('p1', { name: 'Lakshmi', phone: '9800000001', balance: 250000 })
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  encoding.writeVarUint(encoder, 2)
  encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(content))
  const update = encoding.toUint8Array(encoder)

  // Destroyed providers linger until their reconnect timers (up to 2.5 s) have fired.
  await sleep(3000)
  const before = heapBytes()
  const sockets = await Promise.all(
    rooms.map(
      ({ room, cookie }) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${target.syncUrl}/${room}`, { headers: { cookie } })
          ws.on('open', () => ws.send(update))
          ws.once('message', () => resolve(ws)) // the server's sync step 1: the room is open
          ws.on('error', reject)
        }),
    ),
  )
  await sleep(200)
  const after = heapBytes()
  await Promise.all(
    sockets.map((ws) => new Promise((resolve) => (ws.once('close', resolve), ws.close()))),
  )
  return (after - before) / rooms.length
}

/** Sends a book of loans with payments, one transaction per loan and per payment. */
async function seedBook(target: Target, room: string): Promise<void> {
  const p = provider(target, room)
  await synced(p)
  const loans = p.doc.getMap('loans')
  const payments = p.doc.getMap('payments')
  for (let l = 0; l < COLD_LOANS; l++) {
    p.doc.transact(() => {
      const loan = new Y.Map<unknown>()
      loans.set(`loan-${l}`, loan)
      loan.set('personId', `person-${l % 300}`)
      loan.set('amount', 5_000_000 + l)
      loan.set('interestRate', 24)
      loan.set('interestType', 'per_annum')
      loan.set('startDate', '2025-01-15')
      loan.set('dueDate', '2026-01-15')
      loan.set('status', 'active')
      loan.set('description', `Loan number ${l}`)
    })
    for (let k = 0; k < PAYMENTS_PER_LOAN; k++) {
      payments.set(`pay-${l}-${k}`, {
        loanId: `loan-${l}`,
        amount: 150_000 + k,
        date: `2025-${String(k + 2).padStart(2, '0')}-10`,
        description: 'Deposit payment',
      })
    }
    if (l % 50 === 49) await nextTurn()
  }
  await sleep(1500) // let both servers write it all
  release(p)
}

async function coldLoadMs(target: Target, room: string): Promise<number> {
  const start = performance.now()
  const p = provider(target, room)
  const payments = p.doc.getMap('payments')
  await whenObserved(payments, () => payments.size === COLD_LOANS * PAYMENTS_PER_LOAN)
  const ms = performance.now() - start
  release(p)
  return ms
}

interface Leveldb {
  getYDoc(name: string): Promise<Y.Doc>
  storeUpdate(name: string, update: Uint8Array): Promise<unknown>
  destroy(): Promise<void>
}

/** The stock server's own LevelDB persistence, as its YPERSISTENCE code path sets it up. */
async function useStockLeveldb(dir: string): Promise<Leveldb> {
  // y-leveldb ships no types that resolve here; a variable specifier keeps tsc out of it.
  const specifier = 'y-leveldb'
  const { LeveldbPersistence } = (await import(specifier)) as {
    LeveldbPersistence: new (dir: string) => Leveldb
  }
  const ldb = new LeveldbPersistence(dir)
  setPersistence({
    provider: ldb,
    bindState: async (docName: string, ydoc: Y.Doc) => {
      const persisted = await ldb.getYDoc(docName)
      void ldb.storeUpdate(docName, Y.encodeStateAsUpdate(ydoc))
      Y.applyUpdate(ydoc, Y.encodeStateAsUpdate(persisted))
      ydoc.on('update', (update: Uint8Array) => void ldb.storeUpdate(docName, update))
    },
    writeState: async () => {},
  })
  return ldb
}

function line(what: string, ours: string, stock: string, ratio: number, note = ''): void {
  console.log(`sync: ${what} ${ours} (stock ${stock}, ratio ${ratio.toFixed(2)}x)${note}`)
}

/** Prints p50 and p99 of one-edit round trips through each server, alternating rounds. */
async function latencyLines(
  what: string,
  ours: Target,
  stock: Target,
  room: string,
  withTarget: boolean,
): Promise<void> {
  const pairs = { ours: await editPair(ours, room), stock: await editPair(stock, room) }
  await pairs.stock.measure(50) // warm-up
  await pairs.ours.measure(50)
  const latency = { ours: [] as number[], stock: [] as number[] }
  for (let round = 0; round < 10; round++) {
    latency.stock.push(...(await pairs.stock.measure(LATENCY_EDITS / 10)))
    latency.ours.push(...(await pairs.ours.measure(LATENCY_EDITS / 10)))
  }
  pairs.ours.close()
  pairs.stock.close()
  for (const p of [50, 99]) {
    const ms = { ours: percentile(latency.ours, p), stock: percentile(latency.stock, p) }
    const target = ms.ours <= ms.stock ? ' target ≤1.0x: met' : ' target ≤1.0x: MISSED'
    line(
      `${what} p${p}`,
      `${ms.ours.toFixed(2)} ms`,
      `${ms.stock.toFixed(2)} ms`,
      ms.ours / ms.stock,
      withTarget && p === 50 ? target : '',
    )
  }
}

/** Both servers in a child process (see sync-servers.ts). */
async function startServersApart(): Promise<{ ours: string; stock: string; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/sync-servers.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const urls = await new Promise<{ ours: string; stock: string }>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))))
    })
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)))
  })
  return { ...urls, close: () => child.stdin.end() }
}

/** Prints the sync figures, ours beside the stock server's. */
export async function benchSync(): Promise<void> {
  // Every y-websocket provider adds a process 'exit' listener; eleven at once is expected here.
  process.setMaxListeners(READERS + 10)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-bench-'))
  const ours = await startOurs(dataDir, { ROOM_IDLE_MS: '300' })
  const stock = await startStock()
  try {
    // One lender per room; better-auth allows three sign-ups per address per 10 s, so each trio
    // comes from its own loopback address (127.0.0.2, .3, ...), concurrently.
    const users: { cookie: string; userId: string }[] = []
    for (let trio = 0; users.length < MEMORY_ROOMS + 2; trio++) {
      const address = `127.0.0.${2 + trio}`
      const emails = [0, 1, 2].map((k) => `bench${trio * 3 + k}@example.com`)
      users.push(
        ...(await Promise.all(emails.map((email) => signUpFrom(ours.url, address, email)))),
      )
    }
    const [main, coldUser, ...roomUsers] = users as [
      (typeof users)[0],
      (typeof users)[0],
      ...typeof users,
    ]
    const oursTarget: Target = {
      label: 'ours',
      syncUrl: ours.url.replace('http', 'ws') + SYNC_PATH,
      cookie: main.cookie,
    }
    const stockTarget: Target = { label: 'stock', syncUrl: stock.syncUrl, cookie: '' }
    const room = userRoom(main.userId)

    // Latency: alternate the two servers in short rounds, so that load from other processes on a
    // shared machine falls on both alike. Measured twice: with both servers in a process of their
    // own, as deployed (the figure the target is for), and in this process, where the clients
    // wait while the server does anything at all, its disk append included.
    const apart = await startServersApart()
    try {
      const user = await signUpFrom(apart.ours, '127.0.0.1', 'latency@example.com')
      await latencyLines(
        'one-edit latency',
        {
          label: 'ours',
          syncUrl: apart.ours.replace('http', 'ws') + SYNC_PATH,
          cookie: user.cookie,
        },
        { label: 'stock', syncUrl: apart.stock, cookie: '' },
        userRoom(user.userId),
        true,
      )
    } finally {
      apart.close()
    }
    await latencyLines(
      'one-edit latency, clients and servers on one thread,',
      oursTarget,
      stockTarget,
      room,
      false,
    )

    const rate = { stock: await editsPerSecond(stockTarget, 'throughput-stock'), ours: 0 }
    rate.ours = await editsPerSecond(oursTarget, room)
    line(
      `edits/s delivered to ${READERS} readers`,
      `${Math.round(rate.ours)}`,
      `${Math.round(rate.stock)}`,
      rate.ours / rate.stock,
      rate.ours >= 1.7 * rate.stock ? ' target ≥1.7x: met' : ' target ≥1.7x: MISSED',
    )

    const oursRooms = roomUsers
      .slice(0, MEMORY_ROOMS)
      .map((u) => ({ room: userRoom(u.userId), cookie: u.cookie }))
    // Heap figures drift by a few KiB per room between runs: alternate, and average two rounds.
    const memory = { ours: 0, stock: 0 }
    for (let round = 0; round < 2; round++) {
      const stockRooms = oursRooms.map((r) => ({ room: `memory${round}/${r.room}`, cookie: '' }))
      memory.stock += (await memoryPerRoom(stockTarget, stockRooms)) / 2
      memory.ours += (await memoryPerRoom(oursTarget, oursRooms)) / 2
    }
    line(
      'memory per open room',
      `${(memory.ours / 1024).toFixed(1)} KiB`,
      `${(memory.stock / 1024).toFixed(1)} KiB`,
      memory.ours / memory.stock,
    )

    const ldbDir = path.join(dataDir, 'stock-leveldb')
    const ldb = await useStockLeveldb(ldbDir)
    const coldRoom = userRoom(coldUser.userId)
    const coldOurs: Target = { ...oursTarget, cookie: coldUser.cookie }
    await seedBook(stockTarget, `cold/${coldRoom}`)
    await seedBook(coldOurs, coldRoom)
    await sleep(1000) // both rooms leave memory: ours after ROOM_IDLE_MS, stock at once
    const cold = { ours: [] as number[], stock: [] as number[] }
    for (let i = 0; i < 3; i++) {
      if (docs.has(`cold/${coldRoom}`)) throw new Error('stock room still in memory')
      cold.stock.push(await coldLoadMs(stockTarget, `cold/${coldRoom}`))
      cold.ours.push(await coldLoadMs(coldOurs, coldRoom))
      await sleep(1000)
    }
    const coldMs = { ours: percentile(cold.ours, 50), stock: percentile(cold.stock, 50) }
    line(
      `cold load of ${COLD_LOANS} loans × ${PAYMENTS_PER_LOAN} payments`,
      `${coldMs.ours.toFixed(0)} ms`,
      `${coldMs.stock.toFixed(0)} ms`,
      coldMs.ours / coldMs.stock,
    )
    await ldb.destroy()
  } finally {
    await ours.close()
    // Without persistence the stock server never frees a room (nor its awareness timer).
    for (const doc of docs.values()) doc.destroy()
    docs.clear()
    await new Promise((resolve) => stock.server.close(resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
