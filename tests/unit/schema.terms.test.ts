/**
 * Issue 27, harms 4, 6 and 7 in the schema: a loan keeps its rule for unpaid interest and its old
 * dues; every change of its terms is recorded (each field old → new, who, when) and can be undone;
 * the book keeps a default rule for new loans. Written, read, projected, exported and imported.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { bookJson, exportBook } from '../../shared/book/export.ts'
import { importBook, parseBook } from '../../shared/book/import.ts'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { loanEditsMap, loansMap } from '../../shared/schema/doc.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, updateLoan } from '../../shared/schema/loan.ts'
import { readLoanEdits, undoLoanEdit } from '../../shared/schema/loanEdit.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson } from '../../shared/schema/person.ts'
import {
  profileMap,
  readNewLoanRule,
  readProfile,
  setNewLoanRule,
  setProfile,
} from '../../shared/schema/profile.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import type { LoanInput } from '../../shared/schema/types.ts'
import { bookWithPerson } from './bookFacts.ts'

const T0 = '2026-01-01T10:00:00.000Z'
const T1 = '2026-02-01T10:00:00.000Z'
const T2 = '2026-03-01T10:00:00.000Z'
const phone = { account: 'asha@example.com', device: 'Phone' }
const laptop = { account: 'asha@example.com', device: 'Laptop' }

const terms: Omit<LoanInput, 'personId'> = {
  amount: 1_00_000_00,
  interestRate: 18,
  interestType: 'per_annum',
  startDate: '2026-01-01',
  dueDate: '2026-12-31',
  description: '',
}

/** A book with one person (`p1`) and, when asked, one loan (`l1`) with a payment. */
function book(loan?: Partial<LoanInput>): Y.Doc {
  const doc = bookWithPerson({ name: 'Asha', gender: 'female' }, T0)
  if (loan) {
    addLoan(doc, { personId: 'p1', ...terms, ...loan }, { now: T0, id: 'l1', by: phone })
    recordDeposit(
      doc,
      { date: '2026-03-02', allocations: [{ loanId: 'l1', amount: 10_000_00 }] },
      { now: T0, depositId: 'd1' },
    )
  }
  return doc
}

const loanOf = (doc: Y.Doc) => readLender(doc).loans.find((l) => l.id === 'l1')

describe('a loan’s rule for unpaid interest and its old dues', () => {
  it('writes them only when not at their defaults, and the figures follow them', () => {
    const old = book({})
    expect(loanOf(old)).not.toHaveProperty('interestOn')
    expect(loanOf(old)).not.toHaveProperty('openingInterest')
    const stored = loansMap(old).get('l1') as Y.Map<unknown>
    expect(stored.has('interestOn')).toBe(false)

    const simple = book({ interestOn: 'principal', openingInterest: 5_000_00 })
    expect(loanOf(simple)).toMatchObject({ interestOn: 'principal', openingInterest: 5_000_00 })
    // ₹1,00,000 at 18 % a year from 01/01/2026 with ₹5,000 of interest already due; ₹10,000
    // paid on 02/03/2026 (60 days: 1,00,000 × 0.18 × 60 / 365 = ₹2,958.90, on principal only).
    // It pays the ₹5,000 + ₹2,958.90 of interest first, then ₹2,041.10 of principal.
    const [entry] = loanFigures(loanOf(simple)!, '2026-03-02').ledger.entries
    expect(entry).toMatchObject({
      interestForPeriod: 2_958_90,
      interestPart: 7_958_90,
      principalPart: 2_041_10,
      principalLeft: 97_958_90,
      interestOwed: 0,
    })
    // The same loan without old dues, under the old rule: the engine's worked example.
    expect(loanFigures(loanOf(old)!, '2026-03-02').ledger.entries[0]).toMatchObject({
      interestPart: 2_958_90,
      principalPart: 7_041_10,
    })
  })

  it('takes the old rule and no old dues back to their defaults, and refuses what no form sends', () => {
    const doc = book({ interestOn: 'principal', openingInterest: 5_000_00 })
    updateLoan(doc, 'l1', { interestOn: 'balance', openingInterest: 0 }, { now: T1 })
    const loan = readLender(doc).loans[0]!
    expect(loan.interestOn).toBeUndefined()
    expect(loan.openingInterest).toBeUndefined()
    // The loan's terms (layout 7) hold the values it was made with: the defaults are spelled out.
    const stored = loansMap(doc).get('l1') as Y.Map<unknown>
    expect(stored.get('interestOn')).toBe('balance')
    expect(stored.get('openingInterest')).toBe(0)
    // A loan made with the defaults has them in no entry once changed and changed back.
    const plain = book({})
    updateLoan(plain, 'l1', { interestOn: 'principal', openingInterest: 5_000_00 }, { now: T1 })
    updateLoan(plain, 'l1', { interestOn: 'balance', openingInterest: 0 }, { now: T2 })
    const plainStored = loansMap(plain).get('l1') as Y.Map<unknown>
    expect(plainStored.has('interestOn')).toBe(false)
    expect(plainStored.has('openingInterest')).toBe(false)
    expect(readLender(plain).loans[0]).not.toHaveProperty('openingInterest')
    const bad = [
      { interestOn: 'compound' },
      { openingInterest: -1 },
      { openingInterest: 1.5 },
      { openingInterest: 1e15 },
    ] as const
    for (const patch of bad) {
      expect(() => updateLoan(doc, 'l1', patch as never, { now: T2 })).toThrow(TypeError)
    }
    expect(readLender(doc).loanEdits).toHaveLength(1)
  })

  it('skips a loan whose rule or old dues no writer makes, and says so', () => {
    const doc = book({})
    const loan = loansMap(doc).get('l1') as Y.Map<unknown>
    loan.set('interestOn', 'compound')
    expect(readLender(doc).loans).toEqual([])
    expect(readLender(doc).skipped).toEqual([{ kind: 'loan', id: 'l1', reason: 'malformed' }])
    loan.set('interestOn', 'balance') // as no writer stores it, but the old rule all the same
    loan.set('openingInterest', -100)
    expect(readLender(doc).skipped).toEqual([{ kind: 'loan', id: 'l1', reason: 'malformed' }])
    loan.set('openingInterest', 0)
    expect(loanOf(doc)).not.toHaveProperty('interestOn')
    expect(loanOf(doc)).not.toHaveProperty('openingInterest')
  })
})

