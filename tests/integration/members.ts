/** Members of a book as the integration tests use them: accounts, invitations, sockets. */
import { expect } from 'vitest'
import { COLLECT_PATH } from '../../shared/collect.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { MEMBERS_PATH, type MemberRole } from '../../shared/members.ts'
import { CITIES_ROOM, userRoom } from '../../shared/protocol.ts'
import { addCity } from '../../shared/schema/city.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { addPerson } from '../../shared/schema/person.ts'
import {
  disconnect,
  newAddress,
  openBook,
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

const now = '2026-03-01T09:00:00.000Z'
export const AADHAAR = { ravi: '234567890124', meena: '345678901235' }
const terms = {
  amount: 20_000_00,
  interestRate: 2,
  interestType: 'per_month' as const,
  startDate: '2026-01-01',
  dueDate: '2026-12-31',
  description: 'Seeds',
}

/** An owner's book with a borrower in Rampur and one in Sitapur, each with a loan paid once. */
export async function bookWithTwoVillages(server: TestServer, owner: Lender) {
  const cities = await openRoom(server, CITIES_ROOM, owner.cookie)
  const rampur = addCity(cities.doc, `Rampur ${owner.userId}`, { now })!
  const sitapur = addCity(cities.doc, `Sitapur ${owner.userId}`, { now })!
  await waitFor(() => cities.stored() >= 2, 'the cities stored')
  disconnect(cities)
  const own = await openBook(server, owner)
  let messages = 1
  own.doc.on('update', () => messages++)
  const ravi = addPerson(
    own.doc,
    { name: 'Ravi', cityId: rampur, balance: 0, gender: 'male', aadhaar: AADHAAR.ravi },
    { now },
  )
  const meena = addPerson(
    own.doc,
    { name: 'Meena', cityId: sitapur, balance: 0, gender: 'female', aadhaar: AADHAAR.meena },
    { now },
  )
  const raviLoan = addLoan(own.doc, { ...terms, personId: ravi }, { now })
  const meenaLoan = addLoan(own.doc, { ...terms, personId: meena }, { now })
  for (const loanId of [raviLoan, meenaLoan]) {
    recordDeposit(
      own.doc,
      { date: '2026-02-01', allocations: [{ loanId, amount: 500_00 }] },
      { now },
    )
  }
  await waitFor(() => own.stored() >= messages, 'the book stored')
  return { own, rampur, sitapur, ravi, meena, raviLoan, meenaLoan }
}

/** `who`'s collector sheet of `owner`'s book. */
export const sheetOf = (server: TestServer, owner: Lender, who: Lender) =>
  api(server, `${COLLECT_PATH}/${owner.userId}`, who.cookie)

/** `who` sends `deposits` to `owner`'s book, as a collector's device does. */
export const sendDeposits = (server: TestServer, owner: Lender, who: Lender, deposits: unknown) =>
  api(server, `${COLLECT_PATH}/${owner.userId}/deposits`, who.cookie, {
    method: 'POST',
    body: { deposits },
  })

let ids = 0
/** A fresh deposit id, as the app makes them (20 hex digits). */
const depositId = () => (++ids).toString(16).padStart(20, 'c')

/** A collector's deposit of `amount` paise on one loan, as his device sends it. */
export function deposit(loanId: string, amount: number, date = '2026-02-20') {
  return {
    depositId: depositId(),
    date,
    createdAt: '2026-02-20T10:30:00.000Z',
    device: 'Munshi phone',
    allocations: [{ loanId, amount }],
  }
}

/** The payments of `loanId` in `client`'s copy of the book. */
export const paymentsOf = (client: Client, loanId: string) =>
  readLender(client.doc).payments.filter((payment) => payment.loanId === loanId)
