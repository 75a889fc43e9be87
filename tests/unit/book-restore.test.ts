/**
 * Restoring a backup into the lender's own book (issue 28): the check counts what the book holds
 * now and would hold after (people, loans, payments), changing nothing; the restore makes the
 * book export as the very same file (the lender's details for borrowers included), in one
 * transaction; a wrong file changes nothing and says so in plain words, in English and Hindi.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { bookJson, exportBook, type BookFile } from '../../shared/book/export.ts'
import { bookCounts, parseBook, planRestore, restoreBook } from '../../shared/book/import.ts'
import { addCity } from '../../shared/schema/city.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { readProfile, setProfile } from '../../shared/schema/profile.ts'
import { voidDeposit } from '../../shared/schema/void.ts'
import { loadAppCatalogues } from '../../src/i18n/index.ts'
import { problemsRead } from './bookProblems.ts'

const phone = { account: 'lender@example.com', device: 'Phone' }
const at = (day: number, minute = 0) =>
  `2026-03-${String(day).padStart(2, '0')}T10:${String(minute).padStart(2, '0')}:00.000Z`
const terms = {
  amount: 20_000_00,
  interestRate: 2,
  interestType: 'per_month' as const,
  startDate: '2026-01-01',
  dueDate: '2026-12-31',
  description: '',
}

/** Ramesh with two loans and a deposit that paid both, Sita with one; the lender's details. */
function book() {
  const lender = new Y.Doc()
  const cities = new Y.Doc()
  initLenderDoc(lender)
  const cityId = addCity(cities, 'Rampur', { now: at(1) }) as string
  const ramesh = addPerson(
    lender,
    { name: 'Ramesh', cityId, balance: 0, gender: 'male' },
    { now: at(1, 1), by: phone },
  )
  const sita = addPerson(
    lender,
    { name: 'Sita', cityId, balance: 0, gender: 'female' },
    { now: at(1, 2), by: phone },
  )
  const pump = addLoan(lender, { ...terms, personId: ramesh }, { now: at(1, 3), by: phone })
  const seeds = addLoan(lender, { ...terms, personId: ramesh }, { now: at(1, 4), by: phone })
  const sitaLoan = addLoan(lender, { ...terms, personId: sita }, { now: at(1, 5), by: phone })
  const paid = recordDeposit(
    lender,
    {
      date: '2026-03-02',
      allocations: [
        { loanId: pump, amount: 5_000_00 },
        { loanId: seeds, amount: 5_000_00 },
      ],
    },
    { now: at(2), by: phone },
  )
  if (!paid.ok) throw new Error('deposit')
  setProfile(lender, { displayName: 'Shri Ganesh Finance', upiId: 'ganesh@upi' })
  return { lender, cities, cityId, ramesh, sitaLoan, depositId: paid.depositId }
}

const EXPORTED_AT = '2026-03-05T09:00:00.000Z'
const LATER = '2026-03-09T09:00:00.000Z'

function checked(text: string): BookFile {
  const parsed = parseBook(text)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  return parsed.book
}

/** The book's export with the export time left out, to compare two exports. */
function content(lender: Y.Doc, cities: Y.Doc): string {
  return bookJson(exportBook(lender, cities, LATER))
}

/** After the backup: a new person, a new deposit, a loan deleted, a deposit voided, new details. */
function changeThings(b: ReturnType<typeof book>) {
  const { lender, cityId, ramesh, sitaLoan, depositId } = b
  const gopal = addPerson(
    lender,
    { name: 'Gopal', cityId, balance: 0, gender: 'male' },
    { now: at(6), by: phone },
  )
  const gopalLoan = addLoan(lender, { ...terms, personId: gopal }, { now: at(6, 1), by: phone })
  recordDeposit(
    lender,
    { date: '2026-03-06', allocations: [{ loanId: gopalLoan, amount: 1_000_00 }] },
    { now: at(6, 2), by: phone },
  )
  archiveLoan(lender, sitaLoan, { now: at(7), by: phone })
  voidDeposit(lender, depositId, 'Typed wrong', { now: at(7, 1), by: phone })
  setProfile(lender, { displayName: 'Someone else', upiId: '' })
  return { ramesh }
}

