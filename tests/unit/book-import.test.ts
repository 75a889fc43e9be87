/**
 * The book import is all or nothing, and a book this app exported always goes back in whole:
 * the case an attack run found (two devices voided one deposit while apart; the import failed
 * half-way and left a partial book that refused a second try), what a failure leaves behind
 * (the lender's doc and the shared cities byte for byte as they were), how the copy into the
 * lender's doc is made (one transaction, reading back as the file has it), and what the lender
 * reads when a file is wrong, in English and Hindi.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { bookJson, exportBook, type BookFile } from '../../shared/book/export.ts'
import { importBook, isBookEmpty, parseBook } from '../../shared/book/import.ts'
import { type BookProblem } from '../../shared/book/importProblems.ts'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { addCity } from '../../shared/schema/city.ts'
import { actorLogs } from '../../shared/deposit/log.ts'
import { metaMap } from '../../shared/schema/doc.ts'
import { paymentsMap } from '../../shared/schema/layouts/oldForms.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson, archivePerson } from '../../shared/schema/person.ts'
import { readVoids, undoVoidsOf, voidDeposit } from '../../shared/schema/void.ts'
import { loadAppCatalogues } from '../../src/i18n/index.ts'
import { problemsRead } from './bookProblems.ts'

const TODAY = '2026-11-23'
const EXPORTED_AT = '2026-11-23T09:00:00.000Z'
const phone = { account: 'lender@example.com', device: 'Phone' }
const laptop = { account: 'lender@example.com', device: 'Laptop' }
const at = (day: number, minute = 0) =>
  `2026-02-${String(day).padStart(2, '0')}T10:${String(minute).padStart(2, '0')}:00.000Z`

/**
 * A lender's book on two devices that went apart: each voided the same deposit (both voids
 * stand), each voided a second one that was then undone once for all, and a person went to the
 * Trash with their loan before they split. The export of the merged book is what the attack
 * imported.
 */
function doubleVoidBook(): { lender: Y.Doc; cities: Y.Doc; depositId: string } {
  const lender = new Y.Doc()
  const cities = new Y.Doc()
  initLenderDoc(lender)
  const cityId = addCity(cities, 'Rampur', { now: at(1) }) as string
  const ravi = addPerson(
    lender,
    { name: 'Ravi', cityId, balance: 0, gender: 'male' },
    { now: at(1, 1), by: phone },
  )
  const gopal = addPerson(
    lender,
    { name: 'Gopal', cityId, balance: 0, gender: 'male' },
    { now: at(1, 2), by: phone },
  )
  const terms = {
    amount: 10_000_00,
    interestRate: 2,
    interestType: 'per_month' as const,
    startDate: '2026-01-01',
    dueDate: '2026-12-31',
    description: 'Seeds',
  }
  const seeds = addLoan(lender, { ...terms, personId: ravi }, { now: at(1, 3), by: phone })
  addLoan(lender, { ...terms, personId: gopal }, { now: at(1, 4), by: phone })
  const deposit = (day: number, amount: number) => {
    const result = recordDeposit(
      lender,
      { date: `2026-02-${day}`, allocations: [{ loanId: seeds, amount }] },
      { now: at(day), by: phone },
    )
    if (!result.ok) throw new Error('deposit')
    return result.depositId
  }
  const typo = deposit(10, 7_000_00)
  const twice = deposit(11, 2_000_00)
  deposit(12, 1_000_00)
  archivePerson(lender, gopal, { now: at(13), by: phone })

  // Apart: each device voids both deposits.
  const other = new Y.Doc()
  Y.applyUpdate(other, Y.encodeStateAsUpdate(lender))
  voidDeposit(lender, typo, 'Typed 7,000 for 700', { now: at(14), by: phone })
  voidDeposit(other, typo, 'Wrong amount', { now: at(14, 5), by: laptop })
  voidDeposit(lender, twice, 'Recorded twice', { now: at(14, 1), by: phone })
  voidDeposit(other, twice, 'Recorded twice', { now: at(14, 6), by: laptop })
  // Together again: both voids of each stand; the second deposit is brought back once for all.
  Y.applyUpdate(lender, Y.encodeStateAsUpdate(other))
  undoVoidsOf(lender, twice, { now: at(15), by: phone })
  return { lender, cities, depositId: typo }
}

