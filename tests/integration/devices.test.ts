/**
 * A lender's devices: the sessions list with device names and last seen, signing out one other
 * device or all of them, changing the password, and the operator's reset-password command. On
 * one process (SQLite) and on two (PostgreSQL + Redis), where the socket of a session ended on
 * one process must close on the other within a second, not at the next session check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloseCode } from '../../shared/protocol.ts'
import {
  authPost,
  cleanup,
  cookieOf,
  newAddress,
  openBook,
  resetPassword,
  signIn,
  signUp,
  startTestServer,
  waitFor,
} from './harness.ts'
import type { Client, Lender, TestServer } from './harness.ts'
import {
  TEST_REDIS_URL,
  createTestSchema,
  servicesUp,
  testRedisPrefix,
  type TestSchema,
} from './services.ts'

interface ListedSession {
  token: string
  deviceName?: string | null
  lastSeenAt?: string | null
  userAgent?: string | null
}

/**
 * Signs in from an address of its own (the servers run with TRUST_PROXY=1), as separate devices
 * would: sign-in allows 3 attempts per address per 10 s.
 */
function signInFresh(server: TestServer, email: string, password: string): Promise<Response> {
  return signIn(server, email, password, newAddress())
}

/** Signs in again as `lender`, as a second device would; returns that session's cookie. */
async function signInAgain(server: TestServer, lender: Lender, password = lender.password) {
  const response = await signInFresh(server, lender.email, password)
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
  return cookieOf(response)
}

async function listSessions(server: TestServer, cookie: string): Promise<ListedSession[]> {
  const response = await fetch(`${server.url}/api/auth/list-sessions`, {
    headers: { cookie, origin: server.url },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as ListedSession[]
}

async function tokenOf(server: TestServer, cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } })
  return ((await response.json()) as { session: { token: string } }).session.token
}

/** Waits for the 4401 close of `client`, at most `ms`. */
function closedWithin(client: Client, ms: number, what: string): Promise<void> {
  return waitFor(() => client.closes.length > 0, what, ms).then(() => {
    expect(client.closes[0]!.code).toBe(CloseCode.unauthorized)
  })
}

/**
 * Waits for every one of `clients` to be closed with 4401; resolves with the milliseconds from
 * `since` (performance.now()) to the last close (0 when all were closed by then), and fails past
 * `ms`. A command's exit is seen a moment after it ended: sockets can close before that.
 */
async function allClosedWithin(clients: Client[], since: number, ms: number, what: string) {
  const closedAt = new Map<Client, number>()
  await waitFor(
    () => {
      for (const client of clients) {
        if (!closedAt.has(client) && client.closes.length > 0)
          closedAt.set(client, performance.now())
      }
      return closedAt.size === clients.length
    },
    what,
    ms,
  )
  for (const client of clients) expect(client.closes[0]!.code).toBe(CloseCode.unauthorized)
  return Math.max(0, Math.round(Math.max(...closedAt.values()) - since))
}

