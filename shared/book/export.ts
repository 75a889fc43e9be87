/**
 * The whole book as one file the lender keeps: every record of their doc (archived ones too, with
 * ids, timestamps and actors) and the cities their people live in, read only through the schema's
 * readers. `shared/book/import.ts` reads it back; `bookCsvFiles` turns the same doc into
 * spreadsheets with the engine's figures.
 */
import Papa from 'papaparse'
import { strToU8, zipSync } from 'fflate'
import type * as Y from 'yjs'
import { formatDisplayDate } from '../dates.ts'
import { loanFigures } from '../ledger/engine.ts'
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'
import { paiseToRupeeInput } from '../money.ts'
import { cityIndex, readCities } from '../schema/city.ts'
import { readLender } from '../schema/lender.ts'
import { readArchivedWith, type StoredLoan } from '../schema/loan.ts'
import type { StoredPerson } from '../schema/person.ts'
import type { Payment, Waiver } from '../schema/types.ts'
import { readUndos, readVoids, type StoredUndo, type StoredVoid } from '../schema/void.ts'

/** The `format` field of an exported book. */
export const BOOK_FORMAT = 'rin-khata-book'

/** The version of the exported book's layout; the import refuses others. */
export const BOOK_VERSION = 1

/** A person as exported: as stored (`archived` is the stored flag; `revived` is derived again). */
export type BookPerson = StoredPerson

/** A loan as exported: as stored, without its facts (they are in their own lists). */
export type BookLoan = StoredLoan & { archivedWith?: string }

/** A payment as exported: the stored fact (whether it is voided follows from `voids`). */
export type BookPayment = Omit<Payment, 'voided'>

/** A waiver as exported: the stored fact. */
export type BookWaiver = Omit<Waiver, 'voided'>

/** A city a person of the book refers to (by that id, which may be an alias). */
export interface BookCity {
  id: string
  name: string
  createdAt: string
}

/** The exported book: `rin-khata-book-YYYY-MM-DD.json`. */
export interface BookFile {
  format: typeof BOOK_FORMAT
  version: typeof BOOK_VERSION
  exportedAt: string
  people: BookPerson[]
  loans: BookLoan[]
  payments: BookPayment[]
  waivers: BookWaiver[]
  voids: StoredVoid[]
  undos: StoredUndo[]
  cities: BookCity[]
}

/** The name of the exported JSON file for the day `today`. */
export function bookFileName(today: IsoDate): string {
  return `rin-khata-book-${today}.json`
}

/** The name of the exported spreadsheets' ZIP for the day `today`. */
export function bookCsvZipName(today: IsoDate): string {
  return `rin-khata-book-${today}-csv.zip`
}

/**
 * Everything in the lender's doc as a plain object (see `BookFile`). `exportedAt` is an ISO
 * timestamp from the caller's clock. Cities: the ones the people refer to, by the id they use.
 */
export function exportBook(lenderDoc: Y.Doc, citiesDoc: Y.Doc, exportedAt: string): BookFile {
  const snapshot = readLender(lenderDoc)
  const archivedWith = readArchivedWith(lenderDoc)
  const people = snapshot.people.map(({ revived, ...person }) => ({
    ...person,
    archived: person.archived || revived,
  }))
  const loans = snapshot.loans.map(({ payments: _p, waivers: _w, ...loan }): BookLoan => {
    const personId = archivedWith.get(loan.id)
    return personId === undefined ? loan : { ...loan, archivedWith: personId }
  })
  const payments = snapshot.payments.map(({ voided: _v, ...payment }) => payment)
  const waivers = snapshot.waivers.map(({ voided: _v, ...waiver }) => waiver)
  const index = cityIndex(readCities(citiesDoc))
  const cities: BookCity[] = []
  for (const cityId of new Set(people.map((person) => person.cityId))) {
    const city = index.get(cityId)
    if (city) cities.push({ id: cityId, name: city.name, createdAt: city.createdAt })
  }
  return {
    format: BOOK_FORMAT,
    version: BOOK_VERSION,
    exportedAt,
    people,
    loans,
    payments,
    waivers,
    voids: readVoids(lenderDoc),
    undos: readUndos(lenderDoc),
    cities,
  }
}

/** The exported book as the JSON text of its file. */
export function bookJson(book: BookFile): string {
  return JSON.stringify(book, null, 1)
}

/** Rupees with 2 decimals, as spreadsheets read them: 123450 → '1234.50'. */
function rupees(paise: Paise): string {
  return paiseToRupeeInput(paise)
}

function actorText(actor: Actor | undefined): string {
  return actor ? `${actor.account} (${actor.device})` : ''
}