function figures(doc: Y.Doc) {
  return readLender(doc).loans.map((loan) => ({ id: loan.id, ...loanFigures(loan, TODAY) }))
}

function checked(text: string): BookFile {
  const parsed = parseBook(text)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  return parsed.book
}

/** A fresh lender's doc as the app has it before anything is entered: stamped, nothing else. */
function emptyBook(): Y.Doc {
  const doc = new Y.Doc()
  initLenderDoc(doc)
  return doc
}

describe('a book in which two devices voided one deposit while apart', () => {
  it('imports whole, and exports again as the very same file', () => {
    const { lender, cities } = doubleVoidBook()
    const text = bookJson(exportBook(lender, cities, EXPORTED_AT))
    const book = checked(text)
    expect(book.voids).toHaveLength(4)
    expect(book.undos).toHaveLength(2)

    const fresh = emptyBook()
    const freshCities = new Y.Doc()
    expect(importBook(fresh, freshCities, book)).toEqual({
      ok: true,
      people: 2,
      loans: 2,
      payments: 3,
    })
    expect(readLender(fresh)).toEqual(readLender(lender))
    expect(figures(fresh)).toEqual(figures(lender))
    expect(readVoids(fresh)).toEqual(readVoids(lender))
    // Gopal stays in the Trash with his loan; Ravi's typo stays voided, by both voids.
    const people = readLender(fresh).people.map((p) => [p.name, p.archived])
    expect(people).toEqual([
      ['Ravi', false],
      ['Gopal', true],
    ])
    expect(bookJson(exportBook(fresh, freshCities, EXPORTED_AT))).toBe(text)
  })
})

describe('what a real book can hold, though a form would not write it', () => {
  it('goes in whole and exports again as the same file', () => {
    const { lender, cities } = doubleVoidBook()
    const [ravi] = readLender(lender).people
    const dates = addLoan(
      lender,
      {
        personId: ravi?.id as string,
        amount: 5_000_00,
        interestRate: 1,
        interestType: 'per_month',
        startDate: '2026-01-01',
        dueDate: '2026-03-01',
        description: 'Pump',
      },
      { now: at(16), by: phone },
    )
    // Apart, one device moves the start past the due date the other moves back: due before start.
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(lender))
    updateLoan(lender, dates, { startDate: '2026-02-20' }, { now: at(17), by: phone })
    updateLoan(other, dates, { dueDate: '2026-02-10' }, { now: at(17, 1), by: laptop })
    Y.applyUpdate(lender, Y.encodeStateAsUpdate(other))
    // A third device voids a deposit the first never got: its void arrives alone and waits.
    const third = new Y.Doc()
    Y.applyUpdate(third, Y.encodeStateAsUpdate(lender))
    const deposit = recordDeposit(
      third,
      { date: '2026-02-21', allocations: [{ loanId: dates, amount: 100_00 }] },
      { now: at(18), by: laptop },
    )
    if (!deposit.ok) throw new Error('deposit')
    const fourth = new Y.Doc()
    Y.applyUpdate(fourth, Y.encodeStateAsUpdate(third))
    const alone: Uint8Array[] = []
    fourth.on('update', (update: Uint8Array) => alone.push(update))
    voidDeposit(fourth, deposit.depositId, 'Not his', { now: at(19), by: laptop })
    for (const update of alone) Y.applyUpdate(lender, update)
    // Layout 1 from elsewhere: one deposit's payments with different notes, kept apart.
    const layoutOne = new Y.Doc()
    Y.applyUpdate(layoutOne, Y.encodeStateAsUpdate(lender))
    layoutOne.transact(() => {
      metaMap(layoutOne).set('schemaVersion', 1)
      for (const [n, description] of ['cash', 'cheque'].entries()) {
        paymentsMap(layoutOne).set(`old-${n}`, {
          loanId: dates,
          depositId: 'old-deposit',
          date: '2026-02-22',
          amount: (n + 1) * 100_00,
          description,
          createdAt: at(20),
        })
      }
    })
    initLenderDoc(layoutOne)

    const text = bookJson(exportBook(layoutOne, cities, EXPORTED_AT))
    const book = checked(text)
    const loan = book.loans.find((l) => l.id === dates)
    expect(loan && loan.dueDate < loan.startDate).toBe(true)
    expect(book.voids.filter((v) => v.targetId === deposit.depositId)).toHaveLength(1)
    expect(book.payments.some((p) => p.depositId === deposit.depositId)).toBe(false)
    expect(book.payments.filter((p) => p.depositId === 'old-deposit')).toHaveLength(2)

    const fresh = emptyBook()
    const freshCities = new Y.Doc()
    expect(importBook(fresh, freshCities, book).ok).toBe(true)
    expect(figures(fresh)).toEqual(figures(layoutOne))
    expect(bookJson(exportBook(fresh, freshCities, EXPORTED_AT))).toBe(text)
  })
})