describe('devices on one process', () => {
  let server: TestServer
  let lender: Lender

  beforeAll(async () => {
    // The default 60 s session check: whatever closes within a second was closed by the event.
    server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    lender = await signUp(server)
  })

  it('lists each session with the name its device gave itself and when it was last seen', async () => {
    const phone = await signInAgain(server, lender)
    const renamed = await authPost(
      server,
      'update-session',
      { deviceName: "Ramesh's phone" },
      phone,
    )
    expect(renamed.status).toBe(200)
    const tooLong = await authPost(server, 'update-session', { deviceName: 'x'.repeat(41) }, phone)
    expect(tooLong.status).toBe(400)
    const device = await openBook(server, lender, phone)

    const phoneToken = await tokenOf(server, phone)
    // The socket's arrival is recorded a moment after it opened.
    let listed: ListedSession[] = []
    for (let tries = 0; tries < 100; tries++) {
      listed = await listSessions(server, lender.cookie)
      if (listed.find((s) => s.token === phoneToken)?.lastSeenAt) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(listed).toHaveLength(2)
    const entry = listed.find((s) => s.token === phoneToken)!
    expect(entry.deviceName).toBe("Ramesh's phone")
    expect(new Date(entry.lastSeenAt!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    device.provider.destroy()
  })

  it('signs out another device: its socket closes at once and its cookie is dead', async () => {
    const lost = await signInAgain(server, lender)
    const device = await openBook(server, lender, lost)
    const response = await authPost(
      server,
      'revoke-session',
      { token: await tokenOf(server, lost) },
      lender.cookie,
    )
    expect(response.status).toBe(200)
    await closedWithin(device, 1_000, 'the lost device’s socket to close')
    const check = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: lost } })
    expect(await check.json()).toBeNull()
    // The device that did it carries on.
    const self = await openBook(server, lender, lender.cookie)
    expect(self.closes).toEqual([])
    self.provider.destroy()
  })

  it('changes the password and signs out the other devices, not this one', async () => {
    const other = await signInAgain(server, lender)
    const otherDevice = await openBook(server, lender, other)
    const self = await openBook(server, lender, lender.cookie)

    const wrong = await authPost(
      server,
      'change-password',
      { currentPassword: 'not it at all', newPassword: 'a new password' },
      lender.cookie,
    )
    expect(wrong.status).toBe(400)
    const changed = await authPost(
      server,
      'change-password',
      { currentPassword: lender.password, newPassword: 'a new password' },
      lender.cookie,
    )
    expect(changed.status).toBe(200)
    const revoked = await authPost(server, 'revoke-other-sessions', {}, lender.cookie)
    expect(revoked.status).toBe(200)
    await closedWithin(otherDevice, 1_000, 'the other device’s socket to close')
    expect(self.closes).toEqual([])
    expect(await listSessions(server, lender.cookie)).toHaveLength(1)

    const old = await signInFresh(server, lender.email, lender.password)
    expect(old.status).toBe(401)
    lender.password = 'a new password'
    self.provider.destroy()
  })

  it('resets a forgotten password from the command line, offline of any email', async () => {
    const env = { DATA_DIR: server.dataDir }

    const unknown = await resetPassword(env, ['nobody@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No account has the email nobody@example.com.')

    // Two devices have the ledger open while the operator resets the password.
    const phone = await openBook(server, lender, await signInAgain(server, lender))
    const laptop = await openBook(server, lender, lender.cookie)
    const reset = await resetPassword(env, [lender.email.toUpperCase()])
    expect(reset.stderr).toContain('signed out 2 devices')
    expect(reset.code).toBe(0)
    // SESSION_CHECK_MS is 60 s here: the server noticed the command's write to its accounts.
    const ms = await allClosedWithin(
      [phone, laptop],
      reset.exitedAt,
      1_000,
      'both sockets to close',
    )
    process.stderr.write(
      `SQLite, one process: sockets closed ${ms} ms after reset-password ended\n`,
    )
    const password = /New password: (\S+)/.exec(reset.stdout)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(10)

    const old = await signInFresh(server, lender.email, lender.password)
    expect(old.status).toBe(401)
    const fresh = await signInFresh(server, lender.email, password)
    expect(fresh.status).toBe(200)
    // Every earlier session is gone; its cookie no longer opens the ledger.
    const check = await fetch(`${server.url}/api/auth/get-session`, {
      headers: { cookie: lender.cookie },
    })
    expect(await check.json()).toBeNull()

    const chosen = await resetPassword(env, [lender.email, '--password-stdin'], 'chosen pass 1\n')
    expect(chosen.code).toBe(0)
    expect(chosen.stdout).toBe('')
    const withChosen = await signInFresh(server, lender.email, 'chosen pass 1')
    expect(withChosen.status).toBe(200)
    const short = await resetPassword(env, [lender.email, '--password-stdin'], 'short\n')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('at least 10 characters')
  })
})

const available = await servicesUp(['postgres', 'redis'])

describe.skipIf(!available)('devices on two processes (PostgreSQL + Redis)', () => {
  let schema: TestSchema
  let env: Record<string, string>
  let a: TestServer
  let b: TestServer
  let lender: Lender

  beforeAll(async () => {
    schema = await createTestSchema()
    env = {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      TRUST_PROXY: '1',
    }
    // SESSION_CHECK_MS stays at its 60 s default: only the fan-out can close a socket in 1 s.
    ;[a, b] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    lender = await signUp(a)
  })
  afterAll(async () => {
    await cleanup()
    await schema?.drop()
  })

  it('a sign-out through A closes that session’s socket on B within 1 s', async () => {
    const cookie = await signInAgain(a, lender)
    const onB = await openBook(b, lender, cookie)
    const stays = await openBook(b, lender, lender.cookie)
    expect((await authPost(a, 'sign-out', {}, cookie)).status).toBe(200)
    await closedWithin(onB, 1_000, 'the socket on B to close')
    expect(stays.closes).toEqual([])
    stays.provider.destroy()
  })

  it('"sign out other devices" on A closes their sockets on B within 1 s', async () => {
    const phone = await openBook(b, lender, await signInAgain(b, lender))
    const tablet = await openBook(b, lender, await signInAgain(a, lender))
    const self = await openBook(a, lender, lender.cookie)
    expect((await authPost(a, 'revoke-other-sessions', {}, lender.cookie)).status).toBe(200)
    await Promise.all([
      closedWithin(phone, 1_000, 'the phone’s socket on B to close'),
      closedWithin(tablet, 1_000, 'the tablet’s socket on B to close'),
    ])
    expect(self.closes).toEqual([])
    self.provider.destroy()
  })

  it('reset-password on PostgreSQL ends the sessions on every process within 1 s', async () => {
    const onA = await openBook(a, lender, await signInAgain(b, lender))
    const onB = await openBook(b, lender, lender.cookie)
    const reset = await resetPassword(env, [lender.email])
    expect(reset.code).toBe(0)
    const password = /New password: (\S+)/.exec(reset.stdout)![1]!
    const ms = await allClosedWithin([onA, onB], reset.exitedAt, 1_000, 'sockets on A and B')
    process.stderr.write(
      `PostgreSQL + Redis, two processes: sockets closed ${ms} ms after reset-password ended\n`,
    )
    const fresh = await signInFresh(b, lender.email, password)
    expect(fresh.status).toBe(200)
  })
})

const postgresUp = await servicesUp(['postgres'])

describe.skipIf(!postgresUp)('devices on one process with PostgreSQL, without Redis', () => {
  let schema: TestSchema
  let server: TestServer
  let lender: Lender

  beforeAll(async () => {
    schema = await createTestSchema()
    server = await startTestServer({ env: { DATABASE_URL: schema.url, TRUST_PROXY: '1' } })
    lender = await signUp(server)
  })
  afterAll(async () => {
    await cleanup()
    await schema?.drop()
  })

  it('reset-password closes the account’s sockets within 1 s, and a sign-out at once', async () => {
    const phone = await openBook(server, lender, await signInAgain(server, lender))
    const laptop = await openBook(server, lender, lender.cookie)
    const reset = await resetPassword({ DATABASE_URL: schema.url }, [lender.email])
    expect(reset.code).toBe(0)
    const ms = await allClosedWithin([phone, laptop], reset.exitedAt, 1_000, 'both sockets')
    process.stderr.write(
      `PostgreSQL, one process: sockets closed ${ms} ms after reset-password ended\n`,
    )

    const password = /New password: (\S+)/.exec(reset.stdout)![1]!
    const cookie = await signInAgain(server, lender, password)
    const device = await openBook(server, lender, cookie)
    const signedOutAt = performance.now()
    expect((await authPost(server, 'sign-out', {}, cookie)).status).toBe(200)
    const signOutMs = await allClosedWithin([device], signedOutAt, 1_000, 'the socket to close')
    process.stderr.write(`PostgreSQL, one process: socket closed ${signOutMs} ms after sign-out\n`)
  })
})
