import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { addCity, citiesMap, cityIndex, readCities } from '../../shared/schema/city.ts'
import { validateCitiesUpdate } from '../../shared/schema/cityUpdate.ts'
import { loansMap, metaMap, peopleMap } from '../../shared/schema/doc.ts'
import { paymentsMap } from '../../shared/schema/layouts/oldForms.ts'
import { SCHEMA_VERSION, isNewerLayout } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, restoreLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import {
  addPerson,
  archivePerson,
  restorePerson,
  updatePerson,
} from '../../shared/schema/person.ts'
import type { LoanInput, PersonInput } from '../../shared/schema/types.ts'
import { exampleLoan, exampleLoanInput } from './bookFacts.ts'

const T0 = '2026-01-01T10:00:00.000Z'
const T1 = '2026-01-02T10:00:00.000Z'
const T2 = '2026-01-03T10:00:00.000Z'

const ramesh: PersonInput = { name: 'Ramesh', cityId: 'c1', balance: 0, gender: 'male' }

function loanFor(personId: string, overrides: Partial<LoanInput> = {}): LoanInput {
  return exampleLoanInput({ personId, description: 'Shop stock', ...overrides })
}

/** A lender doc with one person (`p1`) and one loan (`l1`). */
function lenderWithLoan(): Y.Doc {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  addPerson(doc, ramesh, { now: T0, id: 'p1' })
  addLoan(doc, loanFor('p1'), { now: T0, id: 'l1' })
  return doc
}

/**
 * A second replica of `doc`, as another device that has synced once. Of two concurrent writes to
 * one field, the higher client id wins; tests pass ids to make that winner known.
 */
function replicaOf(doc: Y.Doc, clientID?: number): Y.Doc {
  const copy = new Y.Doc()
  if (clientID !== undefined) copy.clientID = clientID
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  return copy
}

function sync(a: Y.Doc, b: Y.Doc): void {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
}

function person(doc: Y.Doc, id: string) {
  return readLender(doc).people.find((p) => p.id === id)
}

function loan(doc: Y.Doc, id: string) {
  return readLender(doc).loans.find((l) => l.id === id)
}

describe('initLenderDoc', () => {
  it('sets the schema version once and leaves an existing one alone', () => {
    const doc = new Y.Doc()
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    metaMap(doc).set('schemaVersion', 7)
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(7)
  })
})

describe('isNewerLayout', () => {
  it("is true only when another device stamped a version above this code's", () => {
    const doc = new Y.Doc()
    expect(isNewerLayout(doc)).toBe(false)
    initLenderDoc(doc)
    expect(isNewerLayout(doc)).toBe(false)
    const newer = new Y.Doc()
    sync(doc, newer)
    metaMap(newer).set('schemaVersion', SCHEMA_VERSION + 1)
    sync(newer, doc)
    expect(isNewerLayout(doc)).toBe(true)
    // Garbage in the field is not a reason to lock the lender out.
    metaMap(doc).set('schemaVersion', 'two')
    expect(isNewerLayout(doc)).toBe(false)
  })
})

