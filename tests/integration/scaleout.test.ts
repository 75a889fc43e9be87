/**
 * Two server processes on one PostgreSQL and one Redis, as docker-compose.yml runs them: rooms,
 * sessions and awareness are shared, a lost Redis message is repaired from PostgreSQL, a killed
 * process loses nothing it acknowledged, and a Redis restart heals by itself.
 */
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  DOWNLOAD_FROM_PARAM,
  DOWNLOAD_HEADERS,
  DOWNLOAD_ID_PARAM,
  SYNC_PATH,
  userRoom,
} from '../../shared/protocol.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { openPostgresStorage } from '../../server/storage/postgres.ts'
import { buildBook } from '../fixtures/book.ts'
import {
  cleanup,
  connectClient,
  disconnect,
  freshView,
  openBook,
  openRoom,
  payloadOf,
  readPart,
  recordSentUpdates,
  signUp,
  startTestServer,
  waitFor,
  waitSynced,
} from './harness.ts'
import type { Client, Lender, TestServer } from './harness.ts'
import {
  TEST_REDIS_URL,
  createTestSchema,
  servicesUp,
  startRedis,
  stopRedis,
  testRedisPrefix,
  type TestSchema,
} from './services.ts'

const available = await servicesUp(['postgres', 'redis'])

let schema: TestSchema
let env: Record<string, string>
let one: TestServer
let two: TestServer
let lender: Lender

/** Milliseconds until `check` holds, polling every millisecond. */
async function timeUntil(check: () => boolean, what: string): Promise<number> {
  const start = performance.now()
  await waitFor(check, what, 5_000)
  return performance.now() - start
}

/** Two more processes on the same database and Redis, with `settings` added to their env. */
function startTwoMore(settings: Record<string, string>): Promise<[TestServer, TestServer]> {
  const more = { ...env, ...settings }
  return Promise.all([startTestServer({ env: more }), startTestServer({ env: more })])
}

/** The lender's book open on both processes (or on the two given), synced. */
function openOnBoth(first = one, second = two): Promise<[Client, Client]> {
  return Promise.all([openBook(first, lender), openBook(second, lender)])
}

