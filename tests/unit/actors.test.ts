/**
 * Layout 4: who wrote what is written once. A deposit sits in its actor's log and names no one
 * itself; people and loans name their actors by key. The book reads exactly as before, devices
 * apart never lose each other's deposits, and a layout-3 book moves over once, losing nothing.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { actorKey, actorsMap } from '../../shared/schema/actors.ts'
import { actorLogs, depositLog, eachLog } from '../../shared/deposit/log.ts'
import { loansMap, metaMap, peopleMap } from '../../shared/schema/doc.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson, updatePerson } from '../../shared/schema/person.ts'
import { writeLayoutThreeBook } from '../fixtures/layoutThree.ts'
import { exampleLoanInput } from './bookFacts.ts'

const NOW = '2026-03-01T10:15:30.123Z'
const LATER = '2026-03-02T08:00:00.000Z'
const phone = { account: 'lender@example.com', device: 'Lender’s phone' }
const tablet = { account: 'lender@example.com', device: 'Tablet' }
const LOAN = '3f9a1c0b2d4e6f708192'

function book(by = phone): Y.Doc {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  addPerson(
    doc,
    { name: 'Asha', cityId: 'c1', balance: 0, gender: 'female' },
    { now: NOW, id: 'p1', by },
  )
  addLoan(doc, exampleLoanInput(), { now: NOW, id: LOAN, by })
  return doc
}

function deposit(doc: Y.Doc, amount: number, by = phone): void {
  const result = recordDeposit(
    doc,
    { date: '2025-03-01', allocations: [{ loanId: LOAN, amount }] },
    { now: NOW, by },
  )
  expect(result.ok).toBe(true)
}

function records(doc: Y.Doc): unknown[] {
  return eachLog(doc).flatMap(([log]) => log.toArray())
}

describe('actors written once', () => {
  it('keeps a deposit in its actor’s log, naming no one in the record, and reads who recorded it', () => {
    const doc = book()
    const before = Y.encodeStateAsUpdate(doc).byteLength
    for (let i = 1; i <= 100; i++) deposit(doc, i * 100)
    // As cheap as a deposit that names no one (see deposits.test.ts), where the actor written
    // out cost 67 bytes more.
    expect((Y.encodeStateAsUpdate(doc).byteLength - before) / 100).toBeLessThan(80)
    expect(depositLog(doc).length).toBe(0)
    expect(actorLogs(doc).size).toBe(1)
    const stored = records(doc)
    expect(stored).toHaveLength(100)
    expect(stored.filter((record) => String(record).includes('lender@'))).toEqual([])
    const { payments } = readLender(doc)
    expect(payments).toHaveLength(100)
    expect(payments.every((p) => p.createdBy?.device === 'Lender’s phone')).toBe(true)
  })

  it('names each person’s and loan’s actors by one key per actor', () => {
    const doc = book()
    updatePerson(doc, 'p1', { name: 'Asha Devi' }, { now: LATER, by: tablet })
    updateLoan(doc, LOAN, { amount: 900_000 }, { now: LATER })
    expect([...actorsMap(doc).values()]).toEqual([phone, tablet])
    const person = peopleMap(doc).get('p1') as Y.Map<unknown>
    expect(person.get('createdBy')).toBe(actorKey(doc, phone))
    expect(person.get('updatedBy')).toBe(actorKey(doc, tablet))
    const { people, loans } = readLender(doc)
    expect(people[0]).toMatchObject({ createdBy: phone, updatedBy: tablet, updatedAt: LATER })
    // Changed by no one named: the loan names no one for it, not whoever created it.
    expect(loans[0]?.createdBy).toEqual(phone)
    expect(loans[0]?.updatedBy).toBeUndefined()

    // Unchanged since created, a loan is changed last by whoever created it, not written twice.
    addLoan(
      doc,
      {
        personId: 'p1',
        amount: 5_000,
        interestRate: 1,
        interestType: 'per_month',
        startDate: '2025-02-01',
        dueDate: '2025-12-31',
        description: '',
      },
      { now: LATER, id: 'l2', by: tablet },
    )
    expect((loansMap(doc).get('l2') as Y.Map<unknown>).has('updatedBy')).toBe(false)
    expect(readLender(doc).loans[1]).toMatchObject({ createdBy: tablet, updatedBy: tablet })
  })

  it('passes over a key another actor holds', () => {
    const taken = actorKey(book(), phone)
    const doc = new Y.Doc()
    initLenderDoc(doc)
    actorsMap(doc).set(taken, tablet)
    const key = actorKey(doc, phone)
    expect(key).not.toBe(taken)
    expect(actorsMap(doc).get(taken)).toEqual(tablet)
    expect(actorsMap(doc).get(key)).toEqual(phone)
    expect(actorKey(doc, phone)).toBe(key)
  })

  it('keeps both logs of one actor started on two devices apart, and appends to one after', () => {
    const base = Y.encodeStateAsUpdate(book())
    const [a, b] = [new Y.Doc(), new Y.Doc()]
    Y.applyUpdate(a, base)
    Y.applyUpdate(b, base)
    deposit(a, 100)
    deposit(b, 200)
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(actorLogs(a).size).toBe(2)
    expect(
      readLender(a)
        .payments.map((p) => p.amount)
        .sort(),
    ).toEqual([100, 200])
    expect(readLender(b)).toEqual(readLender(a))
    deposit(a, 300, phone)
    deposit(a, 400, tablet)
    expect(actorLogs(a).size).toBe(3) // the phone's two, and the tablet's new one
    const payments = readLender(a).payments.sort((x, y) => x.amount - y.amount)
    expect(payments.map((p) => [p.amount, p.createdBy?.device])).toEqual([
      [100, 'Lender’s phone'],
      [200, 'Lender’s phone'],
      [300, 'Lender’s phone'],
      [400, 'Tablet'],
    ])
  })
})

describe('moving a layout-3 book to layout 4', () => {
  function layoutThree(): Y.Doc {
    const doc = new Y.Doc()
    writeLayoutThreeBook(doc, 4)
    return doc
  }

  it('reads the same book after, smaller, with every actor written once, and moves once', () => {
    const doc = layoutThree()
    const before = readLender(doc)
    const bytesBefore = Y.encodeStateAsUpdate(doc).byteLength
    expect(before.payments.length).toBeGreaterThan(24)
    expect(before.people.every((p) => p.createdBy && p.updatedBy)).toBe(true)
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    expect(readLender(doc)).toEqual(before)
    expect(depositLog(doc).length).toBe(0)
    expect(records(doc)).toHaveLength(24)
    expect(records(doc).filter((record) => String(record).includes('"by"'))).toEqual([])
    expect(actorsMap(doc).size).toBe(1)
    for (const entries of [peopleMap(doc), loansMap(doc)]) {
      for (const entry of entries.values() as IterableIterator<Y.Map<unknown>>) {
        expect(typeof entry.get('createdBy')).toBe('string')
        expect(entry.has('updatedBy')).toBe(false)
      }
    }
    // What the move removed is kept only as the fact it was removed: the book is smaller at once.
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeLessThan(bytesBefore * 0.8)

    // Once: a second opening moves nothing.
    const moved = Y.encodeStateVector(doc)
    initLenderDoc(doc)
    expect(Y.encodeStateVector(doc)).toEqual(moved)
  })

  it('counts each payment once when two devices move the same book at the same time', () => {
    const original = layoutThree()
    const before = readLender(original)
    const [a, b] = [new Y.Doc(), new Y.Doc()]
    Y.applyUpdate(a, Y.encodeStateAsUpdate(original))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(original))
    initLenderDoc(a)
    initLenderDoc(b)
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(records(a)).toHaveLength(48) // both devices' copies, in a log of each
    expect(readLender(a)).toEqual(before)
    expect(readLender(b)).toEqual(before)
  })
})