describe('people', () => {
  it('adds a person with trimmed text and without blank optional fields', () => {
    const doc = new Y.Doc()
    const id = addPerson(
      doc,
      { ...ramesh, name: '  Ramesh Kumar ', aadhaar: '   ', petName: ' Father ', phone: '' },
      { now: T0 },
    )
    expect(person(doc, id)).toEqual({
      id,
      name: 'Ramesh Kumar',
      cityId: 'c1',
      balance: 0,
      petName: 'Father',
      gender: 'male',
      createdAt: T0,
      updatedAt: T0,
      archived: false,
      revived: false,
    })
    expect(person(doc, id)).not.toHaveProperty('aadhaar')
  })

  it('refuses input no form would send', () => {
    const doc = new Y.Doc()
    expect(() => addPerson(doc, { ...ramesh, name: '  ' }, { now: T0 })).toThrow(TypeError)
    expect(() => addPerson(doc, { ...ramesh, balance: -1 }, { now: T0 })).toThrow(TypeError)
    expect(() => addPerson(doc, { ...ramesh, balance: 10.5 }, { now: T0 })).toThrow(TypeError)
    expect(() => addPerson(doc, { ...ramesh, gender: 'x' as 'male' }, { now: T0 })).toThrow(
      TypeError,
    )
    expect(() => addPerson(doc, ramesh, { now: '2026-01-01' })).toThrow(TypeError)
    expect(readLender(doc).people).toEqual([])
  })

  it('updates only the fields that changed, so a concurrent edit of another field survives', () => {
    const base = lenderWithLoan()
    const phone = replicaOf(base, 2)
    const other = replicaOf(base, 1)
    // Device A saves the whole form with a new phone; device B renames the person meanwhile.
    updatePerson(phone, 'p1', { ...ramesh, phone: '98765 43210' }, { now: T1 })
    updatePerson(other, 'p1', { name: 'Ramesh Kumar' }, { now: T2 })
    sync(phone, other)
    expect(person(phone, 'p1')).toMatchObject({
      name: 'Ramesh Kumar',
      phone: '98765 43210',
    })
    // updatedAt is itself a last-writer-wins field: either edit's time, the same on both devices.
    expect([T1, T2]).toContain(person(phone, 'p1')?.updatedAt)
    expect(readLender(other)).toEqual(readLender(phone))
  })

  it('removes an optional field saved blank, and reports an unknown person', () => {
    const doc = lenderWithLoan()
    updatePerson(doc, 'p1', { phone: '12345' }, { now: T1 })
    updatePerson(doc, 'p1', { phone: ' ' }, { now: T2 })
    expect(person(doc, 'p1')).not.toHaveProperty('phone')
    expect(updatePerson(doc, 'nobody', { name: 'X' }, { now: T1 })).toBe(false)
  })

  it("keeps a person's reminder language, and forgets it when the form sends none", () => {
    const doc = new Y.Doc()
    const id = addPerson(doc, { ...ramesh, language: 'hi' }, { now: T0 })
    expect(person(doc, id)?.language).toBe('hi')
    updatePerson(doc, id, { language: 'en' }, { now: T1 })
    expect(person(doc, id)?.language).toBe('en')
    // "Same as mine": no language stored, so reminders follow the lender's.
    updatePerson(doc, id, { language: undefined }, { now: T2 })
    expect(person(doc, id)).not.toHaveProperty('language')
    expect(person(doc, addPerson(doc, ramesh, { now: T0 }))).not.toHaveProperty('language')
  })

  it('refuses a reminder language the app does not speak, writing nothing', () => {
    const doc = lenderWithLoan()
    const bad = { ...ramesh, language: 'fr' as 'en' }
    expect(() => addPerson(doc, bad, { now: T0 })).toThrow(TypeError)
    expect(() => updatePerson(doc, 'p1', { language: 'fr' as 'en' }, { now: T1 })).toThrow(
      TypeError,
    )
    expect(readLender(doc).people).toHaveLength(1)
    expect(person(doc, 'p1')).not.toHaveProperty('language')
    expect(person(doc, 'p1')?.updatedAt).toBe(T0)
  })

  it('does not bump updatedAt when nothing changed', () => {
    const doc = lenderWithLoan()
    expect(updatePerson(doc, 'p1', { name: ' Ramesh ' }, { now: T1 })).toBe(true)
    expect(person(doc, 'p1')?.updatedAt).toBe(T0)
  })

  it('archives a person with their loans and restores exactly those loans', () => {
    const doc = lenderWithLoan()
    addLoan(doc, loanFor('p1'), { now: T0, id: 'l2' })
    addLoan(doc, loanFor('p1'), { now: T0, id: 'l3' })
    archiveLoan(doc, 'l3', { now: T0 }) // deleted on its own before the person was
    archivePerson(doc, 'p1', { now: T1 })
    expect(person(doc, 'p1')).toMatchObject({ archived: true, archivedAt: T1, revived: false })
    expect(readLender(doc).loans.map((l) => [l.id, l.archived])).toEqual([
      ['l1', true],
      ['l2', true],
      ['l3', true],
    ])
    restorePerson(doc, 'p1', { now: T2 })
    expect(person(doc, 'p1')).toMatchObject({ archived: false, revived: false })
    expect(person(doc, 'p1')).not.toHaveProperty('archivedAt')
    expect(readLender(doc).loans.map((l) => [l.id, l.archived])).toEqual([
      ['l1', false],
      ['l2', false],
      ['l3', true],
    ])
  })

  it('reports an unknown person on archive and restore', () => {
    const doc = new Y.Doc()
    expect(archivePerson(doc, 'nobody', { now: T0 })).toBe(false)
    expect(restorePerson(doc, 'nobody', { now: T0 })).toBe(false)
  })
})

