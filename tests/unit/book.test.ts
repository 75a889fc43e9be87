import { strFromU8, unzipSync } from 'fflate'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  BOOK_VERSION,
  PAYMENT_CSV_FIELDS,
  bookCsvFileName,
  bookCsvFiles,
  bookCsvZip,
  localInstant,
  bookFileName,
  bookJson,
  exportBook,
} from '../../shared/book/export.ts'
import { importBook, isBookEmpty, parseBook } from '../../shared/book/import.ts'
import { bookProblemText } from '../../shared/book/importProblems.ts'
import { MAX_ID_LENGTH, MAX_TEXT_LENGTH } from '../../shared/schema/guards.ts'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { addCity, readCities } from '../../shared/schema/city.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, readArchivedWith, updateLoan } from '../../shared/schema/loan.ts'
import { undoLoanEdit } from '../../shared/schema/loanEdit.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
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
  // Old dues from paper, on simple interest; its rate changed, and the change undone.
  const paper = addLoan(
    lender,
    {
      personId,
      amount: 2_000_000,
      interestRate: 18,
      interestType: 'per_annum',
      startDate: '2026-03-01',
      dueDate: '2027-03-01',
      description: 'पुराना खाता',
      interestOn: 'principal',
      openingInterest: 123_456,
    },
    { now: at(16), by },
  )
  updateLoan(lender, paper, { interestRate: 24, interestOn: 'balance' }, { now: at(17), by })
  const rateEdit = readLender(lender).loanEdits.find((edit) => edit.loanId === paper)
  undoLoanEdit(lender, rateEdit?.id as string, { now: at(18) })
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
    expect(book.version).toBe(BOOK_VERSION)
    expect(book.people).toHaveLength(snapshot.people.length)
    expect(book.loans).toHaveLength(snapshot.loans.length)
    expect(book.payments).toHaveLength(snapshot.payments.length)
    expect(book.waivers).toHaveLength(1)
    expect(book.voids).toHaveLength(3)
    expect(book.undos).toHaveLength(1)
    // Each change of a loan's terms, each field's before and after, who and when: the status,
    // then the rate and rule of the old dues, and the Undo of that.
    expect(book.loanEdits).toEqual([
      expect.objectContaining({ changes: { status: ['active', 'defaulted'] }, createdAt: at(12) }),
      expect.objectContaining({
        changes: { interestRate: [18, 24], interestOn: ['principal', 'balance'] },
        createdAt: at(17),
        createdBy: by,
      }),
      expect.objectContaining({
        changes: { interestRate: [24, 18], interestOn: ['balance', 'principal'] },
        createdAt: at(18),
        undoes: book.loanEdits[1]?.id,
      }),
    ])
    expect(book.loans.find((loan) => loan.description === 'पुराना खाता')).toMatchObject({
      interestOn: 'principal',
      openingInterest: 123_456,
      interestRate: 18,
    })
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
    expect(person).toMatchObject({
      City: 'रामपुर',
      Relationship: 'Mother',
      'Note: balance from paper (not counted)': '0.00',
    })

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
      Interest: (entry.interestPart / 100).toFixed(2),
      Principal: (entry.principalPart / 100).toFixed(2),
      Description: 'cash',
    })
    // Each payment with its deposit's receipt; a voided one keeps its number.
    for (const row of [live, voided]) {
      expect(row['Receipt no.']).toMatch(/^[0-9A-Z]{6}-\d+$/)
      expect(row['Receipt code']).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    }
    // The truthful split (rule 6a): every live payment's columns add up to its amount, and every
    // loan's Interest paid + Principal paid + Overpaid to its Paid, with principal never past Lent.
    const paise = (text: string | undefined) => Math.round(Number(text) * 100)
    for (const row of rows('payments.csv').filter((r) => r['Payment id'] && r.Voided === '')) {
      expect(paise(row.Interest) + paise(row.Principal) + paise(row.Overpaid)).toBe(
        paise(row.Amount),
      )
    }
    for (const row of rows('loans.csv').filter((r) => r['Loan id'])) {
      expect(paise(row['Interest paid']) + paise(row['Principal paid']) + paise(row.Overpaid)).toBe(
        paise(row.Paid),
      )
      expect(paise(row['Principal paid'])).toBeLessThanOrEqual(paise(row.Lent))
    }

    const zipped = unzipSync(bookCsvZip(lender, cities, TODAY))
    expect(Object.keys(zipped).sort()).toEqual(['loans.csv', 'payments.csv', 'people.csv'])
    const bytes = zipped['payments.csv']!
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(strFromU8(bytes.slice(3))).toBe(files['payments.csv'].slice(1))
  })

  it('writes when a payment was recorded on the lender clock, with its offset', () => {
    const india = () => 330
    expect(localInstant('2026-11-26T15:40:21.482Z', india)).toBe('2026-11-26T21:10:21+05:30')
    // Past midnight in India while still the day before in UTC.
    expect(localInstant('2026-11-26T19:00:00.000Z', india)).toBe('2026-11-27T00:30:00+05:30')
    expect(localInstant('2026-11-26T15:40:21.482Z', () => -300)).toBe('2026-11-26T10:40:21-05:00')
    expect(localInstant('2026-11-26T15:40:21.482Z', () => 0)).toBe('2026-11-26T15:40:21+00:00')
    // The same instant, read back.
    expect(new Date(localInstant('2026-11-26T15:40:21.000Z', india)).toISOString()).toBe(
      '2026-11-26T15:40:21.000Z',
    )

    const { lender, cities } = richBook()
    const files = bookCsvFiles(lender, cities, TODAY, india)
    const rows = Papa.parse<Record<string, string>>(files['payments.csv'].slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows)
      expect(row['Recorded at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)
    expect(bookCsvFileName('payments.csv', TODAY)).toBe('rin-khata-payments-2026-11-23.csv')
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
    expect(parsed.problems).toContainEqual({
      kind: 'field',
      record: expect.objectContaining({ list: 'payments', index: 12 }),
      field: 'amount',
      issue: 'notAmount',
    })
    expect(parsed.problems).toContainEqual({
      kind: 'field',
      record: { list: 'people', index: 2 },
      field: 'name',
      issue: 'missing',
    })

    book.payments[12].amount = 100
    book.people[2].name = 'Back'
    const linked = parseBook(JSON.stringify(book))
    expect(linked).toEqual({
      ok: false,
      problems: [
        { kind: 'noPerson', record: expect.objectContaining({ list: 'loans', index: 4 }) },
      ],
    })
  })

  it('refuses what the server would refuse: over-long texts and ids, with the limit named', () => {
    const { lender, cities } = richBook()
    const book = JSON.parse(bookJson(exportBook(lender, cities, '2026-11-23T09:00:00.000Z')))
    // Written, these would never be stored: the server refuses a value this size, and the device
    // would send it again at every connection.
    book.people[1].name = 'x'.repeat(MAX_TEXT_LENGTH + 1)
    book.loans[2].id = 'l'.repeat(MAX_ID_LENGTH + 1)
    book.payments[3].createdAt = `2026-11-22T10:00:00.000Z${' '.repeat(200)}`
    const parsed = parseBook(JSON.stringify(book))
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    const found = parsed.problems.map((p) => (p.kind === 'field' ? [p.field, p.issue] : p.kind))
    expect(found).toEqual(
      expect.arrayContaining([
        ['name', 'tooLong'],
        ['id', 'tooLong'],
        ['createdAt', 'notTime'],
      ]),
    )
    // The inner sentence says the limit: `max` is the field's own.
    const limits = parsed.problems.map((problem) => {
      let max: unknown
      bookProblemText(problem, (key, values) => {
        if (key === 'issue.tooLong') max = values?.max
        return key
      })
      return max
    })
    expect(limits).toEqual(expect.arrayContaining([MAX_TEXT_LENGTH, MAX_ID_LENGTH]))
    // The writers refuse the same, so nothing in the app can make such a record.
    expect(() =>
      addPerson(
        new Y.Doc(),
        { name: 'x'.repeat(MAX_TEXT_LENGTH + 1), cityId: 'c', balance: 0, gender: 'male' },
        { now: at(1) },
      ),
    ).toThrow(TypeError)
  })

  it('refuses a file that is not a book', () => {
    expect(parseBook('not json')).toEqual({ ok: false, problems: [{ kind: 'notJson' }] })
    expect(parseBook(JSON.stringify({ format: 'other' }))).toEqual({
      ok: false,
      problems: [{ kind: 'notBook' }],
    })
    expect(parseBook('null')).toEqual({ ok: false, problems: [{ kind: 'notBook' }] })
    const { lender, cities } = richBook()
    const newer = {
      ...exportBook(lender, cities, '2026-11-23T09:00:00.000Z'),
      version: BOOK_VERSION + 1,
    }
    expect(parseBook(JSON.stringify(newer))).toEqual({
      ok: false,
      problems: [{ kind: 'newerVersion' }],
    })
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