describe('restoring a backup into the lender’s own book', () => {
  it('counts what changes before → after, and the check changes nothing', () => {
    const b = book()
    const backup = checked(bookJson(exportBook(b.lender, b.cities, EXPORTED_AT)))
    changeThings(b)
    const state = Y.encodeStateAsUpdate(b.lender)
    const cityState = Y.encodeStateAsUpdate(b.cities)
    expect(planRestore(b.lender, b.cities, backup)).toEqual({
      ok: true,
      // Now: 3 people, Sita's loan in Trash (3 of 4 loans), Ramesh's deposit voided (1 payment).
      before: { people: 3, loans: 3, payments: 1 },
      after: { people: 2, loans: 3, payments: 2 },
    })
    expect(Y.encodeStateAsUpdate(b.lender)).toEqual(state)
    expect(Y.encodeStateAsUpdate(b.cities)).toEqual(cityState)
  })

  it('makes the book export as the backup did, details for borrowers included, in one transaction', () => {
    const b = book()
    const text = bookJson(exportBook(b.lender, b.cities, EXPORTED_AT))
    const backup = checked(text)
    expect(backup.profile).toEqual({ displayName: 'Shri Ganesh Finance', upiId: 'ganesh@upi' })
    const original = content(b.lender, b.cities)
    changeThings(b)
    expect(content(b.lender, b.cities)).not.toEqual(original)

    let transactions = 0
    b.lender.on('afterTransaction', () => transactions++)
    const result = restoreBook(b.lender, b.cities, backup)
    expect(result).toEqual({
      ok: true,
      before: { people: 3, loans: 3, payments: 1 },
      after: { people: 2, loans: 3, payments: 2 },
    })
    expect(transactions).toBe(1)
    expect(content(b.lender, b.cities)).toEqual(original)
    expect(readProfile(b.lender)).toEqual({
      displayName: 'Shri Ganesh Finance',
      upiId: 'ganesh@upi',
    })
    expect(bookCounts(b.lender)).toEqual({ people: 2, loans: 3, payments: 2 })

    // The book goes on as any book: a deposit recorded after the restore is read back.
    const loan = readLender(b.lender).loans[0]
    const more = recordDeposit(
      b.lender,
      { date: '2026-03-10', allocations: [{ loanId: loan?.id ?? '', amount: 100_00 }] },
      { now: at(10), by: phone },
    )
    expect(more.ok).toBe(true)
    expect(bookCounts(b.lender).payments).toBe(3)
  })

  it('reaches another device of the lender as the same book', () => {
    const b = book()
    const backup = checked(bookJson(exportBook(b.lender, b.cities, EXPORTED_AT)))
    const original = content(b.lender, b.cities)
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(b.lender))
    changeThings(b)
    Y.applyUpdate(other, Y.encodeStateAsUpdate(b.lender))
    const updates: Uint8Array[] = []
    b.lender.on('update', (update: Uint8Array) => updates.push(update))
    restoreBook(b.lender, b.cities, backup)
    for (const update of updates) Y.applyUpdate(other, update)
    expect(content(other, b.cities)).toEqual(original)
  })

  it('keeps the lender’s details when the backup has none (an older export)', () => {
    const b = book()
    const old = exportBook(b.lender, b.cities, EXPORTED_AT)
    delete old.profile
    changeThings(b)
    restoreBook(b.lender, b.cities, checked(bookJson(old)))
    expect(readProfile(b.lender)).toEqual({ displayName: 'Someone else', upiId: '' })
  })
})

describe('what the lender reads about a wrong backup', () => {
  beforeAll(async () => {
    await loadAppCatalogues()
  })

  it('a file that is not a backup is called so, not a list of missing fields', () => {
    const text = JSON.stringify({ name: 'My notes', items: [1, 2, 3] })
    expect(problemsRead(text, 'en')).toEqual([
      expect.stringMatching(/^This file is not a Rin Khata book/),
    ])
    expect(problemsRead(text, 'hi')[0]).toMatch(/^यह ऋण खाता का बही-खाता नहीं है/)
    expect(problemsRead('{oops', 'en')[0]).toMatch(/^This is not a book file/)
  })

  it('a wrong record is named by its borrower and loan, in plain words', () => {
    const b = book()
    const file = JSON.parse(bookJson(exportBook(b.lender, b.cities, EXPORTED_AT))) as {
      loans: Record<string, unknown>[]
    }
    const loan = file.loans[1] as Record<string, unknown>
    loan.amount = -5
    const problems = problemsRead(JSON.stringify(file), 'en')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/Ramesh/)
    expect(problems[0]).not.toMatch(/loans\[|paise above/)
    const hindi = problemsRead(JSON.stringify(file), 'hi')
    expect(hindi[0]).toMatch(/Ramesh/)
  })
})
