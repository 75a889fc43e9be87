/**
 * Deposits (shared/deposit/): a deposit read back is the deposit recorded, whatever its ids and
 * timestamps look like, as text (layout 3) or as an array (layout 2); a malformed record hides
 * nothing else; and a layout-1 or layout-2 book moved to this layout reads exactly as it did,
 * once, even when two devices move it at the same time.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { epochDay } from '../../shared/dates.ts'
import { MAX_PAISE } from '../../shared/money.ts'
import { packDeposit, unpackDeposit } from '../../shared/deposit/codec.ts'
import { depositLog, eachLog, readPayments } from '../../shared/deposit/log.ts'
import { metaMap } from '../../shared/schema/doc.ts'
import { paymentsMap } from '../../shared/schema/layouts/oldForms.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { recordDeposit, recordDeposits } from '../../shared/deposit/writer.ts'
import { addPerson } from '../../shared/schema/person.ts'

const NOW = '2026-03-01T10:15:30.123Z'
const by = { account: 'lender@example.com', device: 'Phone' }

/** Every record of every log of `doc`, the actors' and `deposits`. */
function records(doc: Y.Doc): unknown[] {
  return eachLog(doc).flatMap(([log]) => log.toArray())
}

function bookWithLoans(): Y.Doc {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  addPerson(
    doc,
    { name: 'Asha', cityId: 'c1', balance: 0, gender: 'female' },
    { now: NOW, id: 'p1' },
  )
  for (const id of ['3f9a1c0b2d4e6f708192', 'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2c']) {
    addLoan(
      doc,
      {
        personId: 'p1',
        amount: 1_000_000,
        interestRate: 2,
        interestType: 'per_month',
        startDate: '2025-01-01',
        dueDate: '2025-12-31',
        description: '',
      },
      { now: NOW, id },
    )
  }
  return doc
}