describe('loans', () => {
  it('adds an active loan with no payments', () => {
    const doc = lenderWithLoan()
    expect(loan(doc, 'l1')).toEqual(
      exampleLoan({ id: 'l1', description: 'Shop stock', createdAt: T0, updatedAt: T0 }),
    )
  })

  it('refuses a loan for an unknown person, a bad amount, rate or date', () => {
    const doc = lenderWithLoan()
    const bad: Partial<LoanInput>[] = [
      { personId: 'nobody' },
      { amount: 0 },
      { amount: 100.5 },
      { amount: Number.MAX_SAFE_INTEGER + 1 },
      { interestRate: 1.755 },
      { interestRate: -1 },
      { startDate: '2025-02-30' },
      { dueDate: '2025-1-31' },
    ]
    for (const overrides of bad) {
      expect(() => addLoan(doc, loanFor('p1', overrides), { now: T1 })).toThrow(TypeError)
    }
    expect(readLender(doc).loans).toHaveLength(1)
  })

  it('updates changed fields and the status, keeping a concurrent edit of another field', () => {
    const base = lenderWithLoan()
    const a = replicaOf(base, 2)
    const b = replicaOf(base, 1)
    // Device A saves the whole edit form (with the old rate); had it rewritten the rate, its
    // higher client id would have won over B's change.
    updateLoan(a, 'l1', { ...loanFor('p1'), status: 'defaulted' }, { now: T1 })
    updateLoan(b, 'l1', { interestRate: 1.75 }, { now: T2 })
    sync(a, b)
    expect(loan(a, 'l1')).toMatchObject({ status: 'defaulted', interestRate: 1.75 })
    expect(readLender(b)).toEqual(readLender(a))
    expect(() => updateLoan(a, 'l1', { status: 'closed' as 'paid' }, { now: T2 })).toThrow(
      TypeError,
    )
    expect(updateLoan(a, 'nope', { amount: 5 }, { now: T2 })).toBe(false)
  })

  it('archives and restores a loan, keeping its payments', () => {
    const doc = lenderWithLoan()
    recordDeposit(
      doc,
      { date: '2025-02-01', allocations: [{ loanId: 'l1', amount: 500 }] },
      {
        now: T1,
      },
    )
    archiveLoan(doc, 'l1', { now: T1 })
    expect(loan(doc, 'l1')).toMatchObject({ archived: true, archivedAt: T1 })
    expect(loan(doc, 'l1')?.payments).toHaveLength(1)
    restoreLoan(doc, 'l1', { now: T2 })
    expect(loan(doc, 'l1')).toMatchObject({ archived: false })
    expect(loan(doc, 'l1')).not.toHaveProperty('archivedAt')
    expect(archiveLoan(doc, 'nope', { now: T2 })).toBe(false)
  })
})

