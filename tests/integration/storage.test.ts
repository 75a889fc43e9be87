/**
 * One contract, two adapters: SQLite (the default) and PostgreSQL (DATABASE_URL) must behave
 * the same for everything the rooms rely on, the per-room seq above all.
 */
import path from 'node:path'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { openPostgresStorage, migratePostgresStorage } from '../../server/storage/postgres.ts'
import { createPgPool } from '../../server/storage/pgPool.ts'
import { openSqliteStorage } from '../../server/storage/sqlite.ts'
import type { DocStorage } from '../../server/storage/types.ts'
import { tempDir } from './harness.ts'
import { createTestSchema, servicesUp } from './services.ts'

interface Opened {
  storage: DocStorage
  /** The same database opened again, as after a restart (or by a second process). */
  reopen(): DocStorage
  close(): Promise<void>
}

const adapters: { name: string; available: boolean; open(): Promise<Opened> }[] = [
  {
    name: 'sqlite',
    available: true,
    async open() {
      const file = path.join(tempDir(), 'docs.sqlite')
      const opened: DocStorage[] = []
      const open = () => {
        const storage = openSqliteStorage(file)
        opened.push(storage)
        return storage
      }
      return {
        storage: open(),
        reopen: open,
        async close() {
          for (const storage of opened) await storage.close()
        },
      }
    },
  },
  {
    name: 'postgres',
    available: await servicesUp(['postgres']),
    async open() {
      const schema = await createTestSchema()
      const pools: pg.Pool[] = []
      const open = () => {
        const pool = createPgPool(schema.url)
        pools.push(pool)
        return openPostgresStorage(pool)
      }
      const first = createPgPool(schema.url)
      pools.push(first)
      await migratePostgresStorage(first)
      return {
        storage: openPostgresStorage(first),
        reopen: open,
        async close() {
          await Promise.all(pools.map((pool) => pool.end()))
          await schema.drop()
        },
      }
    },
  },
]

/** A Yjs update that sets `key` to `value` on top of `doc` (and applies it to `doc`). */
function edit(doc: Y.Doc, key: string, value: string): Uint8Array {
  const before = Y.encodeStateVector(doc)
  doc.getMap('people').set(key, value)
  return Y.encodeStateAsUpdate(doc, before)
}

/** The people map that `updates` rebuild from nothing. */
function rebuilt(updates: Uint8Array[]): Record<string, unknown> {
  const doc = new Y.Doc()
  for (const update of updates) Y.applyUpdate(doc, update)
  return doc.getMap('people').toJSON()
}

describe.each(adapters)('$name storage', ({ available, open }) => {
  const test = it.skipIf(!available)

  test('starts a room empty at seq 0', async () => {
    const { storage, close } = await open()
    expect(await storage.load('users/nobody')).toEqual({ updates: [], seq: 0 })
    await close()
  })

  test('numbers each room on its own and rebuilds the doc in order', async () => {
    const { storage, close } = await open()
    const doc = new Y.Doc()
    expect(await storage.append('users/a', [edit(doc, 'p1', 'Sunita')])).toBe(1)
    expect(await storage.append('users/b', [edit(new Y.Doc(), 'x', 'other')])).toBe(1)
    expect(await storage.append('users/a', [edit(doc, 'p2', 'Mohan'), edit(doc, 'p1', 'S.')])).toBe(
      3,
    )
    const loaded = await storage.load('users/a')
    expect(loaded.seq).toBe(3)
    expect(rebuilt(loaded.updates)).toEqual({ p1: 'S.', p2: 'Mohan' })
    await close()
  })

  test('loads only what came after a seq (how a process fills a gap)', async () => {
    const { storage, close } = await open()
    const doc = new Y.Doc()
    const updates = ['a', 'b', 'c'].map((key) => edit(doc, key, key))
    for (const update of updates) await storage.append('users/a', [update])
    const tail = await storage.load('users/a', 1)
    expect(tail.seq).toBe(3)
    expect(tail.updates.map((u) => Buffer.from(u))).toEqual(updates.slice(1).map(Buffer.from))
    expect(await storage.load('users/a', 3)).toEqual({ updates: [], seq: 3 })
    await close()
  })

  test('compacts into a snapshot without losing an edit or turning the seq back', async () => {
    const { storage, close } = await open()
    const doc = new Y.Doc()
    for (let i = 0; i < 5; i++) await storage.append('users/a', [edit(doc, `p${i}`, `v${i}`)])
    const snapshot = Y.encodeStateAsUpdate(doc)
    await storage.compact('users/a', snapshot, 4)
    const loaded = await storage.load('users/a')
    expect(loaded.updates).toHaveLength(2) // the snapshot and row 5
    expect(loaded.seq).toBe(5)
    expect(rebuilt(loaded.updates)).toEqual(doc.getMap('people').toJSON())
    // A reader that had seen up to 2 gets the snapshot (it covers 3 and 4) and row 5.
    expect(rebuilt((await storage.load('users/a', 2)).updates)).toEqual(
      doc.getMap('people').toJSON(),
    )
    expect(await storage.append('users/a', [edit(doc, 'p9', 'after')])).toBe(6)
    await close()
  })

  test('reports the last seq of the rooms asked about', async () => {
    const { storage, close } = await open()
    await storage.append('users/a', [edit(new Y.Doc(), 'k', 'v')])
    await storage.append('users/a', [edit(new Y.Doc(), 'k', 'w')])
    await storage.append('cities', [edit(new Y.Doc(), 'c', 'Pune')])
    const seqs = await storage.lastSeqs(['users/a', 'cities', 'users/none'])
    expect(Object.fromEntries(seqs)).toEqual({ 'users/a': 2, cities: 1 })
    await close()
  })

  test('keeps everything across a reopen and answers its health check', async () => {
    const { storage, reopen, close } = await open()
    const doc = new Y.Doc()
    await storage.append('users/a', [edit(doc, 'p1', 'Sunita')])
    await storage.append('users/a', [edit(doc, 'p2', 'Mohan')])
    const again = reopen()
    await expect(again.probeWrite(1_000)).resolves.toBeUndefined()
    const loaded = await again.load('users/a')
    expect(loaded.seq).toBe(2)
    expect(rebuilt(loaded.updates)).toEqual({ p1: 'Sunita', p2: 'Mohan' })
    expect(await again.append('users/a', [edit(doc, 'p3', 'Asha')])).toBe(3)
    await close()
  })
})