describe('the deposit log', () => {
  it('gives back every field of a deposit, with old UUID ids and odd timestamps as they were', () => {
    const deposit = {
      depositId: 'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2d',
      date: '2025-02-28',
      createdAt: '2025-02-28T10:00:00Z', // no milliseconds: kept as the string it is
      description: 'Paid at the shop',
      createdBy: by,
      payments: [
        { id: 'x1', loanId: '3f9a1c0b2d4e6f708192', amount: 12_345 },
        { id: 'x2', loanId: 'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2c', amount: 1 },
      ],
    }
    const [first, second] = unpackDeposit(packDeposit(deposit))
    const shared = {
      depositId: deposit.depositId,
      date: '2025-02-28',
      description: 'Paid at the shop',
      createdAt: '2025-02-28T10:00:00Z',
      createdBy: by,
    }
    expect(first).toEqual({ ...shared, id: 'x1', loanId: '3f9a1c0b2d4e6f708192', amount: 12_345 })
    expect(second).toEqual({
      ...shared,
      id: 'x2',
      loanId: 'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2c',
      amount: 1,
    })
  })

  it('gives back every timestamp and loan id exactly, from the year 0001 to the year 9999', () => {
    // Stored as milliseconds and written back as text by the reader's own formatter.
    const times = [
      '1960-07-15T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2024-02-29T12:00:00.001Z',
      '2026-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999Z',
      '0001-01-01T00:00:00.000Z',
      '1066-10-14T09:00:00.000Z',
    ]
    for (let n = 0; n < 2_000; n++) {
      times.push(new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 4e12)).toISOString())
    }
    // Two loan ids alike in their first six bytes: found by bytes, neither stands in for the other.
    const loans = ['3f9a1c0b2d4e00000001', '3f9a1c0b2d4e00000002', '3f9a1c0b2d4e00000001']
    for (const [n, createdAt] of times.entries()) {
      const loanId = loans[n % loans.length]!
      // A new id puts the deposit in text; an old one in layout 2's array.
      for (const depositId of [n.toString(16).padStart(20, '0'), `d${n}`]) {
        const deposit = {
          depositId,
          date: '2025-02-28',
          createdAt,
          description: 'Deposit payment',
          payments: [{ id: `${depositId}-0`, loanId, amount: 100 }],
        }
        const [payment] = unpackDeposit(packDeposit(deposit))
        expect([payment?.createdAt, payment?.loanId, payment?.depositId]).toEqual([
          createdAt,
          loanId,
          depositId,
        ])
      }
    }
  })

  it('writes a deposit with new ids as one line of text, and reads every field back', () => {
    const deposit = {
      depositId: 'ffffffffffffffffffff',
      date: '1969-12-31', // before the epoch: a negative day
      createdAt: '2026-03-01T10:15:30.123Z',
      description: 'Paid, with a note\nover two lines, and a comma',
      createdBy: by,
      payments: [
        { id: 'import-1', loanId: '00000000000000000000', amount: 1 },
        { id: 'import-2', loanId: '3f9a1c0b2d4e6f708192', amount: MAX_PAISE },
      ],
    }
    const record = packDeposit(deposit)
    expect(typeof record).toBe('string')
    const payments = unpackDeposit(record)
    expect(payments).toEqual(
      deposit.payments.map((payment) => ({
        ...payment,
        depositId: deposit.depositId,
        date: deposit.date,
        createdAt: deposit.createdAt,
        description: deposit.description,
        createdBy: by,
      })),
    )
    // Without the extras: ids derived from the deposit's, the default description, no actor.
    const plain = packDeposit({ ...deposit, description: 'Deposit payment', createdBy: undefined })
    expect(plain).toMatch(/^[\w-]{14},[0-9a-z-]+,[0-9a-z]+,[\w-]{14},1,[\w-]{14},[0-9a-z]+\n/)
    const bare = packDeposit({
      ...deposit,
      description: 'Deposit payment',
      createdBy: undefined,
      payments: [{ id: 'ffffffffffffffffffff-0', loanId: '00000000000000000000', amount: 1 }],
    })
    expect(bare).not.toContain('\n')
    expect(unpackDeposit(bare)).toEqual([
      {
        id: 'ffffffffffffffffffff-0',
        loanId: '00000000000000000000',
        depositId: 'ffffffffffffffffffff',
        date: '1969-12-31',
        amount: 1,
        description: 'Deposit payment',
        createdAt: deposit.createdAt,
      },
    ])
  })

  it('reads back the receipt and the derived ids exactly, whatever characters the receipt holds', () => {
    // The reader keeps a receipt as a piece of the record where it can: one that JSON writes
    // with escapes (a quote, a backslash, a newline) must still come back as written.
    for (const receipt of ['K7Q2MX.12.7H3KQ9ZD', 'A"B\\C\nD,E.1.Z', 'r', 'K7Q2MX.12']) {
      const deposit = {
        depositId: '0123456789abcdef0123',
        date: '2026-03-01',
        createdAt: '2026-03-01T10:15:30.123Z',
        description: 'Deposit payment',
        receipt,
        payments: [
          { id: '0123456789abcdef0123-0', loanId: '00000000000000000000', amount: 100 },
          { id: '0123456789abcdef0123-1', loanId: '3f9a1c0b2d4e6f708192', amount: 200 },
        ],
      }
      const payments = unpackDeposit(packDeposit(deposit))
      expect(payments.map(({ id, depositId, receipt }) => ({ id, depositId, receipt }))).toEqual([
        { id: '0123456789abcdef0123-0', depositId: '0123456789abcdef0123', receipt },
        { id: '0123456789abcdef0123-1', depositId: '0123456789abcdef0123', receipt },
      ])
    }
  })

  it('never takes an old id that looks like text for the new id that text stands for', () => {
    const old = 'AAAAAAAAAAAAAB' // any string was an id before layout 2
    const asOf = (loanId: string, depositId: string) =>
      unpackDeposit(
        packDeposit({
          depositId,
          date: '2025-02-28',
          createdAt: NOW,
          description: 'Deposit payment',
          payments: [{ id: `${depositId}-0`, loanId, amount: 100 }],
        }),
      )[0]?.loanId
    expect(asOf(old, 'd-old')).toBe(old)
    // The same fourteen characters in a text record are the new id `00…01`.
    expect(asOf('00000000000000000001', 'ffffffffffffffffffff')).toBe('00000000000000000001')
    expect(
      packDeposit({
        depositId: 'ffffffffffffffffffff',
        date: '2025-02-28',
        createdAt: NOW,
        description: 'Deposit payment',
        payments: [{ id: 'ffffffffffffffffffff-0', loanId: '00000000000000000001', amount: 1 }],
      }),
    ).toContain(`,${old},`)
  })

  it('tells apart loan ids whose text differs only in its first bits, read once or again', () => {
    // The reader keeps every loan id it has read and finds it again by its text: these three
    // share their last 30 bits and differ only before.
    const loanIds = ['00000000000000000001', '00000000004000000001', '80000000000000000001']
    const record = packDeposit({
      depositId: 'ffffffffffffffffffff',
      date: '2025-02-28',
      createdAt: NOW,
      description: 'Deposit payment',
      payments: loanIds.map((loanId, index) => ({
        id: `ffffffffffffffffffff-${index}`,
        loanId,
        amount: 100 + index,
      })),
    })
    for (let read = 0; read < 2; read++) {
      expect(unpackDeposit(record).map((p) => [p.loanId, p.amount])).toEqual([
        [loanIds[0], 100],
        [loanIds[1], 101],
        [loanIds[2], 102],
      ])
    }
  })

  it('stores a new deposit in a few dozen bytes, not a map entry per payment', () => {
    const doc = bookWithLoans()
    const before = Y.encodeStateAsUpdate(doc).byteLength
    for (let i = 0; i < 100; i++) {
      const result = recordDeposit(
        doc,
        {
          date: '2025-03-01',
          allocations: [{ loanId: '3f9a1c0b2d4e6f708192', amount: 5_000 + i }],
        },
        { now: NOW },
      )
      expect(result.ok).toBe(true)
    }
    const perDeposit = (Y.encodeStateAsUpdate(doc).byteLength - before) / 100
    // About 50, and a receipt's number and code (`"r":"K7Q2MX.12.7H3KQ9ZD"`) 26 more.
    expect(perDeposit).toBeLessThan(80)
    expect(paymentsMap(doc).size).toBe(0)
    const payments = readLender(doc).payments
    expect(payments).toHaveLength(100)
    expect(payments[0]).toMatchObject({
      date: '2025-03-01',
      createdAt: NOW,
      description: 'Deposit payment',
      loanId: '3f9a1c0b2d4e6f708192',
    })
  })

  it('takes many deposits in one insert, or none of them when one is refused', () => {
    const doc = bookWithLoans()
    const loanId = '3f9a1c0b2d4e6f708192'
    const deposit = (amount: number) => ({
      deposit: { date: '2025-03-01', allocations: [{ loanId, amount }] },
      opts: { now: NOW },
    })
    expect(recordDeposits(doc, [deposit(100), deposit(-1), deposit(300)])).toEqual({
      ok: false,
      index: 1,
      reason: 'invalidAllocation',
    })
    expect(depositLog(doc).length).toBe(0)
    expect(recordDeposits(doc, [deposit(100), deposit(200), deposit(300)])).toEqual({ ok: true })
    expect(
      readLender(doc)
        .payments.map((p) => p.amount)
        .sort(),
    ).toEqual([100, 200, 300])
  })

  it('skips a malformed record whole and reads the rest', () => {
    const doc = bookWithLoans()
    recordDeposit(
      doc,
      { date: '2025-03-01', allocations: [{ loanId: '3f9a1c0b2d4e6f708192', amount: 700 }] },
      { now: NOW },
    )
    const good = packDeposit({
      depositId: '0123456789abcdef0123',
      date: '2025-03-01',
      createdAt: NOW,
      description: 'Deposit payment',
      payments: [{ id: 'x', loanId: '3f9a1c0b2d4e6f708192', amount: 5 }],
    }) as string
    const [head, tail] = [good.split('\n')[0] as string, good.slice(good.indexOf('\n'))]
    depositLog(doc).push([
      'not a record',
      good.replace(/^./, '_'), // a first character past the id's 80 bits
      good.replace(/^(.{14}),/, '$1!,'), // an id of 15 characters
      good.replace(',5\n', ',5.5\n'), // an amount that is not a whole number
      good.replace(',5\n', ',-5\n'), // a negative amount
      good.replace(',5\n', ',5,\n'), // a loan without an amount
      `${head}\n{"ids":["x"]`, // extra that is not JSON
      `${head}\nnull`,
      `${head}\n["x"]`,
      `${head}\n{"r":"a\u0001b"}`, // a receipt with a control character JSON refuses
      `${head}\n{"r":"a"}}`, // a receipt and more than JSON
      good.replace(tail, '\n{"ids":["x","y"]}'), // ids for two payments, one payment
      good.replace(/,[0-9a-z]+,/, ',zzzzzzzzzzzz,'), // a day past the safe integers
      ['d1', 20_000, 0, null, 'l1'], // a loan without an amount
      ['d2', 20_000, 0, null, 'l1', -5], // a negative amount
      ['d3', 'day', 0, null, 'l1', 5],
      ['d4', 20_000, 0, [], 'l1', 5],
      ['d5', 20_000, 0, { ids: ['only one'] }, 'l1', 5, 'l2', 6],
    ])
    expect([...readPayments(doc).values()].map((p) => p.amount)).toEqual([700])
    expect(unpackDeposit(good)).toHaveLength(1) // what the broken ones were made from
  })
})

