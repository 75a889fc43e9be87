/**
 * Layout 7: a loan is written with its terms as one value (`shared/schema/loanTerms.ts`). The
 * loan reads as it did field by field; a later change wins over the terms, on one device or two
 * at once; a field put back to its default stays at its default; terms no writer makes are
 * skipped and flagged; a loan written field by field, before layout 7, reads as it always did.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { loansMap } from '../../shared/schema/doc.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { addLoan, updateLoan } from '../../shared/schema/loan.ts'
import { readLoanEdits, undoLoanEdit } from '../../shared/schema/loanEdit.ts'
import { TERMS_KEY } from '../../shared/schema/loanTerms.ts'
import { archivePerson } from '../../shared/schema/person.ts'
import type { LoanInput } from '../../shared/schema/types.ts'
import { bookWithPerson } from './bookFacts.ts'

const T0 = '2026-01-01T10:00:00.000Z'
const T1 = '2026-02-01T10:00:00.000Z'
const T2 = '2026-03-01T10:00:00.000Z'
const T3 = '2026-04-01T10:00:00.000Z'
const phone = { account: 'asha@example.com', device: 'Phone' }

const input: LoanInput = {
  personId: 'p1',
  amount: 50_000_00,
  interestRate: 2,
  interestType: 'per_month',
  startDate: '2026-01-01',
  dueDate: '2026-06-30',
  description: 'Shop, "new" stock\nand a line',
  interestOn: 'principal',
  openingInterest: 1_200_00,
}

function bookWithLoan(loan: Partial<LoanInput> = {}): Y.Doc {
  const doc = bookWithPerson({ name: 'Asha', gender: 'female' }, T0)
  addLoan(doc, { ...input, ...loan }, { now: T0, id: 'l1', by: phone })
  return doc
}

const stored = (doc: Y.Doc) => loansMap(doc).get('l1') as Y.Map<unknown>
const loanOf = (doc: Y.Doc) => readLender(doc).loans.find((loan) => loan.id === 'l1')

/** The same loan as an app of layout 6 wrote it: one entry per field. */
function fieldByField(doc: Y.Doc): void {
  doc.transact(() => {
    const loan = new Y.Map<unknown>()
    loansMap(doc).set('l1', loan)
    const { interestOn, openingInterest, ...rest } = input
    for (const [key, value] of Object.entries({ ...rest, interestOn, openingInterest })) {
      loan.set(key, value)
    }
    loan.set('createdAt', T0)
  })
}