describe('a loan’s change history', () => {
  it('records each changed field old → new, who and when, in the transaction of the change', () => {
    const doc = book({})
    let transactions = 0
    doc.on('afterTransaction', () => transactions++)
    updateLoan(
      doc,
      'l1',
      { ...terms, personId: 'p1', interestRate: 24, description: 'Shop', status: 'active' },
      { now: T1, by: laptop, editId: 'e1' },
    )
    expect(transactions).toBe(1)
    expect(readLender(doc).loanEdits).toEqual([
      {
        id: 'e1',
        loanId: 'l1',
        changes: { interestRate: [18, 24], description: ['', 'Shop'] },
        createdAt: T1,
        createdBy: laptop,
      },
    ])
    expect(loanOf(doc)).toMatchObject({ interestRate: 24, updatedAt: T1, updatedBy: laptop })
  })

  it('records nothing, and leaves the last change alone, when the form saves what is stored', () => {
    const doc = book({})
    const form = { ...terms, personId: 'p1', status: 'active' as const }
    updateLoan(doc, 'l1', form, { now: T1, by: laptop })
    expect(readLender(doc).loanEdits).toEqual([])
    expect(loanOf(doc)).toMatchObject({ updatedAt: T0, updatedBy: phone })
  })

  it('spells out defaults: the old rule, no old dues, Active, no description', () => {
    const doc = book({})
    updateLoan(
      doc,
      'l1',
      { interestOn: 'principal', openingInterest: 1_234_00, status: 'defaulted' },
      { now: T1, editId: 'e1' },
    )
    expect(readLender(doc).loanEdits[0]?.changes).toEqual({
      interestOn: ['balance', 'principal'],
      openingInterest: [0, 1_234_00],
      status: ['active', 'defaulted'],
    })
  })

  it('undoes a change: the old values back, and the Undo recorded as a change of its own', () => {
    const doc = book({})
    const before = loanFigures(loanOf(doc)!, '2026-11-25')
    updateLoan(
      doc,
      'l1',
      { interestRate: 24, interestOn: 'principal' },
      { now: T1, by: laptop, editId: 'e1' },
    )
    expect(loanFigures(loanOf(doc)!, '2026-11-25').totalDue).not.toBe(before.totalDue)
    expect(undoLoanEdit(doc, 'e1', { now: T2, by: phone, id: 'e2' })).toEqual({
      ok: true,
      editId: 'e2',
    })
    expect(loanOf(doc)).not.toHaveProperty('interestOn')
    expect(loanOf(doc)?.interestRate).toBe(18)
    expect(loanFigures(loanOf(doc)!, '2026-11-25').totalDue).toBe(before.totalDue)
    expect(readLender(doc).loanEdits[1]).toEqual({
      id: 'e2',
      loanId: 'l1',
      changes: { interestRate: [24, 18], interestOn: ['principal', 'balance'] },
      createdAt: T2,
      createdBy: phone,
      undoes: 'e1',
    })
    // Once is enough; an unknown change is said so; nothing more is written.
    expect(undoLoanEdit(doc, 'e1', { now: T2 })).toEqual({ ok: false, reason: 'alreadyUndone' })
    expect(undoLoanEdit(doc, 'nope', { now: T2 })).toEqual({ ok: false, reason: 'notFound' })
    expect(readLender(doc).loanEdits).toHaveLength(2)
  })

  it('keeps both lines when two devices change one loan while apart', () => {
    const doc = book({})
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    updateLoan(doc, 'l1', { interestRate: 24 }, { now: T1, by: phone, editId: 'e-phone' })
    updateLoan(other, 'l1', { amount: 90_000_00 }, { now: T1, by: laptop, editId: 'e-laptop' })
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other))
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    expect(readLender(doc).loanEdits.map((e) => e.id)).toEqual(['e-laptop', 'e-phone'])
    expect(readLender(other)).toEqual(readLender(doc))
    expect(loanOf(doc)).toMatchObject({ interestRate: 24, amount: 90_000_00 })
  })

  it('skips a record no writer makes, lists it as skipped, and shows the rest', () => {
    const doc = book({})
    updateLoan(doc, 'l1', { interestRate: 24 }, { now: T1, editId: 'good' })
    const edits = loanEditsMap(doc)
    const base = { loanId: 'l1', createdAt: T1 }
    const bad: Record<string, unknown> = {
      'no-loan': { ...base, loanId: '', changes: { interestRate: [18, 24] } },
      'no-changes': { ...base, changes: {} },
      'same-value': { ...base, changes: { interestRate: [18, 18] } },
      'not-a-field': { ...base, changes: { colour: ['red', 'blue'] } },
      'bad-value': { ...base, changes: { interestRate: [18, 1e300] } },
      'bad-rule': { ...base, changes: { interestOn: ['balance', 'compound'] } },
      'not-a-pair': { ...base, changes: { amount: [1, 2, 3] } },
      'bad-time': { ...base, createdAt: 'yesterday', changes: { amount: [1, 2] } },
      'bad-undo': { ...base, undoes: 7, changes: { amount: [1, 2] } },
      'a-string': 'Rate 18% → 24%',
    }
    for (const [id, record] of Object.entries(bad)) edits.set(id, record)
    const snapshot = readLender(doc)
    expect(snapshot.loanEdits.map((e) => e.id)).toEqual(['good'])
    expect(snapshot.skipped).toEqual(
      Object.keys(bad)
        .sort()
        .map((id) => ({ kind: 'loanEdit', id, reason: 'malformed' })),
    )
    // The projection, patched as they arrive, says the same.
    const fresh = book({})
    const projection = projectLender(fresh)
    projection.snapshot()
    Y.applyUpdate(fresh, Y.encodeStateAsUpdate(doc))
    expect(projection.snapshot()).toEqual(readLender(fresh))
    projection.destroy()
  })

  it('projects every change and Undo as a full read would, keeping unchanged records', () => {
    const doc = book({})
    const projection = projectLender(doc)
    const first = projection.snapshot()
    expect(first.loanEdits).toEqual([])
    updateLoan(doc, 'l1', { interestRate: 24 }, { now: T1, editId: 'e1' })
    const second = projection.snapshot()
    expect(second).toEqual(readLender(doc))
    undoLoanEdit(doc, 'e1', { now: T2, id: 'e2' })
    const third = projection.snapshot()
    expect(third).toEqual(readLender(doc))
    expect(third.loanEdits[0]).toBe(second.loanEdits[0])
    // A change elsewhere keeps the list itself.
    addPerson(doc, { name: 'Ravi', cityId: 'c1', balance: 0, gender: 'male' }, { now: T2 })
    expect(projection.snapshot().loanEdits).toBe(third.loanEdits)
    projection.destroy()
  })
})

