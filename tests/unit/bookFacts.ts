/**
 * The engine notes' worked example as the book holds it: ₹10,000 at 2 % a month from
 * 2025-01-01, due 2025-12-31, lent to the person `p1`; as a lender enters it and as a snapshot
 * shows it.
 */
import * as Y from 'yjs'
import { initLenderDoc } from '../../shared/schema/lender.ts'
import { addPerson } from '../../shared/schema/person.ts'
import type { Loan, LoanInput, PersonInput } from '../../shared/schema/types.ts'

/** The example as the loan form hands it to `addLoan`; `extra` changes any field. */
export function exampleLoanInput(extra: Partial<LoanInput> = {}): LoanInput {
  return {
    personId: 'p1',
    amount: 1_000_000,
    interestRate: 2,
    interestType: 'per_month',
    startDate: '2025-01-01',
    dueDate: '2025-12-31',
    description: '',
    ...extra,
  }
}

/** The example as a snapshot shows it, active, made on its first day, with no payments yet. */
export function exampleLoan(extra: Partial<Loan> = {}): Loan {
  return {
    id: 'loan-1',
    ...exampleLoanInput(),
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    archived: false,
    payments: [],
    waivers: [],
    ...extra,
  }
}

/** A ₹50 waiver of the example, "Goodwill", on 2025-04-01; `extra` changes any field. */
export function goodwillWaiver(extra: Partial<Loan['waivers'][number]> = {}) {
  return {
    id: 'w-1',
    date: '2025-04-01',
    amount: 5_000,
    note: 'Goodwill',
    createdAt: '2025-04-01T10:00:00.000Z',
    ...extra,
  }
}

/** A new book holding one person, `p1`, of the city `c1`, added at `now`. */
export function bookWithPerson(person: Pick<PersonInput, 'name' | 'gender'>, now: string): Y.Doc {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  addPerson(doc, { ...person, cityId: 'c1', balance: 0 }, { now, id: 'p1' })
  return doc
}