describe('a loan’s terms as one value (layout 7)', () => {
  it('writes a new loan as its terms alone, and reads back every field and who made it', () => {
    const doc = bookWithLoan()
    expect([...stored(doc).keys()]).toEqual([TERMS_KEY])
    expect(loanOf(doc)).toMatchObject({
      ...input,
      status: 'active',
      createdAt: T0,
      updatedAt: T0,
      archived: false,
      createdBy: phone,
    })
    // Read as the same loan an app of layout 6 wrote field by field.
    const old = bookWithPerson({ name: 'Asha', gender: 'female' }, T0)
    fieldByField(old)
    const { createdBy: _by, updatedBy: _updatedBy, ...fields } = loanOf(doc)!
    expect(loanOf(old)).toEqual(fields)
  })

  it('leaves the defaults out of the terms, and reads them as the defaults', () => {
    const doc = bookWithLoan({ description: '', interestOn: 'balance', openingInterest: 0 })
    expect(JSON.parse(stored(doc).get(TERMS_KEY) as string)).toEqual([
      ...['p1', 50_000_00, 2, 'per_month', '2026-01-01', '2026-06-30'],
      ...[null, null, null, T0, expect.any(String)],
    ])
    const loan = loanOf(doc)!
    expect(loan.description).toBe('')
    expect(loan).not.toHaveProperty('interestOn')
    expect(loan).not.toHaveProperty('openingInterest')
  })

  it('takes a change over the terms, and records it in the loan’s history; undone, the terms stand again', () => {
    const doc = bookWithLoan()
    updateLoan(doc, 'l1', { amount: 60_000_00, dueDate: '2026-09-30' }, { now: T1, editId: 'e1' })
    expect(loanOf(doc)).toMatchObject({ amount: 60_000_00, dueDate: '2026-09-30', updatedAt: T1 })
    expect(readLoanEdits(doc)[0]!.changes).toEqual({
      amount: [50_000_00, 60_000_00],
      dueDate: ['2026-06-30', '2026-09-30'],
    })
    expect(undoLoanEdit(doc, 'e1', { now: T2 })).toMatchObject({ ok: true })
    expect(loanOf(doc)).toMatchObject({ amount: 50_000_00, dueDate: '2026-06-30', updatedAt: T2 })
    // Setting what the terms hold already is no change: nothing recorded, nothing stamped.
    updateLoan(doc, 'l1', { interestRate: 2, description: input.description }, { now: T3 })
    expect(readLoanEdits(doc)).toHaveLength(2)
    expect(loanOf(doc)!.updatedAt).toBe(T2)
  })

  it('keeps a field put back to its default at its default: the old dues gone from the figures', () => {
    const doc = bookWithLoan()
    const before = loanFigures(loanOf(doc)!, '2026-01-01').reckoning.due
    expect(before).toBe(51_200_00)
    updateLoan(
      doc,
      'l1',
      { openingInterest: 0, description: '', interestOn: 'balance' },
      { now: T1 },
    )
    const loan = loanOf(doc)!
    expect(loan).not.toHaveProperty('openingInterest')
    expect(loan).not.toHaveProperty('interestOn')
    expect(loan.description).toBe('')
    expect(loanFigures(loan, '2026-01-01').reckoning.due).toBe(50_000_00)
  })

  it('keeps both changes when two devices change two fields at once', () => {
    const a = bookWithLoan()
    const b = new Y.Doc()
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    updateLoan(a, 'l1', { amount: 70_000_00 }, { now: T1 })
    updateLoan(b, 'l1', { description: 'Two buffaloes', openingInterest: 0 }, { now: T1 })
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    for (const doc of [a, b]) {
      const loan = loanOf(doc)!
      expect(loan.amount).toBe(70_000_00)
      expect(loan.description).toBe('Two buffaloes')
      expect(loan).not.toHaveProperty('openingInterest')
    }
  })

  it('archives a loan with its person', () => {
    const doc = bookWithLoan()
    archivePerson(doc, 'p1', { now: T1 })
    expect(loanOf(doc)).toMatchObject({ archived: true, archivedAt: T1 })
  })

  it('skips a loan whose terms no writer makes, and says so', () => {
    const bad: unknown[] = [
      'not json',
      '{"amount":5000000}',
      JSON.stringify([...Array(11)].map(() => null)),
      '["p1",[5000000],2,"per_month","2026-01-01","2026-06-30"]',
      '["p1",-5,2,"per_month","2026-01-01","2026-06-30",null,null,null,"2026-01-01T10:00:00.000Z"]',
      '["p1",5000000,2,"per_month","2026-02-30","2026-06-30",null,null,null,"2026-01-01T10:00:00.000Z"]',
      '["p1",5000000,2,"per_month","2026-01-01","2026-06-30"]',
      42,
    ]
    for (const terms of bad) {
      const doc = bookWithLoan()
      stored(doc).set(TERMS_KEY, terms)
      const { loans, skipped } = readLender(doc)
      expect(loans, JSON.stringify(terms)).toEqual([])
      expect(skipped).toEqual([{ kind: 'loan', id: 'l1', reason: 'malformed' }])
    }
    // An entry of its own is checked as ever, over good terms.
    const doc = bookWithLoan()
    stored(doc).set('amount', 'lots')
    expect(readLender(doc).loans).toEqual([])
  })
})
