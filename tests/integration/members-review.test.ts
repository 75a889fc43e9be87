/**
 * What a book's collectors leave for its owner (issue 31): deposits a removed collector sent
 * (accepted into the book once, or dismissed), requests to void a deposit of his own (voided in
 * the owner's name, or refused), and the owner's day book of cash each handed over. On SQLite,
 * and on PostgreSQL when it answers.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COLLECT_PATH,
  MAX_WAITING_VOID_REQUESTS,
  VOID_REQUESTS,
  type Handover,
  type VoidRequestInfo,
} from '../../shared/collect.ts'
import { MEMBERS_PATH } from '../../shared/members.ts'
import { voidDeposit } from '../../shared/schema/void.ts'
import {
  cleanup,
  disconnect,
  startTestServer,
  tempDir,
  waitFor,
  type Lender,
  type TestServer,
} from './harness.ts'
import {
  addMember,
  api,
  bookWithTwoVillages,
  deposit,
  env,
  newAccount,
  paymentsOf,
  removeMember,
  sendDeposits,
} from './members.ts'
import { createTestSchema, servicesUp, type TestSchema } from './services.ts'

type Outcome = { outcome: string; inBook?: string; reason?: string; index?: number }

const post = (server: TestServer, path: string, who: Lender, body: unknown) =>
  api(server, path, who.cookie, { method: 'POST', body })

/** Sends `deposits` as `collector` and resolves with each one's id in the book. */
async function recorded(
  server: TestServer,
  owner: Lender,
  collector: Lender,
  deposits: unknown[],
): Promise<string[]> {
  const answer = await sendDeposits(server, owner, collector, deposits)
  expect(answer.status).toBe(200)
  const { outcomes } = (await answer.json()) as { outcomes: Outcome[] }
  expect(outcomes.map((o) => o.outcome)).toEqual(deposits.map(() => 'recorded'))
  return outcomes.map((o) => o.inBook!)
}

const askVoid = (
  server: TestServer,
  owner: Lender,
  collector: Lender,
  depositId: string,
  reason = 'Wrong amount',
) =>
  post(server, `${COLLECT_PATH}/${owner.userId}/${VOID_REQUESTS}`, collector, {
    depositId,
    reason,
  })

const decide = (server: TestServer, owner: Lender, requestId: string, accept: boolean) =>
  post(server, `${MEMBERS_PATH}/${VOID_REQUESTS}/${requestId}`, owner, { accept })

const handoversPath = (memberId: string) => `${MEMBERS_PATH}/${memberId}/handovers`

const available = await servicesUp(['postgres'])

