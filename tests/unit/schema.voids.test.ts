import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { undosMap, voidsMap, waiversMap } from '../../shared/schema/doc.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson, archivePerson, updatePerson } from '../../shared/schema/person.ts'
import { undoVoid, undoVoidsOf, voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import { bookWithPerson, exampleLoanInput } from './bookFacts.ts'

const T0 = '2026-01-01T10:00:00.000Z'
const T1 = '2026-01-02T10:00:00.000Z'
const T2 = '2026-01-03T10:00:00.000Z'
const phone = { account: 'lender@example.com', device: 'Phone' }
const tablet = { account: 'lender@example.com', device: 'Shop tablet' }
const today = '2025-04-01'

/** Ramesh (`p1`) with two loans of ₹10,000 at 2 % a month from 2025-01-01 (`l1`, `l2`). */
function lender(): Y.Doc {
  const doc = bookWithPerson({ name: 'Ramesh', gender: 'male' }, T0)
  for (const id of ['l1', 'l2']) addLoan(doc, exampleLoanInput(), { now: T0, id })
  return doc
}

/** A deposit `d1` of ₹100 to l1 and ₹20,000 (a typo for ₹2,000) to l2 on 2025-01-31. */
function withTypo(): Y.Doc {
  const doc = lender()
  const allocations = [
    { loanId: 'l1', amount: 10_000 },
    { loanId: 'l2', amount: 2_000_000 },
  ]
  recordDeposit(doc, { date: '2025-01-31', allocations }, { now: T1, depositId: 'd1', by: phone })
  return doc
}

function loan(doc: Y.Doc, id: string) {
  const found = readLender(doc).loans.find((l) => l.id === id)
  if (!found) throw new Error(`no loan ${id}`)
  return found
}

function unchanged(doc: Y.Doc, act: () => unknown): unknown {
  const before = Y.encodeStateVector(doc)
  const result = act()
  expect(Y.encodeStateVector(doc)).toEqual(before)
  return result
}

describe('voiding a deposit', () => {
  it('flags every payment of the deposit with the reason; the engine skips them', () => {
    const doc = withTypo()
    expect(loanFigures(loan(doc, 'l2'), today).ledger.overpaid).toBeGreaterThan(0)
    const result = voidDeposit(doc, 'd1', '  Typed ₹20,000 for ₹2,000 ', {
      now: T2,
      id: 'v1',
      by: tablet,
    })
    expect(result).toEqual({ ok: true, voidId: 'v1' })
    const voided = {
      voidId: 'v1',
      reason: 'Typed ₹20,000 for ₹2,000',
      at: T2,
      by: tablet,
      // The void is given a receipt of its own (issue 32).
      receipt: expect.stringMatching(/^[0-9A-Z]{6}\.[0-9]+\.[0-9A-Z]{8}$/),
    }
    const snapshot = readLender(doc)
    expect(snapshot.payments.map((p) => p.voided)).toEqual([voided, voided])
    // Still listed, so the history can strike it through; recorded by the phone.
    expect(loan(doc, 'l2').payments).toMatchObject([
      { amount: 2_000_000, voided, createdBy: phone },
    ])
    // Both loans are back to no payments at all: ₹10,000 + 90 days of interest.
    for (const id of ['l1', 'l2']) {
      expect(loanFigures(loan(doc, id), today)).toMatchObject({
        totalDue: 1_059_178,
        totalPaid: 0,
        status: 'Active',
      })
    }
  })

  it('an undo brings the deposit back exactly as it was', () => {
    const doc = withTypo()
    const before = readLender(doc)
    voidDeposit(doc, 'd1', 'mistake', { now: T2, id: 'v1' })
    expect(undoVoid(doc, 'v1', { now: T2, by: phone })).toEqual({ ok: true })
    expect(readLender(doc)).toEqual(before)
    // The void and its undo stay, as history.
    expect(voidsMap(doc).has('v1')).toBe(true)
    expect(undosMap(doc).get('v1')).toEqual({ voidId: 'v1', createdAt: T2, createdBy: phone })
    // And the deposit can be voided again.
    expect(voidDeposit(doc, 'd1', 'really a mistake', { now: T2, id: 'v2' })).toEqual({
      ok: true,
      voidId: 'v2',
    })
  })

  it('refuses an unknown deposit, a blank reason and a second void, writing nothing', () => {
    const doc = withTypo()
    expect(unchanged(doc, () => voidDeposit(doc, 'nope', 'typo', { now: T2 }))).toEqual({
      ok: false,
      reason: 'notFound',
    })
    expect(unchanged(doc, () => voidDeposit(doc, 'd1', '   ', { now: T2 }))).toEqual({
      ok: false,
      reason: 'reasonRequired',
    })
    voidDeposit(doc, 'd1', 'typo', { now: T2, id: 'v1' })
    expect(unchanged(doc, () => voidDeposit(doc, 'd1', 'again', { now: T2 }))).toEqual({
      ok: false,
      reason: 'alreadyVoided',
    })
    expect(unchanged(doc, () => undoVoid(doc, 'nope', { now: T2 }))).toEqual({
      ok: false,
      reason: 'notFound',
    })
    undoVoid(doc, 'v1', { now: T2 })
    expect(unchanged(doc, () => undoVoid(doc, 'v1', { now: T2 }))).toEqual({
      ok: false,
      reason: 'alreadyUndone',
    })
    expect(unchanged(doc, () => undoVoidsOf(doc, 'd1', { now: T2 }))).toEqual({
      ok: false,
      reason: 'notVoided',
    })
  })

  it('two devices that voided one deposit while apart: voided until every void is undone', () => {
    const a = withTypo()
    const b = new Y.Doc()
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    voidDeposit(a, 'd1', 'typo', { now: T2, id: 'va', by: phone })
    voidDeposit(b, 'd1', 'wrong loan', { now: T1, id: 'vb', by: tablet })
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    // Both show the earlier void, whichever arrived first.
    expect(readLender(a)).toEqual(readLender(b))
    expect(readLender(a).payments[0]?.voided).toMatchObject({ voidId: 'vb', reason: 'wrong loan' })
    undoVoid(a, 'vb', { now: T2 })
    expect(readLender(a).payments[0]?.voided).toMatchObject({ voidId: 'va' })
    expect(undoVoidsOf(a, 'd1', { now: T2 })).toEqual({ ok: true, voidIds: ['va'] })
    expect(readLender(a).payments.every((p) => p.voided === undefined)).toBe(true)
  })

  it('a void that arrives before its deposit waits for it', () => {
    const a = lender()
    const base = Y.encodeStateAsUpdate(a)
    const baseVector = Y.encodeStateVector(a)
    recordDeposit(
      a,
      { date: '2025-01-31', allocations: [{ loanId: 'l1', amount: 10_000 }] },
      { now: T1, depositId: 'd1' },
    )
    const deposit = Y.encodeStateAsUpdate(a, baseVector)
    const before = Y.encodeStateVector(a)
    voidDeposit(a, 'd1', 'typo', { now: T2, id: 'v1' })
    const theVoid = Y.encodeStateAsUpdate(a, before)
    // Delivered out of order: Yjs holds the void until the deposit arrives; same result.
    const c = new Y.Doc()
    Y.applyUpdate(c, base)
    Y.applyUpdate(c, theVoid)
    Y.applyUpdate(c, deposit)
    expect(readLender(c)).toEqual(readLender(a))
    expect(readLender(c).payments[0]?.voided?.voidId).toBe('v1')
    // A void naming a deposit this device has not seen flags nothing until it comes.
    const d = new Y.Doc()
    Y.applyUpdate(d, base)
    d.transact(() =>
      voidsMap(d).set('v9', {
        id: 'v9',
        kind: 'deposit',
        targetId: 'd1',
        reason: 'x',
        createdAt: T2,
      }),
    )
    expect(readLender(d).payments).toEqual([])
    Y.applyUpdate(d, deposit)
    expect(readLender(d).payments[0]?.voided?.voidId).toBe('v9')
  })
})

describe('waivers', () => {
  it('records a waiver on its loan, listed in replay order, and settles the loan', () => {
    const doc = lender()
    const input = { loanId: 'l1', date: today, amount: 1_059_178, note: ' Settled for less ' }
    expect(recordWaiver(doc, input, { now: T1, id: 'w1', by: phone })).toEqual({
      ok: true,
      waiverId: 'w1',
    })
    const waiver = {
      id: 'w1',
      date: today,
      amount: 1_059_178,
      note: 'Settled for less',
      createdAt: T1,
      createdBy: phone,
      receipt: expect.stringMatching(/^[0-9A-Z]{6}\.[0-9]+\.[0-9A-Z]{8}$/),
    }
    expect(loan(doc, 'l1').waivers).toEqual([waiver])
    expect(readLender(doc).waivers).toEqual([{ ...waiver, loanId: 'l1' }])
    expect(loanFigures(loan(doc, 'l1'), today)).toMatchObject({
      status: 'Paid',
      settledByWaiver: true,
      waived: 1_059_178,
      totalPaid: 0,
    })
    expect(loan(doc, 'l2').waivers).toEqual([])
  })

  it('a voided waiver stays listed, flagged, and forgives nothing; undo brings it back', () => {
    const doc = lender()
    recordWaiver(doc, { loanId: 'l1', date: today, amount: 50_000 }, { now: T1, id: 'w1' })
    expect(voidWaiver(doc, 'w1', 'agreed by mistake', { now: T2, id: 'v1' })).toEqual({
      ok: true,
      voidId: 'v1',
    })
    expect(loan(doc, 'l1').waivers[0]?.voided?.reason).toBe('agreed by mistake')
    expect(loanFigures(loan(doc, 'l1'), today).waived).toBe(0)
    expect(undoVoidsOf(doc, 'w1', { now: T2 })).toEqual({ ok: true, voidIds: ['v1'] })
    expect(loanFigures(loan(doc, 'l1'), today).waived).toBe(50_000)
    expect(voidWaiver(doc, 'nope', 'x', { now: T2 })).toEqual({ ok: false, reason: 'notFound' })
    // A deposit id is not a waiver id, nor the other way round.
    expect(voidDeposit(doc, 'w1', 'x', { now: T2 })).toEqual({ ok: false, reason: 'notFound' })
  })

  it('refuses an unknown or archived loan, writing nothing; bad input no form sends throws', () => {
    const doc = lender()
    archiveLoan(doc, 'l2', { now: T1 })
    for (const loanId of ['nope', 'l2']) {
      expect(
        unchanged(doc, () => recordWaiver(doc, { loanId, date: today, amount: 100 }, { now: T2 })),
      ).toEqual({ ok: false, reason: 'loanNotFound' })
    }
    expect(() => recordWaiver(doc, { loanId: 'l1', date: today, amount: 0 }, { now: T2 })).toThrow(
      TypeError,
    )
    expect(() =>
      recordWaiver(doc, { loanId: 'l1', date: '2025-02-30', amount: 1 }, { now: T2 }),
    ).toThrow(TypeError)
    expect(waiversMap(doc).size).toBe(0)
  })

  it('skips malformed waivers and voids instead of throwing', () => {
    const doc = lender()
    recordWaiver(doc, { loanId: 'l1', date: today, amount: 100 }, { now: T1, id: 'w1' })
    doc.transact(() => {
      waiversMap(doc).set('bad', { loanId: 'l1', date: 'soon', amount: 1, createdAt: T1 })
      voidsMap(doc).set('bad-void', { kind: 'waiver', targetId: 'w1', createdAt: T1 })
    })
    expect(loan(doc, 'l1').waivers.map((w) => [w.id, w.voided])).toEqual([['w1', undefined]])
  })
})

describe('who changed what', () => {
  it('stamps people and loans with who created and who last changed them', () => {
    const doc = new Y.Doc()
    addPerson(
      doc,
      { name: 'Sita', cityId: 'c1', balance: 0, gender: 'female' },
      {
        now: T0,
        id: 'p1',
        by: phone,
      },
    )
    const input = {
      personId: 'p1',
      amount: 100,
      interestRate: 2,
      interestType: 'per_month' as const,
      startDate: '2025-01-01',
      dueDate: '2025-12-31',
      description: '',
    }
    addLoan(doc, input, { now: T0, id: 'l1', by: phone })
    expect(readLender(doc).people[0]).toMatchObject({ createdBy: phone, updatedBy: phone })
    updatePerson(doc, 'p1', { name: 'Sita Devi' }, { now: T1, by: tablet })
    updateLoan(doc, 'l1', { amount: 200 }, { now: T1, by: tablet })
    expect(readLender(doc).people[0]).toMatchObject({ createdBy: phone, updatedBy: tablet })
    expect(loan(doc, 'l1')).toMatchObject({ createdBy: phone, updatedBy: tablet, updatedAt: T1 })
    // A change by someone unnamed does not leave the last name standing.
    archivePerson(doc, 'p1', { now: T2 })
    const archived = readLender(doc)
    expect(archived.people[0]?.updatedBy).toBeUndefined()
    expect(archived.loans[0]?.updatedBy).toBeUndefined()
    expect(archived.people[0]?.createdBy).toEqual(phone)
  })

  it('refuses a malformed actor, writing nothing', () => {
    const doc = lender()
    const by = { account: 'x' } as unknown as typeof phone
    expect(() => updatePerson(doc, 'p1', { name: 'X' }, { now: T1, by })).toThrow(TypeError)
    expect(readLender(doc).people[0]?.name).toBe('Ramesh')
  })
})
