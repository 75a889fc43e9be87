/**
 * `/healthz` says whether the store can commit a write, not only whether it answers a read: on a
 * full disk it fails, so Docker's HEALTHCHECK notices, and once there is room again it passes and
 * the lender's refused entry is stored. SQLite in a DATA_DIR on a small tmpfs; PostgreSQL with
 * the installation's tables in a tablespace on one, in a throwaway cluster of the test's own (its
 * write-ahead log stays on the main disk: the case where PostgreSQL keeps running and only the
 * writes to the tables fail).
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { userRoom } from '../../shared/protocol.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { freePort, freshView, openRoom, signUp, startTestServer, waitFor } from './harness.ts'
import type { Client, TestServer } from './harness.ts'
import {
  fullDiskTestsRun,
  mountTinyDisk,
  postgresBinDir,
  startScratchPostgres,
  type TinyDisk,
} from './disk.ts'

const MiB = 1024 * 1024

async function health(server: TestServer): Promise<number> {
  const response = await fetch(`${server.url}/healthz`)
  await response.body?.cancel()
  return response.status
}

/** Polls /healthz until it answers `status`; resolves with the milliseconds that took. */
async function healthBecomes(server: TestServer, status: number, timeoutMs: number) {
  const start = performance.now()
  let last = 0
  while (performance.now() - start < timeoutMs) {
    last = await health(server)
    if (last === status) return Math.round(performance.now() - start)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`/healthz still answered ${last} after ${timeoutMs} ms (waited for ${status})`)
}

function addSomeone(client: Client, name: string): void {
  addPerson(
    client.doc,
    { name, cityId: 'city-1', balance: 0, gender: 'female' },
    { now: new Date().toISOString() },
  )
}

function names(doc: Y.Doc): string[] {
  return readLender(doc)
    .people.map((person) => person.name)
    .sort()
}

/**
 * The whole round: healthy; the disk fills; the lender keeps adding people until the server
 * refuses one (PostgreSQL still fits small rows in pages that have room: its first refusal comes
 * when a page or an index must grow); /healthz then fails; room again, /healthz passes and every
 * entry is stored, the refused one included (the client sent it again).
 */
async function fullDiskRound(server: TestServer, disk: TinyDisk, label: string) {
  const lender = await signUp(server)
  const room = userRoom(lender.userId)
  const client = await openRoom(server, room, lender.cookie)
  addSomeone(client, 'Before the disk filled')
  await waitFor(() => client.stored() >= 1, 'the first entry to be stored')
  expect(await health(server)).toBe(200)

  disk.fill()
  const written = ['Before the disk filled']
  let refusedAt = 0
  for (let i = 0; i < 2_000 && refusedAt === 0; i++) {
    const name = `While the disk is full ${i}`
    const stored = client.stored()
    addSomeone(client, name)
    written.push(name)
    await waitFor(() => client.stored() > stored || client.closes.length > 0, 'an answer')
    if (client.closes.length > 0) refusedAt = performance.now()
  }
  expect(client.closes[0]?.code).toBe(1011)
  const failedAfter = await healthBecomes(server, 503, 10_000)
  process.stderr.write(
    `${label}: the disk filled; ${written.length - 2} more entries fit, the next was refused, ` +
      `and /healthz failed ${Math.round(performance.now() - refusedAt)} ms after that ` +
      `(${failedAfter} ms of polling)\n`,
  )
  // It keeps failing while the disk is full (the client keeps resending and being refused).
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  expect(await health(server)).toBe(503)

  disk.free()
  const backAfter = await healthBecomes(server, 200, 15_000)
  process.stderr.write(`${label}: /healthz passed again ${backAfter} ms after room was made\n`)
  let seen: string[] = []
  for (let tries = 0; tries < 50; tries++) {
    seen = names(await freshView(server, room, lender.cookie))
    if (seen.length === written.length) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(seen).toEqual([...written].sort())
  expect(failedAfter).toBeLessThan(3_000)
}

const diskTests = fullDiskTestsRun()

describe.skipIf(!diskTests)('health on a full disk', () => {
  it('SQLite: /healthz fails once DATA_DIR’s disk is full, and passes once it has room', async () => {
    const disk = mountTinyDisk(16 * MiB)
    try {
      const server = await startTestServer({ dataDir: disk.dir })
      await fullDiskRound(server, disk, 'SQLite')
      await server.stop()
    } finally {
      disk.remove()
    }
  })
})

const pgTests = diskTests && postgresBinDir() !== null
if (diskTests && !pgTests) {
  if (process.env.CI === 'true') throw new Error('the full-disk test needs PostgreSQL’s initdb')
  process.stderr.write('skipping the PostgreSQL full-disk test: initdb is not installed\n')
}

describe.skipIf(!pgTests)('health on a full disk (PostgreSQL)', () => {
  it('PostgreSQL: /healthz fails once the tables’ disk is full, and passes once it has room', async () => {
    // A cluster of its own: the machine's shared one never sees a disk fill or vanish.
    const cluster = startScratchPostgres(await freePort())
    const disk = mountTinyDisk(32 * MiB, 'postgres')
    try {
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query(`CREATE TABLESPACE small_disk LOCATION '${disk.dir}'`)
      await admin.end()
      // Every table the server creates goes to the small disk; the write-ahead log does not.
      const options = encodeURIComponent('-c default_tablespace=small_disk')
      const server = await startTestServer({
        env: { DATABASE_URL: `${cluster.url}?options=${options}` },
      })
      await fullDiskRound(server, disk, 'PostgreSQL')
      await server.stop()
    } finally {
      cluster.remove()
      disk.remove()
    }
  })
})