describe('recordDeposit', () => {
  it('writes one payment per allocation under one deposit id, with the default description', () => {
    const doc = lenderWithLoan()
    addLoan(doc, loanFor('p1'), { now: T0, id: 'l2' })
    const result = recordDeposit(
      doc,
      {
        date: '2025-03-01',
        allocations: [
          { loanId: 'l1', amount: 10_000 },
          { loanId: 'l2', amount: 0 },
        ],
      },
      { now: T1, depositId: 'd1' },
    )
    expect(result).toEqual({ ok: true, depositId: 'd1', paymentIds: [expect.any(String)] })
    expect(readLender(doc).payments).toEqual([
      {
        id: result.ok ? result.paymentIds[0] : '',
        loanId: 'l1',
        depositId: 'd1',
        date: '2025-03-01',
        amount: 10_000,
        description: 'Deposit payment',
        createdAt: T1,
        // The first receipt of this session's series (issue 32).
        receipt: expect.stringMatching(/^[0-9A-Z]{6}\.1\.[0-9A-Z]{8}$/),
      },
    ])
    expect(loan(doc, 'l2')?.payments).toEqual([])
  })

  it('keeps a given description, trimmed', () => {
    const doc = lenderWithLoan()
    recordDeposit(
      doc,
      {
        date: '2025-03-01',
        description: ' Cash at shop ',
        allocations: [{ loanId: 'l1', amount: 1 }],
      },
      { now: T1 },
    )
    expect(loan(doc, 'l1')?.payments[0]?.description).toBe('Cash at shop')
  })

  it('attaches payments to their loan in date, createdAt, id order', () => {
    const doc = lenderWithLoan()
    const pay = (date: string, now: string) =>
      recordDeposit(doc, { date, allocations: [{ loanId: 'l1', amount: 100 }] }, { now })
    pay('2025-03-01', T2)
    pay('2025-02-01', T2)
    pay('2025-03-01', T1)
    expect(loan(doc, 'l1')?.payments.map((p) => [p.date, p.createdAt])).toEqual([
      ['2025-02-01', T2],
      ['2025-03-01', T1],
      ['2025-03-01', T2],
    ])
  })

  it('writes nothing at all when one allocation is bad', () => {
    const doc = lenderWithLoan()
    addLoan(doc, loanFor('p1'), { now: T0, id: 'gone' })
    archiveLoan(doc, 'gone', { now: T0 })
    const before = Y.encodeStateVector(doc)
    const attempt = (allocations: { loanId: string; amount: number }[]) =>
      recordDeposit(doc, { date: '2025-03-01', allocations }, { now: T1 })
    const good = { loanId: 'l1', amount: 500 }
    expect(attempt([good, { loanId: 'nope', amount: 5 }])).toEqual({
      ok: false,
      reason: 'loanNotFound',
    })
    expect(attempt([good, { loanId: 'gone', amount: 5 }])).toEqual({
      ok: false,
      reason: 'loanNotFound',
    })
    for (const amount of [-5, 2.5, Number.NaN, 2 ** 53]) {
      expect(attempt([good, { loanId: 'l1', amount }])).toEqual({
        ok: false,
        reason: 'invalidAllocation',
      })
    }
    expect(attempt([{ loanId: 'l1', amount: 0 }])).toEqual({
      ok: false,
      reason: 'noAllocation',
    })
    expect(Y.encodeStateVector(doc)).toEqual(before)
    expect(readLender(doc).payments).toEqual([])
  })
})

