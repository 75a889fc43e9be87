/**
 * Behind the compose file's nginx every request comes from the proxy's address. With
 * TRUST_PROXY=1 sign-in limits key on the address nginx appended to X-Forwarded-For, so one
 * lender mistyping a password does not lock out everyone else behind the same proxy.
 */
import { beforeAll, expect, it } from 'vitest'
import { signIn, signUp, startTestServer } from './harness.ts'
import type { Lender, TestServer } from './harness.ts'

let server: TestServer
let lender: Lender

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
  lender = await signUp(server)
})

/** A sign-in as nginx would forward it: the client's own header, then the address nginx saw. */
function signInVia(forwardedFor: string, password: string): Promise<Response> {
  return signIn(server, lender.email, password, forwardedFor)
}

it('limits sign-in per lender address, not per proxy', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await signInVia('198.51.100.7', 'wrong')).status)
  expect(statuses).toEqual([401, 401, 401, 429])
  // Another lender behind the same proxy still signs in.
  expect((await signInVia('198.51.100.8', lender.password)).status).toBe(200)
  // Only the last entry counts: a client cannot pick its own address by sending the header.
  expect((await signInVia('203.0.113.1, 198.51.100.7', lender.password)).status).toBe(429)
})