describe('the book’s default rule for new loans', () => {
  it('is the old rule until the lender chooses simple interest, and is kept apart from the details', () => {
    const doc = book()
    expect(readNewLoanRule(doc)).toBe('balance')
    setNewLoanRule(doc, 'principal')
    expect(readNewLoanRule(doc)).toBe('principal')
    setProfile(doc, { displayName: 'Asha Lending' })
    expect(readProfile(doc)).toEqual({ displayName: 'Asha Lending', upiId: '' })
    setNewLoanRule(doc, 'balance')
    expect(profileMap(doc).has('newLoanInterestOn')).toBe(false)
  })

  it('reads a rule no writer stores as the old rule, and says it could not read it', () => {
    const doc = book()
    profileMap(doc).set('newLoanInterestOn', 'compound')
    expect(readNewLoanRule(doc)).toBe('balance')
    expect(readLender(doc).skipped).toEqual([
      { kind: 'profile', id: 'newLoanInterestOn', reason: 'malformed' },
    ])
  })
})

describe('export and import of the rule, the old dues and the change history', () => {
  it('go in whole, read back the same, and export again as the very same file', () => {
    const lender = book({ interestOn: 'principal', openingInterest: 7_500_00 })
    updateLoan(lender, 'l1', { interestRate: 24 }, { now: T1, by: laptop, editId: 'e1' })
    undoLoanEdit(lender, 'e1', { now: T2, by: phone, id: 'e2' })
    updateLoan(lender, 'l1', { startDate: '2025-12-01' }, { now: T2, by: phone, editId: 'e3' })
    const cities = new Y.Doc()
    const text = bookJson(exportBook(lender, cities, T2))
    const parsed = parseBook(text)
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
    expect(parsed.book.loanEdits.map((e) => e.id)).toEqual(['e1', 'e2', 'e3'])

    const fresh = new Y.Doc()
    initLenderDoc(fresh)
    const freshCities = new Y.Doc()
    expect(importBook(fresh, freshCities, parsed.book)).toMatchObject({ ok: true })
    expect(readLender(fresh)).toEqual(readLender(lender))
    expect(loanFigures(loanOf(fresh)!, '2026-11-25')).toEqual(
      loanFigures(loanOf(lender)!, '2026-11-25'),
    )
    expect(bookJson(exportBook(fresh, freshCities, T2))).toBe(text)
  })

  it('reads a version-1 file (no rule, no old dues, no history) as before', () => {
    const lender = book({})
    const file = { ...exportBook(lender, new Y.Doc(), T1), version: 1 } as Record<string, unknown>
    delete file.loanEdits
    const parsed = parseBook(JSON.stringify(file))
    expect(parsed).toMatchObject({ ok: true, book: { loanEdits: [] } })
  })

  it('names a change record that no writer makes, or whose loan is not in the file', () => {
    const lender = book({})
    updateLoan(lender, 'l1', { interestRate: 24 }, { now: T1, editId: 'e1' })
    const file = exportBook(lender, new Y.Doc(), T1)
    const broken = {
      ...file,
      loans: file.loans.map((l) => ({ ...l, interestOn: 'compound' })),
      loanEdits: [
        { ...file.loanEdits[0], changes: { interestRate: [18, 18] } },
        { ...file.loanEdits[0], id: 'e2', loanId: 'gone' },
      ],
    }
    const parsed = parseBook(JSON.stringify(broken))
    expect(parsed).toMatchObject({
      ok: false,
      problems: [
        { kind: 'field', record: { list: 'loans', index: 0 }, field: 'interestOn' },
        { kind: 'field', record: { list: 'loanEdits', index: 0 }, field: 'changes' },
      ],
    })
    const linked = parseBook(JSON.stringify({ ...file, loanEdits: [broken.loanEdits[1]] }))
    expect(linked).toMatchObject({
      ok: false,
      problems: [{ kind: 'noLoan', record: { list: 'loanEdits', index: 0 } }],
    })
  })

  it('keeps the history a fact: importing it changes no loan', () => {
    const lender = book({})
    updateLoan(lender, 'l1', { amount: 50_000_00 }, { now: T1, editId: 'e1' })
    const fresh = new Y.Doc()
    initLenderDoc(fresh)
    const parsed = parseBook(bookJson(exportBook(lender, new Y.Doc(), T1)))
    if (!parsed.ok) throw new Error('parse')
    importBook(fresh, new Y.Doc(), parsed.book)
    expect(loanOf(fresh)?.amount).toBe(50_000_00)
    expect(readLoanEdits(fresh)).toEqual(readLoanEdits(lender))
  })
})
