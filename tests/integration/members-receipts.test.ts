/**
 * A collector's receipts (issue 32): his phone numbers each deposit offline in a series of its
 * own, and the book keeps that receipt as it is, inbox or held batch. A receipt in a series
 * someone else writes in (the owner's, another collector's, the server's) or under a number the
 * book holds already is refused and changes nothing; one from an older phone, with none, is
 * numbered by the server. The owner's book checks whole afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECT_REFUSALS } from '../../shared/collect.ts'
import { MEMBERS_PATH } from '../../shared/members.ts'
import { userRoom } from '../../shared/protocol.ts'
import { nextReceipt, startSeries, type SeriesState } from '../../shared/receipts/issue.ts'
import { readReceipt, storeReceipt } from '../../shared/receipts/receipt.ts'
import { readRefusedReceipts } from '../../shared/receipts/refused.ts'
import { verifyBook } from '../../shared/receipts/verify.ts'
import { cleanup, disconnect, startTestServer, waitFor, type TestServer } from './harness.ts'
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
import { storedRows } from './raw.ts'

type Sent = ReturnType<typeof deposit> & { receipt?: string }
type Outcome = { depositId: string; outcome: string; inBook?: string; reason?: string }

/** A phone's series: each deposit numbered after the last, as `numberDeposit` does. */
function phone(state: SeriesState = startSeries()) {
  return (sent: Sent): Sent => {
    state = nextReceipt(state, {
      kind: 'deposit',
      id: sent.depositId,
      date: sent.date,
      payments: sent.allocations,
    })
    return { ...sent, receipt: storeReceipt(state) }
  }
}

/** The series and number of `stored` (a receipt the book holds), to give one after it. */
function after(stored: string | undefined): SeriesState {
  const receipt = readReceipt(stored)
  expect(receipt).not.toBeNull()
  return receipt!
}