describe('readLender', () => {
  it('skips malformed entries instead of throwing', () => {
    const doc = lenderWithLoan()
    doc.transact(() => {
      peopleMap(doc).set('junk', 'not a map')
      const nameless = new Y.Map<unknown>()
      peopleMap(doc).set('nameless', nameless)
      nameless.set('cityId', 'c1')
      const badDate = new Y.Map<unknown>()
      loansMap(doc).set('badDate', badDate)
      for (const [key, value] of loansMap(doc).get('l1') as Y.Map<unknown>) badDate.set(key, value)
      badDate.set('startDate', '2025-13-01')
      paymentsMap(doc).set('x', { loanId: 'l1', amount: 'lots' })
      paymentsMap(doc).set('y', null)
    })
    const snapshot = readLender(doc)
    expect(snapshot.people.map((p) => p.id)).toEqual(['p1'])
    expect(snapshot.loans.map((l) => l.id)).toEqual(['l1'])
    expect(snapshot.payments).toEqual([])
  })

  it('drops a malformed optional field but keeps the person', () => {
    const doc = lenderWithLoan()
    ;(peopleMap(doc).get('p1') as Y.Map<unknown>).set('phone', 12345)
    expect(person(doc, 'p1')).toMatchObject({ name: 'Ramesh' })
    expect(person(doc, 'p1')).not.toHaveProperty('phone')
  })

  it('drops a stored reminder language it does not know (a newer or broken device wrote it)', () => {
    const doc = lenderWithLoan()
    ;(peopleMap(doc).get('p1') as Y.Map<unknown>).set('language', 'ta')
    expect(person(doc, 'p1')).toMatchObject({ name: 'Ramesh' })
    expect(person(doc, 'p1')).not.toHaveProperty('language')
  })

  it('lists people and loans by creation time, whatever order they were merged in', () => {
    const doc = new Y.Doc()
    addPerson(doc, { ...ramesh, name: 'Later' }, { now: T2, id: 'a' })
    addPerson(doc, { ...ramesh, name: 'First' }, { now: T0, id: 'z' })
    addPerson(doc, { ...ramesh, name: 'Tie' }, { now: T0, id: 'y' })
    expect(readLender(doc).people.map((p) => p.id)).toEqual(['y', 'z', 'a'])
  })

  it('revives a person deleted on one device while another lent them money', () => {
    const phone = lenderWithLoan()
    const tablet = replicaOf(phone)
    archivePerson(phone, 'p1', { now: T1 })
    addLoan(tablet, loanFor('p1'), { now: T1, id: 'l2' })
    sync(phone, tablet)

    const snapshot = readLender(phone)
    expect(snapshot).toEqual(readLender(tablet))
    expect(snapshot.people).toEqual([
      expect.objectContaining({ id: 'p1', archived: false, revived: true }),
    ])
    // The loan that went with the deletion stays archived; the new one is live.
    expect(snapshot.loans.map((l) => [l.id, l.archived])).toEqual([
      ['l1', true],
      ['l2', false],
    ])
    // Deleting again takes the new loan too; restoring brings both back.
    archivePerson(phone, 'p1', { now: T2 })
    expect(person(phone, 'p1')).toMatchObject({ archived: true, revived: false })
    restorePerson(phone, 'p1', { now: T2 })
    expect(readLender(phone).loans.every((l) => !l.archived)).toBe(true)
  })

  it('keeps a payment recorded offline on a loan deleted elsewhere, with that archived loan', () => {
    const phone = lenderWithLoan()
    const tablet = replicaOf(phone)
    archiveLoan(phone, 'l1', { now: T1 })
    recordDeposit(
      tablet,
      { date: '2025-02-01', allocations: [{ loanId: 'l1', amount: 700 }] },
      {
        now: T1,
      },
    )
    sync(phone, tablet)
    expect(loan(phone, 'l1')).toMatchObject({ archived: true, payments: [{ amount: 700 }] })
    expect(person(phone, 'p1')).toMatchObject({ archived: false, revived: false })
  })
})

describe('cities', () => {
  it('adds a trimmed city and lists cities by name ignoring case', () => {
    const doc = new Y.Doc()
    addCity(doc, '  pune ', { now: T0, id: 'c1' })
    addCity(doc, 'Agra', { now: T0, id: 'c2' })
    addCity(doc, 'mumbai', { now: T0, id: 'c3' })
    expect(readCities(doc)).toEqual([
      { id: 'c2', name: 'Agra', createdAt: T0, aliases: [] },
      { id: 'c3', name: 'mumbai', createdAt: T0, aliases: [] },
      { id: 'c1', name: 'pune', createdAt: T0, aliases: [] },
    ])
  })

  it('lists a name that two lenders added while apart once, and keeps both ids resolvable', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    addCity(a, 'Rampur', { now: T1, id: 'later' })
    addCity(b, 'rampur ', { now: T0, id: 'earlier' })
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    for (const doc of [a, b]) {
      const cities = readCities(doc)
      expect(cities).toEqual([{ id: 'earlier', name: 'rampur', createdAt: T0, aliases: ['later'] }])
      expect(cityIndex(cities).get('later')?.id).toBe('earlier')
    }
  })

  it('writes nothing for a blank name or for a name that exists in another case', () => {
    const doc = new Y.Doc()
    const id = addCity(doc, 'Pune', { now: T0 })
    const before = Y.encodeStateVector(doc)
    expect(addCity(doc, '   ', { now: T1 })).toBeNull()
    expect(addCity(doc, ' PUNE ', { now: T1 })).toBe(id)
    expect(Y.encodeStateVector(doc)).toEqual(before)
    expect(readCities(doc)).toHaveLength(1)
  })

  it('skips malformed cities', () => {
    const doc = new Y.Doc()
    citiesMap(doc).set('a', { name: 42, createdAt: T0 })
    citiesMap(doc).set('b', 'Pune')
    expect(readCities(doc)).toEqual([])
  })
})

