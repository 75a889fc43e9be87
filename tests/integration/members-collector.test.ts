/**
 * A collector (issue 31): he never opens the book itself. The server sends him a sheet of his
 * villages (no Aadhaar, nobody from elsewhere) and takes his deposits through an inbox it checks:
 * his villages' loans only, the deposit form's rules, each deposit once, named with him and his
 * device. Once removed, what he sends is held for the owner and counted nowhere.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollectorSheet } from '../../shared/collect.ts'
import { MEMBERS_PATH } from '../../shared/members.ts'
import { SYNC_PATH, userRoom } from '../../shared/protocol.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { cleanup, disconnect, startTestServer, waitFor, type TestServer } from './harness.ts'
import {
  AADHAAR,
  addMember,
  api,
  bookWithTwoVillages,
  deposit,
  env,
  newAccount,
  paymentsOf,
  removeMember,
  sendDeposits,
  sheetOf,
} from './members.ts'
import { storedRows, upgradeStatus } from './raw.ts'

describe('a collector', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env })
  })
  afterAll(cleanup)

  it('is sent his villages only, never an Aadhaar, and is not let into the book itself', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])

    const response = await sheetOf(server, owner, collector)
    expect(response.status).toBe(200)
    const text = await response.text()
    const sheet = JSON.parse(text) as CollectorSheet
    expect(sheet.villages).toEqual([{ id: book.rampur, name: `Rampur ${owner.userId}` }])
    expect(sheet.people.map((p) => p.name)).toEqual(['Ravi'])
    expect(sheet.loans.map((l) => [l.id, l.payments.length])).toEqual([[book.raviLoan, 1]])
    for (const secret of [AADHAAR.ravi, AADHAAR.meena, 'Meena', book.meena, book.meenaLoan]) {
      expect(text).not.toContain(secret)
    }
    expect(await upgradeStatus(server, userRoom(owner.userId), collector.cookie)).toBe(403)
    const download = await fetch(`${server.url}${SYNC_PATH}/${userRoom(owner.userId)}`, {
      headers: { cookie: collector.cookie, origin: server.url },
    })
    expect(download.status).toBe(403)
    // Nobody but a collector of the book gets a sheet.
    for (const who of [await newAccount(server), await addMember(server, owner, 'viewer')]) {
      expect((await sheetOf(server, owner, who)).status).toBe(403)
    }
    disconnect(book.own)
  })

  it('records his deposits in the book, named with him; refuses another village’s', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const mine = deposit(book.raviLoan, 300_00)
    const elsewhere = deposit(book.meenaLoan, 300_00)
    const future = deposit(book.raviLoan, 300_00, '2099-01-01')
    // The owner's deposit id, read off his sheet and sent back: his own deposit in the book.
    const ownersId = paymentsOf(book.own, book.raviLoan)[0]!.depositId
    const copied = { ...deposit(book.raviLoan, 1_00), depositId: ownersId }
    const answer = await sendDeposits(server, owner, collector, [
      mine,
      elsewhere,
      { junk: 1 },
      future,
      copied,
    ])
    expect(answer.status).toBe(200)
    const { outcomes } = (await answer.json()) as { outcomes: Record<string, unknown>[] }
    const inBook = (n: number) => String(outcomes[n]!.inBook)
    expect(outcomes).toEqual([
      { depositId: mine.depositId, outcome: 'recorded', inBook: expect.any(String) },
      { depositId: elsewhere.depositId, outcome: 'refused', reason: 'loan outside your villages' },
      { index: 2, outcome: 'refused', reason: 'malformed' },
      { depositId: future.depositId, outcome: 'refused', reason: 'futureDate' },
      { depositId: ownersId, outcome: 'recorded', inBook: expect.any(String) },
    ])
    expect(inBook(4)).not.toBe(ownersId)
    // Sent again (its answer lost on the way): recorded once.
    expect(await (await sendDeposits(server, owner, collector, [mine])).json()).toEqual({
      outcomes: [{ depositId: mine.depositId, outcome: 'already recorded', inBook: inBook(0) }],
    })
    await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 3, 'the deposits')
    const recorded = paymentsOf(book.own, book.raviLoan).find((p) => p.depositId === inBook(0))
    expect(recorded).toMatchObject({
      amount: 300_00,
      date: '2026-02-20',
      createdBy: { account: collector.email, device: 'Munshi phone' },
    })
    // The owner's deposit is as it was: one payment of ₹500 under its id.
    expect(
      paymentsOf(book.own, book.raviLoan)
        .filter((p) => p.depositId === ownersId)
        .map((p) => p.amount),
    ).toEqual([500_00])
    expect(paymentsOf(book.own, book.meenaLoan)).toHaveLength(1)
    disconnect(book.own)
  })

  it('once removed, has what he sends held for the owner, and counted nowhere', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const removed = await removeMember(server, owner, collector.userId)
    expect(removed.status).toBe(204)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const rowsBefore = storedRows(server, userRoom(owner.userId))

    const late = deposit(book.raviLoan, 200_00)
    const answer = await sendDeposits(server, owner, collector, [late])
    expect(answer.status).toBe(202)
    expect(await answer.json()).toEqual({
      outcomes: [{ depositId: late.depositId, outcome: 'held for review' }],
    })
    expect(storedRows(server, userRoom(owner.userId))).toBe(rowsBefore)
    expect(paymentsOf(book.own, book.raviLoan)).toHaveLength(1)
    const held = (await (await api(server, `${MEMBERS_PATH}/held`, owner.cookie)).json()) as {
      held: { email: string; deposits: unknown[] }[]
    }
    expect(held.held).toEqual([
      expect.objectContaining({ email: collector.email, deposits: [late] }),
    ])
    expect((await sheetOf(server, owner, collector)).status).toBe(403)
    // What a removed collector can leave on the server has a limit.
    const statuses = []
    for (let n = 0; n < 50; n++) {
      statuses.push(
        (await sendDeposits(server, owner, collector, [deposit(book.raviLoan, 1_00)])).status,
      )
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(49)
    expect(statuses.at(-1)).toBe(429)
    disconnect(book.own)
  })

  it('gets none of 1,000 random deposits into a loan outside his villages, or in any other form', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const before = readLender(book.own.doc)
    // Mostly well-formed, so that many get as far as the checks that matter; some not at all.
    const often = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<unknown>) =>
      fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: odd })
    const anyLoan = often(
      fc.constant(book.raviLoan),
      fc.constantFrom(book.meenaLoan, 'c'.repeat(20), '', 'ravi'),
    )
    const hex = fc.string({
      unit: fc.constantFrom(...'0123456789abcdef'),
      minLength: 20,
      maxLength: 20,
    })
    const anything = often(
      fc.record({
        depositId: often(hex, fc.string()),
        date: often(fc.constantFrom('2026-02-20', '2025-12-01', '2099-01-01'), fc.string()),
        createdAt: often(fc.constant('2026-02-20T10:30:00.000Z'), fc.string()),
        device: often(fc.constant('Munshi phone'), fc.constantFrom('', 'x'.repeat(41))),
        allocations: fc.array(
          fc.record({
            loanId: anyLoan,
            amount: often(
              fc.integer({ min: 1, max: 10_000_000 }),
              fc.oneof(fc.integer(), fc.double()),
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      fc.anything(),
    )
    const batches = fc.sample(fc.array(anything, { minLength: 10, maxLength: 10 }), {
      numRuns: 100,
      seed: 7,
    })
    let recorded = 0
    for (const batch of batches) {
      const answer = await sendDeposits(server, owner, collector, batch)
      expect([200, 400]).toContain(answer.status)
      if (answer.status !== 200) continue
      const { outcomes } = (await answer.json()) as { outcomes: { outcome: string }[] }
      recorded += outcomes.filter((o) => o.outcome === 'recorded').length
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    const after = readLender(book.own.doc)
    // Nothing but new payments on his village's loan, each named with him.
    expect(after.people).toEqual(before.people)
    expect(after.loans.map(({ payments: _p, ...loan }) => loan)).toEqual(
      before.loans.map(({ payments: _p, ...loan }) => loan),
    )
    expect(paymentsOf(book.own, book.meenaLoan)).toEqual(
      before.payments.filter((p) => p.loanId === book.meenaLoan),
    )
    const added = after.payments.filter((p) => !before.payments.some((q) => q.id === p.id))
    expect(added.length).toBeGreaterThan(0)
    for (const payment of added) {
      expect(payment.loanId).toBe(book.raviLoan)
      expect(payment.createdBy?.account).toBe(collector.email)
    }
    expect(new Set(added.map((p) => p.depositId)).size).toBe(recorded)
    disconnect(book.own)
  }, 120_000)
})