describe('the copy into the lender’s doc', () => {
  it('is one transaction, and nothing is written to the doc before it', () => {
    const { lender, cities } = doubleVoidBook()
    const book = checked(bookJson(exportBook(lender, cities, EXPORTED_AT)))
    const fresh = emptyBook()
    const transactions: Y.Transaction[] = []
    fresh.on('afterTransaction', (transaction: Y.Transaction) => transactions.push(transaction))
    const updates: Uint8Array[] = []
    fresh.on('update', (update: Uint8Array) => updates.push(update))
    expect(importBook(fresh, new Y.Doc(), book).ok).toBe(true)
    expect(transactions).toHaveLength(1)
    expect(transactions[0]?.origin).toBe('local')
    expect(updates).toHaveLength(1)
    // That one update is the whole book: another device that gets only it shows the same book.
    const device = emptyBook()
    Y.applyUpdate(device, updates[0] as Uint8Array)
    expect(readLender(device)).toEqual(readLender(lender))
  })

  it('keeps each actor’s deposit log, and a deposit recorded afterwards joins it', () => {
    const { lender, cities } = doubleVoidBook()
    const fresh = emptyBook()
    importBook(fresh, new Y.Doc(), checked(bookJson(exportBook(lender, cities, EXPORTED_AT))))
    const keys = [...actorLogs(fresh).keys()]
    // `<actor key>.<client id>`: one log for the phone, under the scratch copy's own client id.
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^[0-9a-z]+\.[0-9a-z]+$/)
    expect(keys[0]?.endsWith(`.${fresh.clientID.toString(36)}`)).toBe(false)
    const [loan] = readLender(fresh).loans
    const result = recordDeposit(
      fresh,
      { date: '2026-03-01', allocations: [{ loanId: loan?.id as string, amount: 500_00 }] },
      { now: at(20), by: phone },
    )
    expect(result.ok).toBe(true)
    expect([...actorLogs(fresh).keys()]).toEqual(keys)
    expect(readLender(fresh).payments).toHaveLength(4)
  })
})

/** A book file as plain JSON, to edit: each list's records as plain objects. */
type FileJson = Record<string, Record<string, unknown>[]>

/** The `index`-th record of a list of the file (there, or the test is wrong). */
function rec(book: FileJson, list: string, index: number): Record<string, unknown> {
  const record = book[list]?.[index]
  if (!record) throw new Error(`no ${list}[${index}]`)
  return record
}

