/**
 * What a password guesser meets, against the real server: a new password of at least 10
 * characters and not among the 10,000 most common (sign-up, change, the operator's reset), older
 * short passwords still signing in; failed sign-ins limited per account however many addresses
 * they come from, without locking the lender out on a device they have used; and a sign-up that
 * answers a taken email exactly as a sign-in would.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { hashPassword } from 'better-auth/crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_ATTEMPTS } from '../../shared/auth.ts'
import { authPost, cookieOf, newAddress, resetPassword, startTestServer } from './harness.ts'
import type { TestServer } from './harness.ts'

let server: TestServer

beforeAll(async () => {
  // Behind a proxy: each request may come from an address of its own (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
})

/** POSTs to the auth API as a browser on the app's origin, from `from` (an address). */
function post(
  route: string,
  body: unknown,
  { from = newAddress(), cookie }: { from?: string; cookie?: string } = {},
): Promise<Response> {
  return authPost(server, route, body, cookie, from)
}

let emails = 0
const newEmail = () => `guarded${++emails}-${process.pid}@example.com`

/** A new account; resolves with its email and the cookies its device got. */
async function newAccount(password = 'a sound passphrase') {
  const email = newEmail()
  const response = await post('sign-up/email', { email, password, name: email })
  expect(response.status, await response.clone().text()).toBe(200)
  return { email, password, cookies: cookieOf(response) }
}

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code
}

/** Runs the operator's reset-password on this server's data, the password on stdin. */
function resetTo(email: string, password: string) {
  return resetPassword({ DATA_DIR: server.dataDir }, [email, '--password-stdin'], `${password}\n`)
}

describe('a new password', () => {
  it('needs 10 characters and is not one of the 10,000 most common, on sign-up', async () => {
    const answers: Record<string, string> = {}
    for (const password of ['12345678', 'password', 'ninechars', 'qwertyuiop', 'Password123']) {
      const response = await post('sign-up/email', { email: newEmail(), password, name: 'x' })
      expect(response.status).toBe(400)
      expect(response.headers.getSetCookie()).toEqual([])
      answers[password] = `${response.status} ${await errorCode(response)}`
    }
    process.stderr.write(`sign-up answers: ${JSON.stringify(answers)}\n`)
    expect(answers).toEqual({
      '12345678': '400 PASSWORD_TOO_SHORT',
      password: '400 PASSWORD_TOO_SHORT',
      ninechars: '400 PASSWORD_TOO_SHORT',
      qwertyuiop: '400 PASSWORD_TOO_COMMON',
      Password123: '400 PASSWORD_TOO_COMMON',
    })
    // The same answer for an email that has an account: the rules come before any lookup.
    const taken = await newAccount()
    const again = await post('sign-up/email', { ...taken, password: 'basketball', name: 'x' })
    expect(`${again.status} ${await errorCode(again)}`).toBe('400 PASSWORD_TOO_COMMON')
  })

  it('follows the same rules when changed in Settings and when reset by the operator', async () => {
    const lender = await newAccount()
    const change = (newPassword: string) =>
      post(
        'change-password',
        { currentPassword: lender.password, newPassword },
        { cookie: lender.cookies },
      )
    const short = await change('too short')
    expect(`${short.status} ${await errorCode(short)}`).toBe('400 PASSWORD_TOO_SHORT')
    const common = await change('manchester')
    expect(`${common.status} ${await errorCode(common)}`).toBe('400 PASSWORD_TOO_COMMON')
    expect((await change('a longer passphrase')).status).toBe(200)

    const tooShort = await resetTo(lender.email, 'short one')
    expect(tooShort.code).toBe(1)
    expect(tooShort.stderr).toContain('at least 10 characters')
    const tooCommon = await resetTo(lender.email, '1234567890')
    expect(tooCommon.code).toBe(1)
    expect(tooCommon.stderr).toContain('most common')
    expect((await resetTo(lender.email, 'an operator chose this')).code).toBe(0)
  })

  it('is not asked of an account made under the old rule: its 8 characters still sign in', async () => {
    const lender = await newAccount()
    // The account as the old rule let it be made: an 8-character password.
    const accounts = new Database(path.join(server.dataDir, 'accounts.sqlite'))
    accounts.pragma('busy_timeout = 5000')
    accounts
      .prepare(
        `UPDATE account SET password = ? WHERE userId = (SELECT id FROM user WHERE email = ?)`,
      )
      .run(await hashPassword('old8char'), lender.email)
    accounts.close()
    const signedIn = await post('sign-in/email', { email: lender.email, password: 'old8char' })
    expect(signedIn.status).toBe(200)
  })
})