// The byte-order mark makes Excel read the file as UTF-8, so Hindi names show as written.
const BOM = '\uFEFF'

function csv(fields: string[], data: string[][]): string {
  // escapeFormulae: a name starting with '=' or '+' must stay text, not run as a formula.
  return BOM + Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' })
}

/** The header row of payments.csv (the e2e test checks it). */
export const PAYMENT_CSV_FIELDS = [
  'Payment id',
  'Deposit id',
  'Loan id',
  'Person',
  'Date',
  'Amount',
  'Interest',
  'Principal',
  'Overpaid',
  'Balance after',
  'Description',
  'Voided',
  'Recorded at',
  'Recorded by',
]

/**
 * people.csv, loans.csv and payments.csv of the lender's book as of `today`: figures in rupees
 * with 2 decimals, dates DD/MM/YYYY, UTF-8 with a BOM. Every figure comes from the engine
 * (`loanFigures`): a loan's Due today and status, and each payment's interest/principal split.
 */
export function bookCsvFiles(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  today: IsoDate,
): Record<'people.csv' | 'loans.csv' | 'payments.csv', string> {
  const { people, loans, payments } = readLender(lenderDoc)
  // The loans' facts carry no depositId; the snapshot's payment list does.
  const depositOf = new Map(payments.map((p) => [p.id, p.depositId]))
  const index = cityIndex(readCities(citiesDoc))
  const names = new Map(people.map((person) => [person.id, person.name]))
  const peopleRows = people.map((p) => [
    p.id,
    p.name,
    index.get(p.cityId)?.name ?? '',
    p.phone ?? '',
    p.aadhaar ?? '',
    p.petName ?? '',
    p.gender,
    rupees(p.balance),
    p.archived ? 'yes' : 'no',
    formatDisplayDate(p.createdAt.slice(0, 10)),
  ])
  const loanRows: string[][] = []
  const paymentRows: string[][] = []
  for (const loan of loans) {
    const figures = loanFigures(loan, today)
    const person = names.get(loan.personId) ?? ''
    loanRows.push([
      loan.id,
      person,
      rupees(loan.amount),
      String(loan.interestRate),
      loan.interestType === 'per_month' ? 'per month' : 'per annum',
      formatDisplayDate(loan.startDate),
      formatDisplayDate(loan.dueDate),
      figures.settledByWaiver ? 'Paid (settled)' : figures.status,
      rupees(figures.totalPaid),
      rupees(figures.waived),
      rupees(figures.principalRemaining),
      rupees(figures.currentInterest),
      rupees(figures.totalDue),
      loan.description,
      loan.archived ? 'yes' : 'no',
    ])
    const entries = new Map(figures.ledger.entries.map((entry) => [entry.paymentId, entry]))
    for (const payment of loan.payments) {
      const entry = payment.voided ? undefined : entries.get(payment.id)
      paymentRows.push([
        payment.id,
        depositOf.get(payment.id) ?? '',
        loan.id,
        person,
        formatDisplayDate(payment.date),
        rupees(payment.amount),
        entry ? rupees(entry.interestPaid) : '',
        entry ? rupees(entry.principalPaid) : '',
        entry ? rupees(entry.overpaid) : '',
        entry ? rupees(entry.newBalance) : '',
        payment.description ?? '',
        payment.voided ? payment.voided.reason : '',
        payment.createdAt,
        actorText(payment.createdBy),
      ])
    }
  }
  return {
    'people.csv': csv(
      [
        'Person id',
        'Name',
        'City',
        'Phone',
        'Aadhaar',
        'Relationship',
        'Gender',
        'Balance',
        'In Trash',
        'Added on',
      ],
      peopleRows,
    ),
    'loans.csv': csv(
      [
        'Loan id',
        'Person',
        'Lent',
        'Interest rate (%)',
        'Interest type',
        'Start date',
        'Due date',
        'Status',
        'Paid',
        'Waived',
        'Principal left',
        'Interest due',
        'Due today',
        'Description',
        'In Trash',
      ],
      loanRows,
    ),
    'payments.csv': csv(PAYMENT_CSV_FIELDS, paymentRows),
  }
}

/** The three CSV files in one ZIP (what "Export spreadsheets" downloads). */
export function bookCsvZip(lenderDoc: Y.Doc, citiesDoc: Y.Doc, today: IsoDate): Uint8Array {
  const files = bookCsvFiles(lenderDoc, citiesDoc, today)
  return zipSync({
    'people.csv': strToU8(files['people.csv']),
    'loans.csv': strToU8(files['loans.csv']),
    'payments.csv': strToU8(files['payments.csv']),
  })
}
