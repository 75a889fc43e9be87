/**
 * A collector's receipts (issue 32): his phone numbers each deposit in a series of its own, kept
 * in IndexedDB (fake-indexeddb here) in the transaction that puts the deposit in his outbox. No
 * number is given twice, across reloads and two tabs at once, nor moved on by a deposit that was
 * not kept; the codes chain as the book checks them. And the book's check of a receipt given
 * elsewhere: only in a series no one else writes in, under a number no other record holds.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { readCollectedDeposit, type CollectedDeposit } from '../../shared/collect.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { issuingSeries } from '../../shared/receipts/issue.ts'
import { receiptRefusal, seriesOwners } from '../../shared/receipts/owners.ts'
import { readReceipt, type Receipt } from '../../shared/receipts/receipt.ts'
import { verifyBook } from '../../shared/receipts/verify.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { openCollectorStore } from '../../src/data/collect/collectorStore.ts'
import type { OutboxEntry } from '../../src/data/collect/outbox.ts'

const now = '2026-11-28T06:00:00.000Z'
let made = 0

function entry(loanIds: readonly string[], amount = 100_00): OutboxEntry {
  made += 1
  const deposit: CollectedDeposit = {
    depositId: made.toString(16).padStart(20, 'a'),
    date: '2026-11-28',
    createdAt: now,
    device: 'Phone',
    allocations: loanIds.map((loanId, index) => ({ loanId, amount: amount + index * 1_00 })),
  }
  return { deposit, personId: 'p', state: 'waiting' }
}

/** A book with one borrower and two loans, as the server holds it. */
function book(): { doc: Y.Doc; loans: [string, string] } {
  const doc = new Y.Doc()
  const personId = addPerson(
    doc,
    { name: 'Ravi', cityId: 'rampur', balance: 0, gender: 'male' },
    { now },
  )
  const terms = {
    personId,
    amount: 10_000_00,
    interestRate: 2,
    interestType: 'per_month' as const,
    startDate: '2026-09-01',
    dueDate: '2027-03-01',
    description: '',
  }
  return { doc, loans: [addLoan(doc, terms, { now }), addLoan(doc, terms, { now })] }
}

describe('a collector’s phone', () => {
  it('never gives one number twice, across reloads and two tabs, and its codes chain', async () => {
    const { doc, loans } = book()
    const kept: OutboxEntry[] = []
    // A day of visits: each a reload of the page (the store opened afresh) and a few deposits.
    for (let visit = 0; visit < 4; visit++) {
      const store = await openCollectorStore('munshi', 'owner-1')
      for (let n = 0; n < 3; n++) {
        kept.push(await store.addNumbered(entry(loans.slice(0, 1 + (n % 2)))))
      }
      store.close()
    }
    // Two tabs open at once, recording at the same moment.
    const [one, two] = await Promise.all([
      openCollectorStore('munshi', 'owner-1'),
      openCollectorStore('munshi', 'owner-1'),
    ])
    kept.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, n) => (n % 2 ? one : two).addNumbered(entry(loans))),
      )),
    )
    // Still the same outbox: what each tab kept is there once.
    const { outbox } = await one.read()
    one.close()
    two.close()
    expect(outbox).toHaveLength(kept.length)

    const receipts = kept.map((e) => readReceipt(e.deposit.receipt)!)
    expect(receipts.every((r) => r !== null)).toBe(true)
    expect(new Set(receipts.map((r) => r.series)).size).toBe(1)
    // One series, counted 1, 2, 3… with none given twice and none skipped.
    expect(receipts.map((r) => r.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: kept.length }, (_, n) => n + 1),
    )
    // Written into the book as the server writes them (an id of its own), every code checks.
    for (const { deposit } of kept) {
      const written = recordDeposit(
        doc,
        { date: deposit.date, allocations: deposit.allocations },
        { now, by: { account: 'munshi@example.com', device: 'Phone' }, receipt: deposit.receipt },
      )
      expect(written.ok).toBe(true)
    }
    const verified = verifyBook(doc)
    expect(verified.receipts).toHaveLength(kept.length)
    expect(verified.failing).toBe(0)
  })

  it('numbers in a series of its own per account and book', async () => {
    const series = async (user: string, owner: string) => {
      const store = await openCollectorStore(user, owner)
      const { deposit } = await store.addNumbered(entry(['loan']))
      store.close()
      return readReceipt(deposit.receipt)!
    }
    const first = await series('munshi', 'owner-2')
    const others = [await series('munshi', 'owner-3'), await series('other', 'owner-2')]
    expect(first.n).toBe(1)
    for (const other of others) expect(other.series).not.toBe(first.series)
    expect(await series('munshi', 'owner-2')).toMatchObject({ series: first.series, n: 2 })
  })

  it('moves its series on only with a deposit kept', async () => {
    const store = await openCollectorStore('munshi', 'owner-4')
    const first = await store.addNumbered(entry(['loan']))
    // The same deposit again cannot be added: neither it nor a number is kept.
    await expect(store.addNumbered(first)).rejects.toThrow()
    const next = await store.addNumbered(entry(['loan']))
    store.close()
    expect(readReceipt(next.deposit.receipt)).toMatchObject({
      series: readReceipt(first.deposit.receipt)!.series,
      n: 2,
    })
  })
})

