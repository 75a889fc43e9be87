import { strFromU8, unzipSync } from 'fflate'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  PAYMENT_CSV_FIELDS,
  bookCsvFiles,
  bookCsvZip,
  bookFileName,
  bookJson,
  exportBook,
} from '../../shared/book/export.ts'
import { importBook, isBookEmpty, parseBook } from '../../shared/book/import.ts'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { addCity, readCities } from '../../shared/schema/city.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, readArchivedWith, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/schema/payment.ts'
import { addPerson, archivePerson, updatePerson } from '../../shared/schema/person.ts'
import {
  readUndos,
  readVoids,
  undoVoidsOf,
  voidDeposit,
  voidWaiver,
} from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import { buildBook } from '../fixtures/book.ts'

const TODAY = '2026-11-23'
const by = { account: 'a@example.com', device: 'Phone' }
const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`

/** A random book (the fixture) plus every kind of record: cities, actors, waivers, voids, undos, archive. */
function richBook(): { lender: Y.Doc; cities: Y.Doc } {
  const { doc: lender, loanIds } = buildBook({ people: 30, loans: 60, payments: 150 })
  const cities = new Y.Doc()
  for (let i = 0; i < 40; i++) addCity(cities, `Town ${i}`, { id: `city-${i}`, now: at(0) })
  const cityId = addCity(cities, 'रामपुर', { now: at(1) }) as string
  const personId = addPerson(
    lender,
    { name: 'सीता देवी', cityId, balance: 0, gender: 'female', petName: 'Mother', language: 'hi' },
    { now: at(2), by },
  )
  const loanId = addLoan(
    lender,
    {
      personId,
      amount: 5_000_000,
      interestRate: 24,
      interestType: 'per_annum',
      startDate: '2026-01-01',
      dueDate: '2026-12-31',
      description: 'खेती',
    },
    { now: at(3), by },
  )
  const other = addLoan(
    lender,
    {
      personId,
      amount: 1_000_000,
      interestRate: 2,
      interestType: 'per_month',
      startDate: '2026-02-01',
      dueDate: '2026-08-01',
      description: '',
    },
    { now: at(4), by },
  )
  const deposit = recordDeposit(
    lender,
    {
      date: '2026-06-01',
      allocations: [
        { loanId, amount: 1_000_000 },
        { loanId: other, amount: 200_000 },
      ],
    },
    { now: at(5), by },
  )
  if (!deposit.ok) throw new Error('deposit')
  recordDeposit(
    lender,
    { date: '2026-07-01', description: 'cash', allocations: [{ loanId, amount: 300_000 }] },
    { now: at(6), by },
  )
  voidDeposit(lender, deposit.depositId, 'typed twice', { now: at(7), by })
  undoVoidsOf(lender, deposit.depositId, { now: at(8), by })
  voidDeposit(lender, deposit.depositId, 'wrong day', { now: at(9), by })
  const waiver = recordWaiver(
    lender,
    { loanId: other, date: '2026-09-01', amount: 50_000, note: 'festival' },
    { now: at(10), by },
  )
  if (!waiver.ok) throw new Error('waiver')
  voidWaiver(lender, waiver.waiverId, 'not agreed', { now: at(11) })
  updateLoan(lender, other, { status: 'defaulted' }, { now: at(12), by })
  updatePerson(lender, personId, { phone: '9876543210' }, { now: at(13), by })
  archiveLoan(lender, loanIds[3] as string, { now: at(14), by })
  const snapshot = readLender(lender)
  archivePerson(lender, snapshot.people[5]?.id as string, { now: at(15), by })
  return { lender, cities }
}

function figures(doc: Y.Doc) {
  return readLender(doc).loans.map((loan) => {
    const { ledger, ...rest } = loanFigures(loan, TODAY)
    return { id: loan.id, ledger, ...rest }
  })
}

describe('the book export', () => {
  it('holds every record with its ids, timestamps and actors, archived ones too', () => {
    const { lender, cities } = richBook()
    const book = exportBook(lender, cities, '2026-11-23T09:00:00.000Z')
    const snapshot = readLender(lender)
    expect(book.format).toBe('rin-khata-book')
    expect(book.version).toBe(1)
    expect(book.people).toHaveLength(snapshot.people.length)
    expect(book.loans).toHaveLength(snapshot.loans.length)
    expect(book.payments).toHaveLength(snapshot.payments.length)
    expect(book.waivers).toHaveLength(1)
    expect(book.voids).toHaveLength(3)
    expect(book.undos).toHaveLength(1)
    expect(book.loans.filter((loan) => loan.archived).length).toBeGreaterThan(1)
    expect(book.loans.some((loan) => loan.archivedWith !== undefined)).toBe(true)
    expect(book.people.find((p) => p.name === 'सीता देवी')).toMatchObject({
      createdBy: by,
      updatedBy: by,
      phone: '9876543210',
    })
    expect(book.cities.map((c) => c.name)).toContain('रामपुर')
    expect(bookFileName(TODAY)).toBe('rin-khata-book-2026-11-23.json')
  })

  it('makes spreadsheets with the engine figures, rupees with 2 decimals and DD/MM/YYYY dates', () => {
    const { lender, cities } = richBook()
    const files = bookCsvFiles(lender, cities, TODAY)
    for (const text of Object.values(files)) expect(text.startsWith('\uFEFF')).toBe(true)
    const rows = (name: keyof typeof files) =>
      Papa.parse<Record<string, string>>(files[name].slice(1), { header: true }).data
    const person = rows('people.csv').find((row) => row.Name === 'सीता देवी')
    expect(person).toMatchObject({ City: 'रामपुर', Relationship: 'Mother', Balance: '0.00' })

    const loan = readLender(lender).loans.find((l) => l.description === 'खेती')!
    const expected = loanFigures(loan, TODAY)
    const loanRow = rows('loans.csv').find((row) => row['Loan id'] === loan.id)
    expect(loanRow).toMatchObject({
      Lent: '50000.00',
      'Start date': '01/01/2026',
      'Due date': '31/12/2026',
      Status: expected.status,
      'Due today': (expected.totalDue / 100).toFixed(2),
      'Principal left': (expected.principalRemaining / 100).toFixed(2),
    })

    expect(files['payments.csv'].slice(1).split('\r\n')[0]).toBe(PAYMENT_CSV_FIELDS.join(','))
    const payments = rows('payments.csv').filter((row) => row['Loan id'] === loan.id)
    expect(payments).toHaveLength(2)
    const voided = payments.find((row) => row.Voided === 'wrong day')!
    expect(voided).toMatchObject({ Amount: '10000.00', Interest: '', Date: '01/06/2026' })
    const live = payments.find((row) => row.Voided === '')!
    const entry = expected.ledger.entries.find((e) => e.paymentId === live['Payment id'])!
    expect(live).toMatchObject({
      Amount: '3000.00',
      Interest: (entry.interestPaid / 100).toFixed(2),
      Principal: (entry.principalPaid / 100).toFixed(2),
      Description: 'cash',
    })

    const zipped = unzipSync(bookCsvZip(lender, cities, TODAY))
    expect(Object.keys(zipped).sort()).toEqual(['loans.csv', 'payments.csv', 'people.csv'])
    const bytes = zipped['payments.csv']!
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(strFromU8(bytes.slice(3))).toBe(files['payments.csv'].slice(1))
  })

  it('keeps a name that starts like a formula as text', () => {
    const lender = new Y.Doc()
    addPerson(lender, { name: '=1+2', cityId: 'x', balance: 0, gender: 'male' }, { now: at(0) })
    const csv = bookCsvFiles(lender, new Y.Doc(), TODAY)['people.csv']
    expect(csv).toContain("'=1+2")
  })
})

describe('the book import', () => {
  it('restores an exported book exactly into an empty book: same records, same figures', () => {
    const { lender, cities } = richBook()
    const text = bookJson(exportBook(lender, cities, '2026-11-23T09:00:00.000Z'))
    const parsed = parseBook(text)
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'))
    const fresh = new Y.Doc()
    const freshCities = new Y.Doc()
    expect(importBook(fresh, freshCities, parsed.book)).toMatchObject({
      ok: true,
      people: readLender(lender).people.length,
    })
    expect(readLender(fresh)).toEqual(readLender(lender))
    expect(figures(fresh)).toEqual(figures(lender))
    expect(readVoids(fresh)).toEqual(readVoids(lender))
    expect(readUndos(fresh)).toEqual(readUndos(lender))
    expect(readArchivedWith(fresh)).toEqual(readArchivedWith(lender))
    expect(bookJson(exportBook(fresh, freshCities, '2026-11-23T09:00:00.000Z'))).toBe(text)
  })

  it('reuses a same-named city already in the shared list', () => {
    const { lender, cities } = richBook()
    const book = exportBook(lender, cities, '2026-11-23T09:00:00.000Z')
    const shared = new Y.Doc()
    const existing = addCity(shared, 'रामपुर', { now: at(0) })
    const fresh = new Y.Doc()
    expect(importBook(fresh, shared, book).ok).toBe(true)
    expect(readCities(shared).filter((c) => c.name === 'रामपुर')).toHaveLength(1)
    const sita = readLender(fresh).people.find((p) => p.name === 'सीता देवी')
    expect(sita?.cityId).toBe(existing)
  })

  it('names the record and the field of every problem and writes nothing', () => {
    const { lender, cities } = richBook()
    const book = JSON.parse(bookJson(exportBook(lender, cities, '2026-11-23T09:00:00.000Z')))
    book.payments[12].amount = 12.5
    delete book.people[2].name
    book.loans[4].personId = 'nobody'
    const parsed = parseBook(JSON.stringify(book))
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.problems).toContain(
      'payments[12].amount: must be a whole number of paise above 0',
    )
    expect(parsed.problems).toContain('people[2].name: is missing')

    book.payments[12].amount = 100
    book.people[2].name = 'Back'
    const linked = parseBook(JSON.stringify(book))
    expect(linked).toEqual({ ok: false, problems: ['loans[4].personId: no person has this id'] })
  })

  it('refuses a file that is not a book', () => {
    expect(parseBook('not json')).toEqual({
      ok: false,
      problems: ['file: is not JSON (choose the .json file an export made)'],
    })
    const parsed = parseBook(JSON.stringify({ format: 'other' }))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.problems[0]).toBe('format: must be "rin-khata-book"')
  })

  it('refuses a book that is not empty and changes nothing', () => {
    const { lender, cities } = richBook()
    const book = exportBook(lender, cities, '2026-11-23T09:00:00.000Z')
    const target = new Y.Doc()
    addPerson(target, { name: 'Ravi', cityId: 'x', balance: 0, gender: 'male' }, { now: at(0) })
    const before = Y.encodeStateAsUpdate(target)
    expect(isBookEmpty(target)).toBe(false)
    expect(importBook(target, new Y.Doc(), book)).toEqual({ ok: false, reason: 'notEmpty' })
    expect(Y.encodeStateAsUpdate(target)).toEqual(before)
  })
})