/** A list of the file. */
function records(book: FileJson, list: string): Record<string, unknown>[] {
  return book[list] ?? []
}

/** The file of `doubleVoidBook`, changed by `edit`. */
function editedFile(edit: (book: FileJson) => void): { text: string; good: string } {
  const { lender, cities } = doubleVoidBook()
  const good = bookJson(exportBook(lender, cities, EXPORTED_AT))
  const book = JSON.parse(good) as FileJson
  edit(book)
  return { text: JSON.stringify(book), good }
}

describe('an import that fails', () => {
  const cases: [string, (book: FileJson) => void, Partial<BookProblem>][] = [
    [
      // Ids are kept as they are, but a loan's person is looked up trimmed: the writer throws.
      'a writer throws on a record',
      (book) => {
        const gopal = rec(book, 'people', 1)
        const id = ` ${String(gopal.id)}`
        for (const loan of records(book, 'loans')) {
          if (loan.personId === gopal.id) loan.personId = id
          if (loan.archivedWith === gopal.id) loan.archivedWith = id
        }
        gopal.id = id
      },
      {
        kind: 'notWritten',
        record: { list: 'loans', index: 1, person: 'Gopal', amount: 10_000_00, date: '2026-01-01' },
      },
    ],
    [
      // Written, but stored trimmed: the book would not show it as the file has it.
      'a record does not read back as the file has it',
      (book) => {
        const ravi = rec(book, 'people', 0)
        ravi.cityId = ` ${String(ravi.cityId)}`
        book.cities = []
      },
      { kind: 'notReadBack', record: { list: 'people', index: 0, name: 'Ravi' } },
    ],
  ]

  it.each(cases)(
    'when %s: leaves the book and the cities byte for byte as they were, says which record, and can be tried again',
    (_, edit, expected) => {
      const { text, good } = editedFile(edit)
      const book = checked(text)
      const fresh = emptyBook()
      const shared = new Y.Doc()
      addCity(shared, 'Sitapur', { now: at(1) })
      const before = { lender: Y.encodeStateAsUpdate(fresh), cities: Y.encodeStateAsUpdate(shared) }
      const result = importBook(fresh, shared, book)
      expect(result).toEqual({
        ok: false,
        reason: 'notWritten',
        problems: [expect.objectContaining(expected)],
      })
      expect(Y.encodeStateAsUpdate(fresh)).toEqual(before.lender)
      expect(Y.encodeStateAsUpdate(shared)).toEqual(before.cities)
      expect(isBookEmpty(fresh)).toBe(true)
      // The lender fixes the file (here: the export as it was) and imports again.
      expect(importBook(fresh, shared, checked(good)).ok).toBe(true)
      expect(readLender(fresh).people).toHaveLength(2)
    },
  )
})