describe('a receipt sent with a collected deposit', () => {
  const sent = {
    depositId: 'a'.repeat(20),
    date: '2026-11-28',
    createdAt: now,
    device: 'Phone',
    allocations: [{ loanId: 'loan', amount: 100_00 }],
  }

  it('is read when well-formed; a deposit with any other is not read at all', () => {
    expect(readCollectedDeposit(sent)).toEqual(sent)
    const receipt = 'ABCDEF.7.0123ABCD'
    expect(readCollectedDeposit({ ...sent, receipt })).toEqual({ ...sent, receipt })
    for (const bad of ['ABCDEF-7', 'ABCDEF.0.0123ABCD', 'abcdef.7.0123abcd', 7, null, '']) {
      expect(readCollectedDeposit({ ...sent, receipt: bad })).toBeNull()
    }
  })

  it('is taken only in a series no one else writes in, under a number no other record holds', () => {
    const { doc, loans } = book()
    const pay = (account: string | null, receipt?: string) =>
      recordDeposit(
        doc,
        { date: '2026-11-28', allocations: [{ loanId: loans[0], amount: 1_00 }] },
        { now, ...(account && { by: { account, device: 'Phone' } }), receipt },
      )
    const at = (series: string, n: number): Receipt => ({ series, n, code: 'ABCDEFGH' })
    const stored = (r: Receipt) => `${r.series}.${r.n}.${r.code}`
    pay(null) // the owner's, numbered in this session's series, naming no one
    pay('other@example.com', stored(at('THEM22', 1)))
    pay('munshi@example.com', stored(at('MNSH11', 1)))
    const ownerSeries = issuingSeries(doc)!
    const asked = [
      at('MNSH11', 2),
      at('NEW999', 1),
      at(ownerSeries, 2),
      at('THEM22', 2),
      at('SERVER', 1),
      at('MNSH11', 1),
    ]
    const owners = seriesOwners(doc, asked)
    expect(owners.owners).toEqual(
      new Map([
        [ownerSeries, new Set([''])],
        ['THEM22', new Set(['other@example.com'])],
        ['MNSH11', new Set(['munshi@example.com'])],
      ]),
    )
    // Only the numbers asked about are looked up.
    expect([...owners.numbers.keys()]).toEqual(['MNSH11.1'])
    const check = (r: Receipt, record = 'deposit:new') =>
      receiptRefusal(owners, r, 'munshi@example.com', record, 'SERVER')
    expect(asked.map((r) => check(r))).toEqual([
      null,
      null,
      'notYourSeries',
      'notYourSeries',
      'notYourSeries',
      'numberTaken',
    ])
    // The record that holds it already is not refused its own number.
    expect(check(at('MNSH11', 1), owners.numbers.get('MNSH11.1'))).toBeNull()
  })
})