/** The rows `sql` selects from the test's database, read directly. */
async function select<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: schema.url })
  await client.connect()
  try {
    return (await client.query<R>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** The room's last seq in PostgreSQL, read directly. */
async function storedSeq(room: string): Promise<number> {
  const rows = await select<{ seq: string }>('SELECT seq FROM doc_seqs WHERE room = $1', [room])
  return rows.length > 0 ? Number(rows[0]!.seq) : 0
}

describe.skipIf(!available)('two server processes on one PostgreSQL and Redis', () => {
  beforeAll(async () => {
    schema = await createTestSchema()
    env = { DATABASE_URL: schema.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() }
    // Started together, as compose starts replicas: migrations must not race.
    ;[one, two] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    lender = await signUp(one)
  })
  afterAll(async () => {
    await cleanup()
    await startRedis()
    await schema?.drop()
  })

  it('accepts a session made on one process on the other', async () => {
    const response = await fetch(`${two.url}/api/auth/get-session`, {
      headers: { cookie: lender.cookie, origin: two.url },
    })
    const body = (await response.json()) as { user?: { email: string } } | null
    expect(body?.user?.email).toBe(lender.email)
    const client = await openBook(two, lender)
    expect(client.closes).toEqual([])
    disconnect(client)
  })

  it('brings an edit on one process to a client of the other within 100 ms', async () => {
    const [a, b] = await openOnBoth()
    const latencies: number[] = []
    for (let i = 0; i < 20; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a]
      writer.doc.getMap('people').set(`p${i}`, `person ${i}`)
      latencies.push(await timeUntil(() => reader.doc.getMap('people').has(`p${i}`), `p${i}`))
    }
    latencies.sort((x, y) => x - y)
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100)
    expect(a.doc.getMap('people').toJSON()).toEqual(b.doc.getMap('people').toJSON())
    disconnect(a)
    disconnect(b)
  })

  it('shares awareness across processes', async () => {
    const [a, b] = await openOnBoth()
    a.provider.awareness.setLocalStateField('device', 'phone')
    await waitFor(
      () => b.provider.awareness.getStates().get(a.doc.clientID)?.device === 'phone',
      "the phone's presence on the other process",
      1_000,
    )
    disconnect(a)
    await waitFor(
      () => !b.provider.awareness.getStates().has(a.doc.clientID),
      'the phone to leave',
      1_000,
    )
    disconnect(b)
  })

  it('stores an update once and never echoes one that came from Redis', async () => {
    const room = userRoom(lender.userId)
    const [a, b] = await openOnBoth()
    await waitFor(() => a.stored() >= 1 && b.stored() >= 1, 'the handshakes to be stored')
    await new Promise((resolve) => setTimeout(resolve, 100))

    // Every message of the installation, by channel.
    const listener = new Redis(TEST_REDIS_URL)
    const channels: string[] = []
    listener.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => {
      channels.push(channel.toString().slice(env.REDIS_PREFIX!.length))
    })
    await listener.psubscribe(`${env.REDIS_PREFIX}*`)
    const before = await storedSeq(room)
    a.doc.getMap('loans').set('once', 1)
    await waitFor(() => b.doc.getMap('loans').has('once'), 'the edit on the other process')
    await new Promise((resolve) => setTimeout(resolve, 300))
    listener.disconnect()
    expect(await storedSeq(room)).toBe(before + 1)
    // The update itself as it arrived, to the other process alone, then its row's seq once
    // stored, on the room's channel; nothing back from two.
    expect(channels).toEqual([expect.stringMatching(/^!inbox\//), room])
    disconnect(a)
    disconnect(b)
  })

  it('delivers an edit to the other process while its row still waits for PostgreSQL', async () => {
    const room = userRoom(lender.userId)
    const a = connectClient(one, room, lender.cookie)
    const b = connectClient(two, room, lender.cookie)
    await Promise.all([waitSynced(a), waitSynced(b)])
    // A first row, so that the room has a seq row to hold. A's acknowledgements: its handshake's
    // update, then this edit's; wait for both, so that none is still on its way below.
    a.doc.getMap('people').set('first', 'stored')
    await waitFor(() => b.doc.getMap('people').has('first') && a.stored() >= 2, 'a stored edit')
    const acked = a.stored()
    // Hold the room's seq row: every append to the room waits until this transaction ends.
    const lock = new pg.Client({ connectionString: schema.url })
    await lock.connect()
    try {
      await lock.query('BEGIN')
      const held = await lock.query('SELECT seq FROM doc_seqs WHERE room = $1 FOR UPDATE', [room])
      expect(held.rowCount).toBe(1)
      a.doc.getMap('people').set('before-commit', 'live')
      await waitFor(
        () => b.doc.getMap('people').has('before-commit'),
        'the edit on the other process while the database is held',
        2_000,
      )
      // Not stored yet, so not acknowledged: "Synced" still means on disk.
      expect(a.stored()).toBe(acked)
      await lock.query('COMMIT')
      await waitFor(() => a.stored() > acked, 'the acknowledgement once stored', 5_000)
    } finally {
      await lock.end()
    }
    disconnect(a)
    disconnect(b)
  })

  it('gives a device that joins the other process, and its next snapshot, every edit it just passed on', async () => {
    // The second process sends other processes' edits to its sockets before it applies them to
    // its own copy of the book. A snapshot after every stored row: the reader's first write
    // replaces every row it counts with its copy, so a copy without those edits would lose them.
    const [three, four] = await startTwoMore({ COMPACT_EVERY: '1' })
    const room = userRoom(lender.userId)
    const [a, b] = await openOnBoth(three, four)
    const keys = Array.from({ length: 20 }, (_, i) => `passed-on-${i}`)
    for (const key of keys) a.doc.getMap('people').set(key, 'from the first process')
    await waitFor(
      () => keys.every((key) => b.doc.getMap('people').has(key)),
      'the edits on the second process',
    )
    // At once, well inside the time the second process may keep them unapplied.
    const joined = await freshView(four, room, lender.cookie)
    expect(keys.filter((key) => !joined.getMap('people').has(key))).toEqual([])
    const acked = b.stored()
    b.doc.getMap('people').set('reader-writes', 'from the second process')
    await waitFor(() => b.stored() > acked, "the second process's own edit stored")
    disconnect(a)
    disconnect(b)
    await Promise.all([three.stop(), four.stop()])
    // What storage holds now, read by a process that never held the room.
    const five = await startTestServer({ env })
    const stored = (await freshView(five, room, lender.cookie)).getMap('people')
    expect([...keys, 'reader-writes'].filter((key) => !stored.has(key))).toEqual([])
    await five.stop()
  })

  it('repairs from PostgreSQL an update whose Redis message was lost, within 1 s', async () => {
    const room = userRoom(lender.userId)
    const [a, b] = await openOnBoth()
    // A third writer that stores but never publishes: as if every Redis message were dropped.
    const pool = new pg.Pool({ connectionString: schema.url })
    const silent = openPostgresStorage(pool)
    const ghost = new Y.Doc()
    Y.applyUpdate(ghost, Y.encodeStateAsUpdate(a.doc))
    const edit = (key: string) => {
      const before = Y.encodeStateVector(ghost)
      ghost.getMap('people').set(key, 'written elsewhere')
      return Y.encodeStateAsUpdate(ghost, before)
    }
    try {
      // The last message of a burst lost: nothing later reveals the hole, only the poll.
      await silent.append(room, [edit('tail')])
      const tail = await timeUntil(
        () => a.doc.getMap('people').has('tail') && b.doc.getMap('people').has('tail'),
        'the silently stored edit on both processes',
      )
      expect(tail).toBeLessThan(1_000)
    } finally {
      await pool.end()
    }
    disconnect(a)
    disconnect(b)
  })

  it('fills a hole in the seqs as soon as a later message shows it', async () => {
    // Polling so rare that only the hole itself can explain a quick repair.
    const [three, four] = await startTwoMore({ CATCH_UP_MS: '60000' })
    const room = userRoom(lender.userId)
    const [a, b] = await openOnBoth(three, four)
    const pool = new pg.Pool({ connectionString: schema.url })
    const ghost = new Y.Doc()
    Y.applyUpdate(ghost, Y.encodeStateAsUpdate(a.doc))
    ghost.getMap('people').set('hole', 'written elsewhere')
    try {
      await openPostgresStorage(pool).append(room, [
        Y.encodeStateAsUpdate(ghost, Y.encodeStateVector(a.doc)),
      ])
      a.doc.getMap('people').set('after-hole', 'via redis')
      const hole = await timeUntil(
        () => b.doc.getMap('people').has('hole') && b.doc.getMap('people').has('after-hole'),
        'the hole to be filled',
      )
      expect(hole).toBeLessThan(500)
      // The writer's own process sees the hole too: its append got a seq one past the last it had.
      await waitFor(() => a.doc.getMap('people').has('hole'), 'the hole on the first process', 500)
    } finally {
      await pool.end()
    }
    disconnect(a)
    disconnect(b)
    await Promise.all([three.stop(), four.stop()])
  })

  it('loses nothing acknowledged when a process is killed mid-burst', async () => {
    const room = userRoom(lender.userId)
    const a = connectClient(one, room, lender.cookie)
    const b = connectClient(two, room, lender.cookie)
    const sent = recordSentUpdates(a)
    await Promise.all([waitSynced(a), waitSynced(b)])

    let running = true
    const burst = (async () => {
      for (let i = 0; running; i++) {
        a.doc.getMap('payments').set(`burst-${i}`, { amount: i * 100 })
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    let acked: number
    try {
      await waitFor(() => a.stored() > 100, 'part of the burst stored', 30_000)
      one.process.kill('SIGKILL')
      acked = a.stored()
    } finally {
      // Stopped whatever happens: a burst left running would flood the tests after this one.
      running = false
      await burst
    }
    await one.stop()

    const promised = new Y.Doc()
    for (const message of sent.slice(0, acked)) Y.applyUpdate(promised, payloadOf(message))
    const keys = [...promised.getMap('payments').keys()]
    expect(keys.length).toBeGreaterThan(90)
    // What the surviving process has, before the writer comes back with the rest.
    const seen = (await freshView(two, room, lender.cookie)).getMap('payments')
    expect(keys.filter((key) => !seen.has(key))).toEqual([])

    // The writer reconnects to the survivor with everything it holds; everyone converges.
    disconnect(a)
    const again = await openRoom(two, room, lender.cookie, a.doc)
    const total = a.doc.getMap('payments').size
    await waitFor(() => b.doc.getMap('payments').size === total, 'the other client to converge')
    disconnect(again)
    disconnect(b)
    one = await startTestServer({ env })
  })

  it('resumes on one process a download cut on the other', async () => {
    // A book of 7 MB: more than the link's buffers take in, so the cut download is still sending.
    const owner = await signUp(one)
    const room = userRoom(owner.userId)
    const { doc } = buildBook({ people: 300, loans: 2_000, payments: 80_000 })
    const phone = await openRoom(one, room, owner.cookie, doc, { chunks: true })
    await waitFor(() => phone.stored() >= 1, 'the server to store the book')
    disconnect(phone)
    const bookUrl = (server: TestServer) =>
      `${server.url}${SYNC_PATH}/${room}?layout=${SCHEMA_VERSION}`

    const first = await readPart(bookUrl(one), owner.cookie, 300_000)
    first.cut()
    const id = String(first.headers[DOWNLOAD_HEADERS.id.toLowerCase()])
    const length = Number(first.headers[DOWNLOAD_HEADERS.length.toLowerCase()])
    // The device asks again a second or more later; by then the first process has kept it.
    const kept = async () =>
      (await select('SELECT 1 FROM book_downloads WHERE id = $1', [id])).length === 1
    const start = Date.now()
    while (!(await kept()) && Date.now() - start < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    const from = first.body.byteLength
    const rest = await fetch(
      `${bookUrl(two)}&${DOWNLOAD_ID_PARAM}=${id}&${DOWNLOAD_FROM_PARAM}=${from}`,
      {
        headers: { cookie: owner.cookie, 'accept-encoding': 'br' },
      },
    )
    expect(rest.status).toBe(200)
    expect(rest.headers.get(DOWNLOAD_HEADERS.id)).toBe(id)
    expect(rest.headers.get(DOWNLOAD_HEADERS.offset)).toBe(String(from))
    const tail = new Uint8Array(await rest.arrayBuffer())
    expect(from + tail.byteLength).toBe(length)
    const resumed = new Y.Doc()
    Y.applyUpdate(resumed, Buffer.concat([first.body, tail]))
    expect(readLender(resumed).payments).toHaveLength(80_000)
    expect(Y.encodeStateVector(resumed)).toEqual(Y.encodeStateVector(doc))
  })

  it('recovers by itself when Redis restarts mid-run', async () => {
    const room = userRoom(lender.userId)
    const [a, b] = await openOnBoth()
    const both = (key: string) => a.doc.getMap('people').has(key) && b.doc.getMap('people').has(key)
    try {
      stopRedis()
      a.doc.getMap('people').set('while-down-1', 'a')
      b.doc.getMap('people').set('while-down-2', 'b')
      // No Redis: the processes still catch up from PostgreSQL.
      await waitFor(() => both('while-down-1') && both('while-down-2'), 'convergence without Redis')
      await startRedis()
      const subscribers = new Redis(TEST_REDIS_URL)
      try {
        const channel = env.REDIS_PREFIX + room
        let count = 0
        const start = Date.now()
        while (count < 2 && Date.now() - start < 10_000) {
          const reply = (await subscribers.pubsub('NUMSUB', channel)) as [string, number]
          count = Number(reply[1])
          if (count < 2) await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(count).toBe(2) // both processes subscribed again
      } finally {
        subscribers.disconnect()
      }
      a.doc.getMap('people').set('after-restart', 'a')
      const latency = await timeUntil(() => both('after-restart'), 'an edit after the restart')
      expect(latency).toBeLessThan(1_000)
      expect(a.doc.getMap('people').toJSON()).toEqual(b.doc.getMap('people').toJSON())
    } finally {
      await startRedis()
    }
    disconnect(a)
    disconnect(b)
  })
})