describe('what the lender reads about a file', () => {
  beforeAll(async () => {
    await loadAppCatalogues()
  })

  it('names the borrower, the loan or the payment, and what is wrong with it', () => {
    const { text } = editedFile((book) => {
      rec(book, 'payments', 1).amount = 12.5
      delete rec(book, 'people', 1).name
    })
    expect(problemsRead(text, 'en')).toEqual([
      'Person no. 2 in the file: the name is missing.',
      'Payment from Ravi on 11/02/2026: the amount is not a proper sum of money (more than ₹0, in whole paise).',
    ])
    expect(problemsRead(text, 'hi')).toEqual([
      'फ़ाइल में उधारकर्ता नंबर 2: नाम — नहीं दिया गया।',
      'Ravi की 11/02/2026 की जमा: रकम — ठीक रकम नहीं है (₹0 से ज़्यादा, पूरे पैसों में होनी चाहिए)।',
    ])
    const { text: linked } = editedFile((book) => {
      rec(book, 'loans', 1).personId = 'nobody'
      rec(book, 'payments', 0).loanId = 'nothing'
    })
    // Without its person (or its loan) in the file, a record is named by its money and day.
    expect(problemsRead(linked, 'en')).toEqual([
      'Loan no. 2 in the file (₹10,000.00 from 01/01/2026): the person it belongs to is not in the file.',
      'Payment no. 1 in the file (₹7,000.00 on 10/02/2026): its loan is not in the file.',
    ])
    expect(problemsRead(linked, 'hi')).toEqual([
      'फ़ाइल में उधार नंबर 2 (01/01/2026 से ₹10,000.00): जिस उधारकर्ता का है, वह फ़ाइल में नहीं है।',
      'फ़ाइल में जमा नंबर 1 (10/02/2026 की ₹7,000.00): इसका उधार फ़ाइल में नहीं है।',
    ])
  })

  it('words every problem a file can have, in both languages, with no key, path or paise', () => {
    // Every field of every record wrong, and every link broken.
    const { text: fields } = editedFile((book) => {
      for (const list of Object.values(book)) {
        if (!Array.isArray(list)) continue
        for (const record of list) {
          for (const key of Object.keys(record)) record[key] = key === 'createdBy' ? { a: 1 } : []
        }
      }
      ;(records(book, 'cities') as unknown[]).push('a city', {
        id: 'c',
        name: 'x'.repeat(101),
        createdAt: 1,
      })
    })
    const { text: links } = editedFile((book) => {
      const loan = rec(book, 'loans', 0)
      const payment = rec(book, 'payments', 0)
      records(book, 'loans').push({ ...loan, personId: 'nobody' })
      records(book, 'payments').push({ ...payment, description: 'other' })
      records(book, 'payments').push({ ...payment, id: 'p', loanId: 'x' })
      records(book, 'waivers').push({
        id: 'w',
        loanId: 'x',
        date: '2026-01-02',
        amount: 1,
        createdAt: at(1),
      })
      records(book, 'voids').push({ ...rec(book, 'voids', 0), id: 'v', targetId: 'x' })
      records(book, 'undos').push({ voidId: 'nothing', createdAt: at(1) }, rec(book, 'undos', 0))
    })
    const files = [fields, links, 'not json', '{"format":"rin-khata-book","version":9}', '[]']
    for (const language of ['en', 'hi'] as const) {
      const texts = files.flatMap((file) => problemsRead(file, language))
      expect(texts.length).toBeGreaterThan(60)
      for (const line of texts) {
        expect(line).not.toMatch(
          /\{\{|import\.|record\.|issue\.|field\.|problem\.|\[\d|paise above/,
        )
        expect(line).not.toMatch(/undefined|NaN|object Object/)
      }
    }
    const english = files.flatMap((file) => problemsRead(file, 'en'))
    expect(english).toContain('Person no. 1 in the file: the name is not text.')
    expect(english).toContain(
      'Person no. 1 in the file: who recorded it does not name an account and a device.',
    )
    expect(english).toContain('City no. 2 in the file: it is not an entry the app writes.')
    expect(english).toContain(`City “${'x'.repeat(101)}”: the name is longer than 100 characters.`)
    expect(english).toContain(
      `City “${'x'.repeat(101)}”: the time it was recorded is not a real date and time.`,
    )
    expect(english).toContain(
      'Loan no. 3 in the file (₹10,000.00 from 01/01/2026): the person it belongs to is not in the file.',
    )
    expect(english).toContain(
      'Loan no. 3 in the file (₹10,000.00 from 01/01/2026) has the same id as another entry, Ravi’s loan of ₹10,000.00 from 01/01/2026: one of the two was copied or changed by hand.',
    )
    expect(english).toContain('Loan no. 1 in the file: the borrower is not text.')
    expect(english).toContain(
      'This is not a book file. Choose the .json file that “Download book (JSON)” made.',
    )
    expect(english).toContain(
      'This book was saved by a newer version of Rin Khata. Update the app, then import it again.',
    )
  })
})
