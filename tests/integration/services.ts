/**
 * The PostgreSQL and Redis the scale-out tests run against (127.0.0.1, trust auth, database
 * `test`). Tests that need them run whenever they answer; under CI=true a missing service fails
 * the run instead of skipping (`.ci/run` starts them first).
 */
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { createConnection } from 'node:net'
import pg from 'pg'
import { startTestServer, type TestServer } from './harness.ts'

/** The test database; every test gets its own schema in it (see `createTestSchema`). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.setTimeout(1_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Whether the tests needing `services` should run. Missing under CI=true: throws, so the file
 * fails loudly. Missing elsewhere: false (the caller skips and says why).
 */
export async function servicesUp(services: ('postgres' | 'redis')[]): Promise<boolean> {
  const missing: string[] = []
  if (services.includes('postgres') && !(await answers(TEST_DATABASE_URL))) {
    missing.push(`PostgreSQL at ${new URL(TEST_DATABASE_URL).host}`)
  }
  if (services.includes('redis') && !(await answers(TEST_REDIS_URL))) {
    missing.push(`Redis at ${new URL(TEST_REDIS_URL).host}`)
  }
  if (missing.length === 0) return true
  const message = `${missing.join(' and ')} not reachable`
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true requires it (see .ci/run)`)
  process.stderr.write(`skipping scale-out tests: ${message}\n`)
  return false
}

/** A schema of its own in the test database, so runs never see each other's tables. */
export interface TestSchema {
  name: string
  /** TEST_DATABASE_URL with this schema as the search_path of every connection. */
  url: string
  /** Drops the schema and everything in it. */
  drop(): Promise<void>
}

/** Creates an empty schema named `rin_test_<random>`. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `rin_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await admin.connect()
  try {
    await admin.query(`CREATE SCHEMA ${name}`)
  } finally {
    await admin.end()
  }
  const separator = TEST_DATABASE_URL.includes('?') ? '&' : '?'
  const url = `${TEST_DATABASE_URL}${separator}options=${encodeURIComponent(`-c search_path=${name}`)}`
  return {
    name,
    url,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
      await client.connect()
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)
      } finally {
        await client.end()
      }
    },
  }
}

/** A channel prefix of its own on the shared Redis, so runs never hear each other's rooms. */
export function testRedisPrefix(): string {
  return `rin-test-${randomBytes(6).toString('hex')}:`
}

/** Whether Redis answers PING right now. */
export function redisPing(): boolean {
  const { hostname, port } = new URL(TEST_REDIS_URL)
  const result = spawnSync('redis-cli', ['-h', hostname, '-p', port, 'ping'], { encoding: 'utf8' })
  return result.stdout?.trim() === 'PONG'
}

/**
 * Stops Redis the way a crash would (no save). The command is the one this machine and CI use;
 * `startRedis` must follow, whatever happens in between.
 */
export function stopRedis(): void {
  const { hostname, port } = new URL(TEST_REDIS_URL)
  spawnSync('redis-cli', ['-h', hostname, '-p', port, 'shutdown', 'nosave'])
}

/** Starts Redis again (as `.ci/run` does) unless it already answers; waits until it does. */
export async function startRedis(): Promise<void> {
  const { hostname, port } = new URL(TEST_REDIS_URL)
  if (redisPing()) return
  spawnSync('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    hostname,
    '--port',
    port,
    '--save',
    '',
    '--appendonly',
    'no',
  ])
  const start = Date.now()
  while (!redisPing()) {
    if (Date.now() - start > 10_000) throw new Error('Redis did not come back')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Two server processes of one installation, as docker-compose.yml runs them: one PostgreSQL
 * schema of their own and one Redis prefix of their own, with `env` besides. `drop` removes the
 * schema once the servers are cleaned up.
 */
export async function startTwoProcesses(
  env: Record<string, string>,
): Promise<{ one: TestServer; two: TestServer; drop: () => Promise<void> }> {
  const schema = await createTestSchema()
  const services = {
    ...env,
    DATABASE_URL: schema.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testRedisPrefix(),
  }
  const [one, two] = await Promise.all([
    startTestServer({ env: services }),
    startTestServer({ env: services }),
  ])
  return { one, two, drop: () => schema.drop() }
}
