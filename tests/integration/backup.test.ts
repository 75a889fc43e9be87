/**
 * `npm run backup` and `npm run restore`, round trip: what a lender had at backup time comes
 * back, accounts and sessions included, and a restore will not pull files from under a server.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { userRoom } from '../../shared/protocol.ts'
import {
  disconnect,
  openRoom,
  signIn,
  startTestServer,
  startWithLender,
  tempDir,
  waitFor,
} from './harness.ts'
import type { TestServer } from './harness.ts'
import { TEST_DATABASE_URL, servicesUp } from './services.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Runs `npm run <script> -- <file>` as an operator would; returns exit code and stderr. */
function npmRun(script: string, file: string, env: Record<string, string>) {
  // Vitest exports Vite's BASE_URL ('/'); the server's config would refuse it.
  const { BASE_URL: _vite, DATABASE_URL: _db, ...inherited } = process.env
  const result = spawnSync('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, stderr: result.stderr }
}

/** Writes `count` people into the lender's room and waits until they are stored. */
async function writePeople(server: TestServer, room: string, cookie: string, keys: string[]) {
  const client = await openRoom(server, room, cookie)
  for (const key of keys) client.doc.getMap('people').set(key, `person ${key}`)
  await waitFor(() => client.stored() >= keys.length + 1, 'the people to be stored')
  disconnect(client)
}

async function peopleOn(server: TestServer, room: string, cookie: string): Promise<string[]> {
  const client = await openRoom(server, room, cookie)
  disconnect(client)
  expect(client.closes).toEqual([])
  return [...client.doc.getMap('people').keys()].sort()
}

describe('backup and restore (SQLite)', () => {
  it('round-trips a running server: accounts, sessions and documents', async () => {
    const dataDir = tempDir()
    const { server, lender } = await startWithLender({ dataDir })
    const room = userRoom(lender.userId)
    await writePeople(server, room, lender.cookie, ['a', 'b', 'c'])

    const file = path.join(tempDir(), 'rin.tar.gz')
    // Online: the server keeps running and writing while the backup is taken.
    const backup = npmRun('backup', file, { DATA_DIR: dataDir })
    expect(backup.stderr).toContain('backed up')
    expect(backup.status).toBe(0)
    await writePeople(server, room, lender.cookie, ['after-backup'])

    // A restore must not replace the databases under the running server.
    const refused = npmRun('restore', file, { DATA_DIR: dataDir })
    expect(refused.status).not.toBe(0)
    expect(refused.stderr).toContain('stop the server')
    await server.stop()

    expect(npmRun('restore', file, { DATA_DIR: dataDir }).status).toBe(0)
    const restored = await startTestServer({ dataDir })
    // The same cookie still works (the auth secret came back) and the password signs in.
    expect(await peopleOn(restored, room, lender.cookie)).toEqual(['a', 'b', 'c'])
    expect((await signIn(restored, lender.email, lender.password)).status).toBe(200)
  })

  it('restores into an empty data directory on another machine', async () => {
    const { server, lender } = await startWithLender()
    const room = userRoom(lender.userId)
    await writePeople(server, room, lender.cookie, ['x', 'y'])
    const file = path.join(tempDir(), 'rin.tar.gz')
    expect(npmRun('backup', file, { DATA_DIR: server.dataDir }).status).toBe(0)

    const elsewhere = tempDir()
    expect(npmRun('restore', file, { DATA_DIR: elsewhere }).status).toBe(0)
    const moved = await startTestServer({ dataDir: elsewhere })
    expect(await peopleOn(moved, room, lender.cookie)).toEqual(['x', 'y'])
  })
})

const pgUp = await servicesUp(['postgres'])
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0

describe.skipIf(!pgUp || !hasPgTools)('backup and restore (PostgreSQL, pg_dump)', () => {
  it('round-trips with the documented pg_dump and pg_restore lines', async () => {
    // A database of its own: pg_restore --clean works on whole databases.
    const name = `rin_backup_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await admin.connect()
    const url = new URL(TEST_DATABASE_URL)
    url.pathname = `/${name}`
    try {
      await admin.query(`CREATE DATABASE ${name}`)
      const env = { DATABASE_URL: url.toString() }
      const { server, lender } = await startWithLender({ env })
      const room = userRoom(lender.userId)
      await writePeople(server, room, lender.cookie, ['p1', 'p2'])
      const file = path.join(tempDir(), 'rin.dump')
      expect(npmRun('backup', file, env).status).toBe(0)
      await writePeople(server, room, lender.cookie, ['after-backup'])
      await server.stop()

      expect(npmRun('restore', file, env).status).toBe(0)
      const restored = await startTestServer({ env })
      expect(await peopleOn(restored, room, lender.cookie)).toEqual(['p1', 'p2'])
      await restored.stop()
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