describe.each([
  { database: 'SQLite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('the owner’s review on $database', ({ postgres }) => {
  let server: TestServer
  let schema: TestSchema | undefined

  beforeAll(async () => {
    if (postgres && !available) return
    schema = postgres ? await createTestSchema() : undefined
    server = await startTestServer({
      env: { ...env, ...(schema && { DATABASE_URL: schema.url }) },
    })
  })
  afterAll(async () => {
    await cleanup()
    await schema?.drop()
  })

  it.skipIf(postgres && !available)(
    'takes a removed collector’s batch into the book once, or dismisses it',
    async () => {
      const owner = await newAccount(server)
      const book = await bookWithTwoVillages(server, owner)
      const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
      expect((await removeMember(server, owner, collector.userId)).status).toBe(204)
      const late = deposit(book.raviLoan, 200_00)
      const elsewhere = deposit(book.meenaLoan, 100_00)
      const dropped = deposit(book.raviLoan, 300_00)
      for (const batch of [[late, { junk: 1 }, elsewhere], [dropped]]) {
        expect((await sendDeposits(server, owner, collector, batch)).status).toBe(202)
      }
      const review = (await (await api(server, `${MEMBERS_PATH}/review`, owner.cookie)).json()) as {
        held: { id: string; deposits: unknown[] }[]
        voidRequests: unknown[]
      }
      expect(review.voidRequests).toEqual([])
      const [kept, other] = review.held
      expect(review.held.map((batch) => batch.deposits.length)).toEqual([3, 1])

      // Nobody but the owner reviews his batches.
      const stranger = await newAccount(server)
      const theirs = await post(server, `${MEMBERS_PATH}/held/${kept!.id}`, stranger, {
        accept: true,
      })
      expect(theirs.status).toBe(404)
      expect(
        (await post(server, `${MEMBERS_PATH}/held/${kept!.id}`, owner, { accept: 'yes' })).status,
      ).toBe(400)

      const accepted = await post(server, `${MEMBERS_PATH}/held/${kept!.id}`, owner, {
        accept: true,
      })
      expect(accepted.status).toBe(200)
      const { outcomes } = (await accepted.json()) as { outcomes: Outcome[] }
      expect(outcomes).toEqual([
        { depositId: late.depositId, outcome: 'recorded', inBook: expect.any(String) },
        { index: 1, outcome: 'refused', reason: 'malformed' },
        {
          depositId: elsewhere.depositId,
          outcome: 'refused',
          reason: 'loan outside your villages',
        },
      ])
      await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 2, 'the deposit')
      expect(
        paymentsOf(book.own, book.raviLoan).find((p) => p.depositId === outcomes[0]!.inBook),
      ).toMatchObject({
        amount: 200_00,
        createdBy: { account: collector.email, device: 'Munshi phone' },
      })
      const again = await post(server, `${MEMBERS_PATH}/held/${kept!.id}`, owner, {
        accept: true,
      })
      expect(again.status).toBe(404)
      expect(await again.json()).toEqual({ error: 'no such batch' })

      const dismissed = await post(server, `${MEMBERS_PATH}/held/${other!.id}`, owner, {
        accept: false,
      })
      expect(dismissed.status).toBe(200)
      expect(await dismissed.json()).toEqual({ outcomes: [] })
      expect(
        (await post(server, `${MEMBERS_PATH}/held/${other!.id}`, owner, { accept: true })).status,
      ).toBe(404)
      expect(await (await api(server, `${MEMBERS_PATH}/held`, owner.cookie)).json()).toEqual({
        held: [],
      })
      // A change after the dismissal reaches the owner: had the dismissed deposit been
      // written, it would have reached him before it.
      const marker = deposit(book.meenaLoan, 1_00)
      const sitapur = await addMember(server, owner, 'collector', undefined, [book.sitapur])
      await recorded(server, owner, sitapur, [marker])
      await waitFor(() => paymentsOf(book.own, book.meenaLoan).length === 2, 'the marker')
      expect(paymentsOf(book.own, book.raviLoan).map((p) => p.amount)).toEqual([500_00, 200_00])
      disconnect(book.own)
    },
  )

  it.skipIf(postgres && !available)(
    'voids a collector’s own deposit once the owner accepts, and nothing else',
    async () => {
      const owner = await newAccount(server)
      const book = await bookWithTwoVillages(server, owner)
      const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
      const sitapur = await addMember(server, owner, 'collector', undefined, [book.sitapur])
      const [mine, refused, voidedMeanwhile] = await recorded(server, owner, collector, [
        deposit(book.raviLoan, 300_00),
        deposit(book.raviLoan, 400_00),
        deposit(book.raviLoan, 600_00),
      ])
      const [theirs] = await recorded(server, owner, sitapur, [deposit(book.meenaLoan, 700_00)])
      const ownersId = paymentsOf(book.own, book.raviLoan)[0]!.depositId

      // Only his own deposits, in a few words, once each, and only while he collects.
      expect((await askVoid(server, owner, collector, mine!, '   ')).status).toBe(400)
      expect((await askVoid(server, owner, collector, mine!, 'x'.repeat(201))).status).toBe(400)
      for (const other of [ownersId, theirs!, 'f'.repeat(20)]) {
        const answer = await askVoid(server, owner, collector, other)
        expect(answer.status).toBe(403)
        expect(await answer.json()).toEqual({ error: 'not your deposit' })
      }
      const viewer = await addMember(server, owner, 'viewer')
      expect((await askVoid(server, owner, viewer, mine!)).status).toBe(403)
      const asked = await askVoid(server, owner, collector, mine!, '  Typed 300, was 30  ')
      expect(asked.status).toBe(201)
      const { request } = (await asked.json()) as { request: VoidRequestInfo }
      expect(request).toEqual({
        id: expect.any(String),
        memberId: collector.userId,
        name: collector.email,
        email: collector.email,
        depositId: mine,
        reason: 'Typed 300, was 30',
        createdAt: expect.any(String),
        status: 'waiting',
        decidedAt: null,
      })
      const twice = await askVoid(server, owner, collector, mine!)
      expect(twice.status).toBe(409)
      expect(await twice.json()).toEqual({ error: 'already asked' })
      const second = (await (await askVoid(server, owner, collector, refused!)).json()) as {
        request: VoidRequestInfo
      }
      const third = (await (await askVoid(server, owner, collector, voidedMeanwhile!)).json()) as {
        request: VoidRequestInfo
      }

      const review = (await (await api(server, `${MEMBERS_PATH}/review`, owner.cookie)).json()) as {
        voidRequests: VoidRequestInfo[]
      }
      expect(review.voidRequests.map((r) => r.depositId)).toEqual([mine, refused, voidedMeanwhile])
      // Nobody but the owner answers; the collector cannot answer his own.
      expect((await decide(server, collector, request.id, true)).status).toBe(404)

      const accepted = await decide(server, owner, request.id, true)
      expect(accepted.status).toBe(200)
      expect(await accepted.json()).toEqual({
        request: { ...request, status: 'accepted', decidedAt: expect.any(String) },
      })
      await waitFor(
        () => paymentsOf(book.own, book.raviLoan).some((p) => p.voided),
        'the void in the owner’s book',
      )
      const voided = paymentsOf(book.own, book.raviLoan).filter((p) => p.voided)
      expect(voided.map((p) => p.depositId)).toEqual([mine])
      expect(voided[0]!.voided).toMatchObject({
        reason: `Asked by ${collector.email}: Typed 300, was 30`,
        by: { account: owner.email, device: 'review' },
      })
      expect((await decide(server, owner, request.id, true)).status).toBe(404)
      const after = await askVoid(server, owner, collector, mine!)
      expect(after.status).toBe(409)
      expect(await after.json()).toEqual({ error: 'already voided' })

      const refusal = await decide(server, owner, second.request.id, false)
      expect(refusal.status).toBe(200)
      expect(((await refusal.json()) as { request: VoidRequestInfo }).request.status).toBe(
        'refused',
      )

      // Voided on the owner's own device first: accepted all the same, and said so.
      const stored = book.own.stored()
      voidDeposit(book.own.doc, voidedMeanwhile!, 'Counted twice', {
        now: new Date().toISOString(),
        by: { account: owner.email, device: 'Owner phone' },
      })
      await waitFor(() => book.own.stored() > stored, 'the owner’s void stored')
      const late = await decide(server, owner, third.request.id, true)
      expect(late.status).toBe(200)
      expect(await late.json()).toMatchObject({
        request: { status: 'accepted' },
        alreadyVoided: true,
      })
      // Had the refusal voided anything, it would reach the owner before a change made after it.
      await recorded(server, owner, sitapur, [deposit(book.meenaLoan, 1_00)])
      await waitFor(() => paymentsOf(book.own, book.meenaLoan).length === 3, 'the marker')
      expect(
        paymentsOf(book.own, book.raviLoan)
          .filter((p) => p.voided)
          .map((p) => p.depositId)
          .sort(),
      ).toEqual([mine, voidedMeanwhile].sort())

      const listed = (await (
        await api(server, `${COLLECT_PATH}/${owner.userId}/${VOID_REQUESTS}`, collector.cookie)
      ).json()) as { requests: VoidRequestInfo[] }
      expect(listed.requests.map((r) => [r.depositId, r.status])).toEqual([
        [voidedMeanwhile, 'accepted'],
        [refused, 'refused'],
        [mine, 'accepted'],
      ])
      const review2 = (await (
        await api(server, `${MEMBERS_PATH}/review`, owner.cookie)
      ).json()) as {
        voidRequests: VoidRequestInfo[]
      }
      expect(review2.voidRequests).toEqual([])
      disconnect(book.own)
    },
  )

  it.skipIf(postgres && !available)(
    `lets a collector keep at most ${MAX_WAITING_VOID_REQUESTS} requests waiting`,
    async () => {
      const owner = await newAccount(server)
      const book = await bookWithTwoVillages(server, owner)
      const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
      const deposits = Array.from({ length: MAX_WAITING_VOID_REQUESTS + 1 }, () =>
        deposit(book.raviLoan, 1_00),
      )
      const ids = await recorded(server, owner, collector, deposits)
      const statuses: number[] = []
      for (const id of ids) statuses.push((await askVoid(server, owner, collector, id)).status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_WAITING_VOID_REQUESTS)
      expect(statuses.at(-1)).toBe(429)
      // Once removed, he asks for nothing more.
      expect((await removeMember(server, owner, collector.userId)).status).toBe(204)
      expect((await askVoid(server, owner, collector, ids.at(-1)!)).status).toBe(403)
      disconnect(book.own)
    },
  )

  it.skipIf(postgres && !available)(
    'keeps the owner’s day book of each collector’s handovers, and nobody else’s',
    async () => {
      const owner = await newAccount(server)
      const book = await bookWithTwoVillages(server, owner)
      disconnect(book.own)
      const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
      const partner = await addMember(server, owner, 'partner')
      const path = handoversPath(collector.userId)

      const first = await post(server, path, owner, {
        day: '2026-03-01',
        amount: 1_500_00,
        note: '  Evening cash  ',
      })
      expect(first.status).toBe(201)
      const { handover } = (await first.json()) as { handover: Handover }
      expect(handover).toEqual({
        id: expect.any(String),
        memberId: collector.userId,
        day: '2026-03-01',
        amount: 1_500_00,
        note: 'Evening cash',
        createdAt: expect.any(String),
        withdrawnAt: null,
      })
      expect(
        (await post(server, path, owner, { day: '2026-03-02', amount: 2_000_00 })).status,
      ).toBe(201)
      for (const bad of [
        { day: '2026-03-02', amount: 0 },
        { day: '2026-03-02', amount: 1.5 },
        { day: '2026-03-02', amount: '100' },
        { day: '2026-03-02', amount: -5 },
        { day: '2026-02-30', amount: 1_00 },
        { day: '2099-01-01', amount: 1_00 },
        { day: '2026-03-02', amount: 1_00, note: 'x'.repeat(201) },
      ]) {
        expect((await post(server, path, owner, bad)).status, JSON.stringify(bad)).toBe(400)
      }
      // Only a collector of the caller's own book has a day book.
      const stranger = await newAccount(server)
      for (const memberId of [stranger.userId, partner.userId, owner.userId]) {
        const answer = await post(server, handoversPath(memberId), owner, {
          day: '2026-03-01',
          amount: 1_00,
        })
        expect(answer.status).toBe(404)
        expect((await api(server, handoversPath(memberId), owner.cookie)).status).toBe(404)
      }
      for (const who of [partner, collector, stranger]) {
        expect((await api(server, path, who.cookie)).status).toBe(404)
        const withdraw = await api(server, `${path}/${handover.id}`, who.cookie, {
          method: 'DELETE',
        })
        expect(withdraw.status).toBe(404)
      }

      const withdrawn = await api(server, `${path}/${handover.id}`, owner.cookie, {
        method: 'DELETE',
      })
      expect(withdrawn.status).toBe(204)
      expect(
        (await api(server, `${path}/${handover.id}`, owner.cookie, { method: 'DELETE' })).status,
      ).toBe(404)
      expect(
        (await api(server, `${path}/nothing`, owner.cookie, { method: 'DELETE' })).status,
      ).toBe(404)
      const listed = (await (await api(server, path, owner.cookie)).json()) as {
        handovers: Handover[]
      }
      expect(listed.handovers.map((h) => [h.day, h.amount, h.withdrawnAt !== null])).toEqual([
        ['2026-03-02', 2_000_00, false],
        ['2026-03-01', 1_500_00, true],
      ])
      // A removed collector's cash may still be handed over.
      expect((await removeMember(server, owner, collector.userId)).status).toBe(204)
      expect((await post(server, path, owner, { day: '2026-03-02', amount: 50_00 })).status).toBe(
        201,
      )
    },
  )
})

describe('a database made before the review', () => {
  afterAll(cleanup)

  it('gets the held deposits’ review columns when the server starts', async () => {
    const dataDir = tempDir()
    const old = new Database(path.join(dataDir, 'accounts.sqlite'))
    old.exec(`CREATE TABLE book_held_deposits (
      id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, member_id TEXT NOT NULL,
      received_at TEXT NOT NULL, deposits TEXT NOT NULL)`)
    old.close()
    const server = await startTestServer({ dataDir, env })
    const owner = await newAccount(server)
    const review = await api(server, `${MEMBERS_PATH}/review`, owner.cookie)
    expect(await review.json()).toEqual({ held: [], voidRequests: [] })
    const db = new Database(path.join(dataDir, 'accounts.sqlite'), { readonly: true })
    const columns = db.prepare('PRAGMA table_info(book_held_deposits)').all() as { name: string }[]
    db.close()
    expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['reviewed_at', 'review']))
  })
})