describe('postgres storage shared by several processes', () => {
  const test = it.skipIf(!adapters[1]!.available)

  test('gives concurrent appends to one room distinct, gap-free seqs', async () => {
    const { storage, reopen, close } = await adapters[1]!.open()
    const other = reopen()
    const doc = new Y.Doc()
    const appends = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? storage : other).append('users/a', [edit(doc, `k${i}`, `v${i}`)]),
    )
    const seqs = await Promise.all(appends)
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    const loaded = await storage.load('users/a')
    expect(loaded.updates).toHaveLength(40)
    expect(Object.keys(rebuilt(loaded.updates))).toHaveLength(40)
    await close()
  })

  test('keeps a book download for every process: one per account, for as long as it is told', async () => {
    const { storage, reopen, close } = await adapters[1]!.open()
    const kept = storage.downloads!
    const other = reopen().downloads!
    const state = new Uint8Array([1, 2, 3, 250])
    await kept.keep('acct-1', 'users/acct-1', 'download-a', state, 60_000)
    expect(await other.find('acct-1', 'users/acct-1', 'download-a')).toEqual(state)
    // Only the account's own download of that room, under its id.
    expect(await other.find('acct-2', 'users/acct-1', 'download-a')).toBeNull()
    expect(await other.find('acct-1', 'users/acct-2', 'download-a')).toBeNull()
    expect(await other.find('acct-1', 'users/acct-1', 'download-b')).toBeNull()
    // A newer download of the account replaces it.
    await kept.keep('acct-1', 'users/acct-1', 'download-b', new Uint8Array([9]), 60_000)
    expect(await other.find('acct-1', 'users/acct-1', 'download-a')).toBeNull()
    expect(await other.find('acct-1', 'users/acct-1', 'download-b')).toEqual(new Uint8Array([9]))
    // Its time is up: gone, whichever process asks; told again, it is kept again.
    await other.touch('acct-1', 'download-b', -1)
    expect(await kept.find('acct-1', 'users/acct-1', 'download-b')).toBeNull()
    await other.touch('acct-1', 'download-b', 60_000)
    expect(await kept.find('acct-1', 'users/acct-1', 'download-b')).toEqual(new Uint8Array([9]))
    await close()
  })
})

describe('postgres group commit', () => {
  const test = it.skipIf(!adapters[1]!.available)

  test('two processes appending to the same rooms in opposite orders never deadlock or share a seq', async () => {
    const { storage, reopen, close } = await adapters[1]!.open()
    const other = reopen()
    const rooms = Array.from({ length: 300 }, (_, i) => `users/r${String(i).padStart(3, '0')}`)
    const rounds = 5
    const appends: Promise<[string, number]>[] = []
    for (let round = 0; round < rounds; round++) {
      // Each process's group holds every room; they reach the database in opposite orders.
      for (const [process, order] of [
        [storage, rooms],
        [other, [...rooms].reverse()],
      ] as const) {
        for (const room of order) {
          appends.push(
            process.append(room, [edit(new Y.Doc(), 'k', room)]).then((seq) => [room, seq]),
          )
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const stored = await Promise.all(appends)
    for (const room of rooms) {
      const seqs = stored.filter(([name]) => name === room).map(([, seq]) => seq)
      expect(seqs.sort((a, b) => a - b)).toEqual(
        Array.from({ length: 2 * rounds }, (_, i) => i + 1),
      )
      expect((await storage.load(room)).seq).toBe(2 * rounds)
    }
    await close()
  })

  test('answers each caller with the seq of its own last row when appends of a room are grouped', async () => {
    const { storage, close } = await adapters[1]!.open()
    const doc = new Y.Doc()
    const [first, second, third] = await Promise.all([
      storage.append('users/a', [edit(doc, 'p1', 'Sunita')]),
      storage.append('users/a', [edit(doc, 'p2', 'Mohan'), edit(doc, 'p3', 'Asha')]),
      storage.append('users/b', [edit(new Y.Doc(), 'x', 'other')]),
    ])
    expect([first, second, third]).toEqual([1, 3, 1])
    expect(rebuilt((await storage.load('users/a')).updates)).toEqual({
      p1: 'Sunita',
      p2: 'Mohan',
      p3: 'Asha',
    })
    await close()
  })
})