describe('validateCitiesUpdate', () => {
  /** The server's doc with one city, and a client that has synced it. */
  function serverAndClient(): { server: Y.Doc; client: Y.Doc } {
    const server = new Y.Doc()
    addCity(server, 'Pune', { now: T0, id: 'pune' })
    return { server, client: replicaOf(server) }
  }

  /** What `change` on the client sends to the server. */
  function updateFrom(client: Y.Doc, change: () => void): Uint8Array {
    const before = Y.encodeStateVector(client)
    change()
    return Y.encodeStateAsUpdate(client, before)
  }

  it('accepts an added city, which the server can then apply', () => {
    const { server, client } = serverAndClient()
    const update = updateFrom(client, () => addCity(client, 'Agra', { now: T1, id: 'agra' }))
    expect(validateCitiesUpdate(server, update)).toEqual({ ok: true })
    Y.applyUpdate(server, update)
    expect(readCities(server).map((c) => c.name)).toEqual(['Agra', 'Pune'])
  })

  it('accepts a client re-sending state, with or without a new city in it', () => {
    const { server, client } = serverAndClient()
    expect(validateCitiesUpdate(server, Y.encodeStateAsUpdate(client))).toEqual({ ok: true })
    addCity(client, 'Agra', { now: T1 })
    addCity(client, 'Nashik', { now: T1 })
    expect(validateCitiesUpdate(server, Y.encodeStateAsUpdate(client))).toEqual({ ok: true })
  })

  it('refuses deleting a city', () => {
    const { server, client } = serverAndClient()
    const update = updateFrom(client, () => citiesMap(client).delete('pune'))
    expect(validateCitiesUpdate(server, update)).toMatchObject({ ok: false })
  })

  it('refuses renaming a city', () => {
    const { server, client } = serverAndClient()
    const update = updateFrom(client, () =>
      citiesMap(client).set('pune', { name: 'Poona', createdAt: T1 }),
    )
    expect(validateCitiesUpdate(server, update)).toMatchObject({ ok: false })
  })

  it('refuses overwriting a city from a client that never saw it', () => {
    const { server } = serverAndClient()
    const stranger = new Y.Doc()
    const update = updateFrom(stranger, () =>
      citiesMap(stranger).set('pune', { name: 'Poona', createdAt: T1 }),
    )
    expect(validateCitiesUpdate(server, update)).toEqual({ ok: false, reason: 'overwrites a city' })
  })

  it('refuses writing any other root type', () => {
    const { server, client } = serverAndClient()
    const map = updateFrom(client, () => client.getMap('people').set('x', 1))
    const text = updateFrom(client, () => client.getText('notes').insert(0, 'hi'))
    expect(validateCitiesUpdate(server, map)).toMatchObject({ ok: false })
    expect(validateCitiesUpdate(server, text)).toMatchObject({ ok: false })
  })

  it('refuses a value that is not a valid city', () => {
    const { server, client } = serverAndClient()
    const bad: unknown[] = [
      { name: '   ', createdAt: T1 },
      { name: 'x'.repeat(101), createdAt: T1 },
      { name: 'Agra' },
      { name: 'Agra', createdAt: T1, admin: true },
      'Agra',
      null,
    ]
    for (const value of bad) {
      const writer = replicaOf(client)
      const write = updateFrom(writer, () => citiesMap(writer).set('new', value))
      expect(validateCitiesUpdate(server, write)).toEqual({
        ok: false,
        reason: 'invalid city value',
      })
    }
    const nested = updateFrom(client, () => citiesMap(client).set('new', new Y.Map()))
    expect(validateCitiesUpdate(server, nested)).toMatchObject({ ok: false })
  })

  it('refuses an update with a gap, which would wait unchecked in the pending queue', () => {
    const { server, client } = serverAndClient()
    addCity(client, 'Agra', { now: T1 })
    const second = updateFrom(client, () => addCity(client, 'Nashik', { now: T1 }))
    expect(validateCitiesUpdate(server, second)).toEqual({
      ok: false,
      reason: 'gap in client clock',
    })
  })

  it('never throws on garbage bytes', () => {
    const server = serverAndClient().server
    const garbage = [
      new Uint8Array([]),
      new Uint8Array([255, 255, 255, 255, 255]),
      new Uint8Array([1, 1, 200, 3, 0, 9, 9, 9]),
      new TextEncoder().encode('{"name":"Agra"}'),
    ]
    for (const bytes of garbage) {
      expect(validateCitiesUpdate(server, bytes)).toMatchObject({ ok: false })
    }
  })
})