describe('moving a layout-1 book into the log', () => {
  /** A book as the old app left it: payments in the map, version 1. */
  function layoutOne(): Y.Doc {
    const doc = bookWithLoans()
    metaMap(doc).set('schemaVersion', 1)
    const write = (id: string, fields: Record<string, unknown>) =>
      paymentsMap(doc).set(id, {
        depositId: 'dep-a',
        date: '2025-02-01',
        description: 'Deposit payment',
        createdAt: '2025-02-01T09:00:00.000Z',
        ...fields,
      })
    write('pay-1', { loanId: '3f9a1c0b2d4e6f708192', amount: 30_000, createdBy: by })
    write('pay-2', {
      loanId: 'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2c',
      amount: 20_000,
      createdBy: by,
    })
    write('pay-3', {
      loanId: '3f9a1c0b2d4e6f708192',
      depositId: 'dep-b',
      amount: 9_999,
      description: 'Cash',
      createdAt: '2025-04-01T09:00:00Z',
    })
    paymentsMap(doc).set('broken', { loanId: 'x', amount: 'lots' })
    return doc
  }

  it('reads the same book after, keeps what it cannot read, and stamps the version once', () => {
    const doc = layoutOne()
    const before = readLender(doc)
    expect(before.payments).toHaveLength(3)
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    expect(readLender(doc)).toEqual(before)
    expect([...paymentsMap(doc).keys()]).toEqual(['broken'])
    // Two deposits, two records; pay-1 and pay-2 share one, in the log of who recorded them.
    expect(records(doc)).toHaveLength(2)
    expect(depositLog(doc).length).toBe(1)

    // Once: a later layout-1 payment (an old device, offline) is read where it is, not moved.
    paymentsMap(doc).set('pay-4', {
      loanId: '3f9a1c0b2d4e6f708192',
      depositId: 'dep-c',
      date: '2025-05-01',
      amount: 100,
      createdAt: NOW,
    })
    initLenderDoc(doc)
    expect(paymentsMap(doc).has('pay-4')).toBe(true)
    expect(readLender(doc).payments.map((p) => p.id)).toEqual(['pay-1', 'pay-2', 'pay-3', 'pay-4'])
  })

  it('counts each payment once when two devices move the same book at the same time', () => {
    const original = layoutOne()
    const before = readLender(original)
    const a = new Y.Doc()
    const b = new Y.Doc()
    Y.applyUpdate(a, Y.encodeStateAsUpdate(original))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(original))
    initLenderDoc(a)
    initLenderDoc(b)
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(records(a)).toHaveLength(4) // both devices' copies
    expect(readLender(a)).toEqual(before)
    expect(readLender(b)).toEqual(before)
  })

  it('leaves a book from a newer app alone', () => {
    const doc = layoutOne()
    metaMap(doc).set('schemaVersion', SCHEMA_VERSION + 1)
    initLenderDoc(doc)
    expect(paymentsMap(doc).size).toBe(4)
    expect(depositLog(doc).length).toBe(0)
  })
})