describe('a collector’s receipts', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env })
  })
  afterAll(cleanup)

  it('land in the book as his phone gave them; another’s series or a taken number is refused', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const other = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const his = phone()
    const first = his(deposit(book.raviLoan, 300_00))
    const second = his(deposit(book.raviLoan, 200_00))
    // Sent newest first, as his outbox lists them: the chain does not depend on the order.
    const answer = await sendDeposits(server, owner, collector, [second, first])
    expect(answer.status).toBe(200)
    const recorded = ((await answer.json()) as { outcomes: Outcome[] }).outcomes
    expect(recorded.map((o) => o.outcome)).toEqual(['recorded', 'recorded'])
    await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 3, 'his deposits')
    const receiptOf = (inBook: string | undefined) =>
      paymentsOf(book.own, book.raviLoan).find((p) => p.depositId === inBook)?.receipt
    expect(receiptOf(recorded[0]!.inBook)).toBe(second.receipt)
    expect(receiptOf(recorded[1]!.inBook)).toBe(first.receipt)

    const owners = paymentsOf(book.own, book.raviLoan)[0]!
    const rows = storedRows(server, userRoom(owner.userId))
    const refused = [
      // The owner's series, its next number: the owner's own next deposit would repeat it.
      phone(after(owners.receipt))(deposit(book.raviLoan, 100_00)),
      // His number 1 again, on another deposit (another tab that lost its state, a bad phone).
      phone(startSeries(after(first.receipt).series))(deposit(book.raviLoan, 150_00)),
    ]
    // Another collector in his series.
    const theirs = phone(after(second.receipt))(deposit(book.raviLoan, 100_00))
    const answers = [
      await sendDeposits(server, owner, collector, refused),
      await sendDeposits(server, owner, other, [theirs]),
    ]
    const outcomes = []
    for (const a of answers) {
      expect(a.status).toBe(200)
      outcomes.push(...((await a.json()) as { outcomes: Outcome[] }).outcomes)
    }
    expect(outcomes).toEqual([
      {
        depositId: refused[0]!.depositId,
        outcome: 'refused',
        reason: COLLECT_REFUSALS.notYourSeries,
      },
      {
        depositId: refused[1]!.depositId,
        outcome: 'refused',
        reason: COLLECT_REFUSALS.numberTaken,
      },
      { depositId: theirs.depositId, outcome: 'refused', reason: COLLECT_REFUSALS.notYourSeries },
    ])
    // Nothing was written: the room stored nothing more.
    expect(storedRows(server, userRoom(owner.userId))).toBe(rows)

    // An older phone's deposit, with no receipt, is numbered by the server; his series goes on.
    const older = deposit(book.raviLoan, 50_00)
    const third = his(deposit(book.raviLoan, 250_00))
    const more = await sendDeposits(server, owner, collector, [older, third])
    const [byServer, byPhone] = ((await more.json()) as { outcomes: Outcome[] }).outcomes
    expect([byServer!.outcome, byPhone!.outcome]).toEqual(['recorded', 'recorded'])
    await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 5, 'the later deposits')
    const serverReceipt = readReceipt(receiptOf(byServer!.inBook))
    expect(serverReceipt).not.toBeNull()
    expect(serverReceipt!.series).not.toBe(after(first.receipt).series)
    expect(receiptOf(byPhone!.inBook)).toBe(third.receipt)
    // The series the server gives out in is not his, though only his deposit is in it yet.
    const squatted = phone(serverReceipt!)(deposit(book.raviLoan, 75_00))
    expect(
      (
        (await (await sendDeposits(server, owner, collector, [squatted])).json()) as {
          outcomes: Outcome[]
        }
      ).outcomes,
    ).toEqual([
      { depositId: squatted.depositId, outcome: 'refused', reason: COLLECT_REFUSALS.notYourSeries },
    ])

    const verified = verifyBook(book.own.doc)
    // The owner's two, his three, the server's one.
    expect(verified.receipts).toHaveLength(6)
    expect(verified.missing).toEqual([])
    expect(verified.failing).toBe(0)
    disconnect(book.own)
  })

  it('keep a removed collector’s receipts when the owner accepts his held batch', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const his = phone()
    const before = his(deposit(book.raviLoan, 300_00))
    expect((await sendDeposits(server, owner, collector, [before])).status).toBe(200)
    expect((await removeMember(server, owner, collector.userId)).status).toBe(204)
    const late = [his(deposit(book.raviLoan, 200_00)), his(deposit(book.raviLoan, 100_00))]
    expect((await sendDeposits(server, owner, collector, late)).status).toBe(202)

    const { held } = (await (await api(server, `${MEMBERS_PATH}/held`, owner.cookie)).json()) as {
      held: { id: string }[]
    }
    const accepted = await api(server, `${MEMBERS_PATH}/held/${held[0]!.id}`, owner.cookie, {
      method: 'POST',
      body: { accept: true },
    })
    expect(accepted.status).toBe(200)
    const { outcomes } = (await accepted.json()) as { outcomes: Outcome[] }
    expect(outcomes.map((o) => o.outcome)).toEqual(['recorded', 'recorded'])
    await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 4, 'the held deposits')
    const receipts = outcomes.map(
      (o) => paymentsOf(book.own, book.raviLoan).find((p) => p.depositId === o.inBook)?.receipt,
    )
    expect(receipts).toEqual(late.map((d) => d.receipt))
    expect(verifyBook(book.own.doc).failing).toBe(0)
    disconnect(book.own)
  })

  it('keep the receipt of a deposit the server refused or the owner dismissed, so his series still verifies', async () => {
    const owner = await newAccount(server)
    const book = await bookWithTwoVillages(server, owner)
    const collector = await addMember(server, owner, 'collector', undefined, [book.rampur])
    const his = phone()
    // Meena is in Sitapur, not his village: his second receipt is for a deposit refused.
    const sent = [
      his(deposit(book.raviLoan, 300_00)),
      his(deposit(book.meenaLoan, 200_00)),
      his(deposit(book.raviLoan, 100_00)),
    ]
    const answer = await sendDeposits(server, owner, collector, sent)
    const { outcomes } = (await answer.json()) as { outcomes: Outcome[] }
    expect(outcomes.map((o) => o.outcome)).toEqual(['recorded', 'refused', 'recorded'])
    await waitFor(() => readRefusedReceipts(book.own.doc).length === 1, 'the refused receipt')
    await waitFor(() => paymentsOf(book.own, book.raviLoan).length === 3, 'his deposits')
    let verified = verifyBook(book.own.doc)
    // Without the refused one kept, his third would follow a missing number.
    expect(verified.missing).toEqual([])
    expect(verified.failing).toBe(0)
    expect(verified.refused.map((r) => [r.stored, r.refused, r.amount, r.by])).toEqual([
      [sent[1]!.receipt, 'outside', 200_00, collector.email],
    ])
    // Meena's loan is untouched: the refused deposit is in no figure.
    expect(paymentsOf(book.own, book.meenaLoan)).toHaveLength(1)

    // Removed, his next is held; the owner dismisses it: its receipt is kept too.
    expect((await removeMember(server, owner, collector.userId)).status).toBe(204)
    const late = his(deposit(book.raviLoan, 50_00))
    expect((await sendDeposits(server, owner, collector, [late])).status).toBe(202)
    const { held } = (await (await api(server, `${MEMBERS_PATH}/held`, owner.cookie)).json()) as {
      held: { id: string }[]
    }
    const dismissed = await api(server, `${MEMBERS_PATH}/held/${held[0]!.id}`, owner.cookie, {
      method: 'POST',
      body: { accept: false },
    })
    expect(dismissed.status).toBe(200)
    await waitFor(() => readRefusedReceipts(book.own.doc).length === 2, 'the dismissed receipt')
    verified = verifyBook(book.own.doc)
    expect(verified.failing).toBe(0)
    expect(verified.refused.map((r) => r.refused).sort()).toEqual(['dismissed', 'outside'])
    expect(paymentsOf(book.own, book.raviLoan)).toHaveLength(3)
    disconnect(book.own)
  })
})
