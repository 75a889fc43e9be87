/**
 * The sign-in guard around better-auth, with a stand-in for better-auth that answers as it does:
 * a sign-up whose database write failed is not answered as a sign-in with a wrong password.
 */
import { describe, expect, it } from 'vitest'
import { guardSignIn } from '../../server/auth/signInGuard.ts'

const ORIGIN = 'http://localhost:3000'

function signUpRequest(email: string): Request {
  return new Request(`${ORIGIN}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Sunita' }),
  })
}

/**
 * better-auth with one account table: a sign-up makes the account unless `failWrites` says the
 * database refuses the next writes (422, as better-auth answers "failed to create user"); a
 * sign-in of an unknown email is a 401.
 */
function fakeAuth(failWrites: number) {
  const accounts = new Set<string>()
  const calls: string[] = []
  const handler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname
    const { email } = (await request.json()) as { email: string }
    calls.push(path)
    if (path.endsWith('/sign-in/email')) {
      return new Response('{}', { status: accounts.has(email) ? 200 : 401 })
    }
    if (failWrites > 0) {
      failWrites--
      return new Response('{"code":"FAILED_TO_CREATE_USER"}', { status: 422 })
    }
    accounts.add(email)
    return new Response('{}', { status: 200 })
  }
  const guarded = guardSignIn(handler, {
    secret: 'test secret',
    secure: false,
    accountExists: async (email) => accounts.has(email),
  })
  return { guarded, calls, accounts }
}

describe('a sign-up', () => {
  it('makes the account when the database was busy for a moment, instead of answering 401', async () => {
    const { guarded, calls, accounts } = fakeAuth(1)
    const response = await guarded(signUpRequest('new@example.com'))
    expect(response.status).toBe(200)
    expect(accounts.has('new@example.com')).toBe(true)
    expect(calls).toEqual(['/api/auth/sign-up/email', '/api/auth/sign-up/email'])
  })

  it('tries once more only: a database that keeps failing gives the failure, not a sign-in', async () => {
    const { guarded, calls } = fakeAuth(5)
    const response = await guarded(signUpRequest('new@example.com'))
    expect(response.status).toBe(422)
    expect(calls).toEqual(['/api/auth/sign-up/email', '/api/auth/sign-up/email'])
  })
})