describe('moving a layout-2 book to text', () => {
  const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16))
  const LOAN = '3f9a1c0b2d4e6f708192'
  const day = epochDay('2025-02-01')
  const ms = Date.parse(NOW)

  /** A book as layout 2 left it: records as arrays, ids as bytes where they were new ones. */
  function layoutTwo(): Y.Doc {
    const doc = bookWithLoans()
    metaMap(doc).set('schemaVersion', 2)
    depositLog(doc).push([
      // Text holds these two.
      [bytes('bbbbbbbbbbbbbbbbbbbb'), day, ms, null, bytes(LOAN), 9_999],
      [
        bytes('dddddddddddddddddddd'),
        day,
        ms,
        { note: 'Cash, at the shop', by, ids: ['import-1', 'import-2'] },
        bytes(LOAN),
        800,
        bytes(LOAN),
        1,
      ],
      // Text cannot hold these: an old loan id, a time to the second, an old deposit id.
      [
        bytes('aaaaaaaaaaaaaaaaaaaa'),
        day,
        ms,
        { by },
        bytes(LOAN),
        30_000,
        'b5c2e1a8-2f4d-4a7e-9c1b-0d3e5f7a9b2c',
        20_000,
      ],
      [bytes('cccccccccccccccccccc'), day, '2025-04-01T09:00:00Z', null, bytes(LOAN), 500],
      ['dep-e', day, ms, null, bytes(LOAN), 700],
      ['broken'],
    ])
    return doc
  }

  it('reads the same book after, keeps what text cannot hold, and stamps the version once', () => {
    const doc = layoutTwo()
    const before = readLender(doc)
    expect(before.payments).toHaveLength(7)
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    expect(readLender(doc)).toEqual(before)
    const moved = records(doc)
    expect(moved).toHaveLength(6)
    expect(moved.filter((record) => typeof record === 'string')).toHaveLength(2)
    expect(moved).toContainEqual(['broken'])

    // Once: a later layout-2 record (an old device, offline) stays as it came.
    depositLog(doc).push([[bytes('eeeeeeeeeeeeeeeeeeee'), day, ms, null, bytes(LOAN), 1]])
    initLenderDoc(doc)
    expect(records(doc).filter(Array.isArray)).toHaveLength(5)
    expect(readLender(doc).payments).toHaveLength(8)
  })

  it('counts each payment once when two devices move the same book at the same time', () => {
    const original = layoutTwo()
    const before = readLender(original)
    const a = new Y.Doc()
    const b = new Y.Doc()
    Y.applyUpdate(a, Y.encodeStateAsUpdate(original))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(original))
    initLenderDoc(a)
    initLenderDoc(b)
    // Meanwhile a third device, still on layout 2, records a deposit.
    depositLog(original).push([[bytes('ffffffffffffffffffff'), day, ms, null, bytes(LOAN), 2]])
    for (const update of [b, original].map((doc) => Y.encodeStateAsUpdate(doc))) {
      Y.applyUpdate(a, update)
    }
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(records(a)).toHaveLength(13) // both devices' copies, and the third device's record
    const after = readLender(a)
    expect(after.payments).toHaveLength(8)
    expect(after.payments.filter((p) => p.depositId !== 'ffffffffffffffffffff')).toEqual(
      before.payments,
    )
    expect(readLender(b)).toEqual(after)
  })
})