describe('failed sign-ins', () => {
  it('are limited per account: 30 guesses from 10 addresses get 5 answers', async () => {
    const lender = await newAccount()
    // Signed in before on a phone, which keeps its device cookie.
    const phone = await post('sign-in/email', { email: lender.email, password: lender.password })
    expect(phone.status).toBe(200)
    const phoneCookies = cookieOf(phone)
    expect(phoneCookies).toMatch(/rin_device_/)

    // 10 addresses, 3 guesses each (what each address may try in 10 s), all at once.
    const start = performance.now()
    const addressesUsed = Array.from({ length: 10 }, () => newAddress())
    const answers = await Promise.all(
      addressesUsed.flatMap((from) =>
        [1, 2, 3].map(async (n) => {
          const response = await post(
            'sign-in/email',
            { email: lender.email, password: `guess number ${n} from ${from}` },
            { from },
          )
          return {
            status: response.status,
            body: (await response.json()) as Record<string, unknown>,
          }
        }),
      ),
    )
    const ms = Math.round(performance.now() - start)
    const count = (status: number) => answers.filter((answer) => answer.status === status).length
    process.stderr.write(
      `30 guesses for one account from 10 addresses in ${ms} ms: ` +
        `${count(401)} checked (401), ${count(429)} limited (429)\n`,
    )
    expect(count(401)).toBe(5)
    expect(count(429)).toBe(25)
    const limited = answers.find((answer) => answer.status === 429)!.body
    expect(limited.code).toBe(TOO_MANY_ATTEMPTS)
    expect(limited.retryAfter).toBeGreaterThan(0)
    expect(limited.retryAfter).toBeLessThanOrEqual(20)

    // Even the right password waits on a new device: the budget is the account's.
    const newDevice = await post('sign-in/email', {
      email: lender.email,
      password: lender.password,
    })
    expect(newDevice.status).toBe(429)
    // The lender's own phone is not locked out: it signs in at once.
    const again = await post(
      'sign-in/email',
      { email: lender.email, password: lender.password },
      { cookie: phoneCookies },
    )
    expect(again.status).toBe(200)
    // Another account is not affected.
    const other = await newAccount()
    expect((await post('sign-in/email', other)).status).toBe(200)
  })

  it('a stolen or copied device cookie of another account buys no budget', async () => {
    const victim = await newAccount()
    const attacker = await newAccount()
    const attackerDevice = cookieOf(
      await post('sign-in/email', { email: attacker.email, password: attacker.password }),
    )
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const response = await post(
        'sign-in/email',
        { email: victim.email, password: `wrong ${i}` },
        { cookie: attackerDevice },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
  })
})

describe('sign-up of an email that has an account', () => {
  it('signs in with its password, and otherwise answers as a failed sign-in would', async () => {
    const lender = await newAccount()
    const right = await post('sign-up/email', { ...lender, name: 'again' })
    expect(right.status).toBe(200)
    const session = await fetch(`${server.url}/api/auth/get-session`, {
      headers: { cookie: cookieOf(right) },
    })
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(lender.email)

    const signUpWrong = await post('sign-up/email', {
      email: lender.email,
      password: 'not the password at all',
      name: 'x',
    })
    const signInWrong = await post('sign-in/email', {
      email: lender.email,
      password: 'not the password at all',
    })
    const signInNobody = await post('sign-in/email', {
      email: newEmail(),
      password: 'not the password at all',
    })
    const answer = async (response: Response) => ({
      status: response.status,
      body: await response.json(),
      cookies: response.headers.getSetCookie(),
    })
    const answers = await Promise.all([signUpWrong, signInWrong, signInNobody].map(answer))
    expect(answers[0]).toEqual(answers[1])
    expect(answers[1]).toEqual(answers[2])
    expect(answers[0]!.status).toBe(401)
  })

  it('takes as long as a failed sign-in (fastest of 9 each)', async () => {
    const timed = async (route: string, body: unknown) => {
      const start = performance.now()
      const response = await post(route, body)
      await response.arrayBuffer()
      return performance.now() - start
    }
    const times = {
      signUpTaken: [] as number[],
      signInWrong: [] as number[],
      signInNobody: [] as number[],
    }
    for (let i = 0; i < 9; i++) {
      // A fresh account each round: the per-account budget is not what is measured here.
      const lender = await newAccount()
      const wrong = { email: lender.email, password: `wrong password ${i}` }
      times.signUpTaken.push(await timed('sign-up/email', { ...wrong, name: 'x' }))
      times.signInWrong.push(await timed('sign-in/email', wrong))
      times.signInNobody.push(await timed('sign-in/email', { ...wrong, email: newEmail() }))
    }
    // The fastest of each is what the work itself costs: a busy machine only ever adds to a
    // time (a median moved 211 -> 363 ms between kinds on a loaded run, and by kind, not cost).
    const fastest = Object.fromEntries(
      Object.entries(times).map(([name, values]) => [name, Math.round(Math.min(...values))]),
    )
    process.stderr.write(`fastest ms: ${JSON.stringify(fastest)}\n`)
    const values = Object.values(fastest)
    // All three hash one password (scrypt): an answer that skipped it would take a fraction.
    expect(Math.max(...values) / Math.min(...values)).toBeLessThan(1.4)
  })
})
