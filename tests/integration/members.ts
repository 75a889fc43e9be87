/** Members of a book as the integration tests use them: accounts, invitations, sockets. */
import { expect } from 'vitest'
import { MEMBERS_PATH, type MemberRole } from '../../shared/members.ts'
import { userRoom } from '../../shared/protocol.ts'
import {
  newAddress,
  openRoom,
  signUp,
  waitFor,
  type Client,
  type Lender,
  type TestServer,
} from './harness.ts'

/** Started behind a trusted proxy, so that each account signs up from an address of its own. */
export const env = { TRUST_PROXY: '1' }

/** A new account (from an address of its own: sign-ups are limited per address). */
export const newAccount = (server: TestServer) => signUp(server, newAddress())

/** A call to the members API as the app on the server's own origin makes it. */
export function api(
  server: TestServer,
  path: string,
  cookie: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
}

/** `as` (the owner, or anyone who tries) removes `memberId` from `owner`'s book. */
export function removeMember(
  server: TestServer,
  owner: Lender,
  memberId: string,
  as: Lender = owner,
): Promise<Response> {
  return api(server, `${MEMBERS_PATH}/${memberId}`, as.cookie, { method: 'DELETE' })
}

/** Invites `role` (a collector to `villages`); resolves with the code. */
export async function invite(
  server: TestServer,
  owner: Lender,
  role: MemberRole,
  villages?: string[],
): Promise<string> {
  const response = await api(server, `${MEMBERS_PATH}/invites`, owner.cookie, {
    method: 'POST',
    body: { role, ...(villages && { villages }) },
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { code: string }).code
}

export function join(server: TestServer, member: Lender, code: string): Promise<Response> {
  return api(server, `${MEMBERS_PATH}/join`, member.cookie, { method: 'POST', body: { code } })
}

export async function addMember(
  server: TestServer,
  owner: Lender,
  role: MemberRole,
  member?: Lender,
  villages?: string[],
): Promise<Lender> {
  const account = member ?? (await newAccount(server))
  const code = await invite(server, owner, role, villages)
  expect((await join(server, account, code)).status).toBe(200)
  return account
}

/** The owner's book as `member` opens it (their own cookie, the owner's room). */
export function openAs(server: TestServer, owner: Lender, member: Lender): Promise<Client> {
  return openRoom(server, userRoom(owner.userId), member.cookie)
}

/**
 * Starts watching `client` now, before whatever closes its socket (which may close it before
 * the call that caused it has answered): resolves with the milliseconds until its next close,
 * and the close code.
 */
export function nextClose(client: Client): Promise<{ ms: number; code: number }> {
  const since = performance.now()
  const before = client.closes.length
  return waitFor(() => client.closes.length > before, 'the socket to close', 5_000).then(() => ({
    ms: performance.now() - since,
    code: client.closes[before]!.code,
  }))
}
