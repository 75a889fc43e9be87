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
import { receiptLabel } from '../receipts/receipt.ts'
import { cityIndex, readCities } from '../schema/city.ts'
import { readLender, readLenderUnsorted } from '../schema/lender.ts'
import { readArchivedWith, type StoredLoan } from '../schema/loan.ts'
import type { StoredPerson } from '../schema/person.ts'
import { readNewLoanRule, readProfile } from '../schema/profile.ts'
import type { LoanEdit, Payment, Waiver } from '../schema/types.ts'
import { readUndos, readVoids, type StoredUndo, type StoredVoid } from '../schema/void.ts'

/** The `format` field of an exported book. */
export const BOOK_FORMAT = 'rin-khata-book'

/**
 * The version of the exported book's layout; the import takes this one and 1, and refuses newer
 * ones. 2: a loan may carry `interestOn` and `openingInterest`, and the book its `loanEdits`. An
 * app that reads only version 1 would drop those (and show such a loan's figures wrong), so it is
 * told the file is newer instead.
 */
export const BOOK_VERSION = 2

/** A person as exported: as stored (`archived` is the stored flag; `revived` is derived again). */
export type BookPerson = StoredPerson

/** A loan as exported: as stored, without its facts (they are in their own lists). */
export type BookLoan = StoredLoan & { archivedWith?: string }

/** A payment as exported: the stored fact (whether it is voided follows from `voids`). */
export type BookPayment = Omit<Payment, 'voided'>

/** A waiver as exported: the stored fact. */
export type BookWaiver = Omit<Waiver, 'voided'>

/** A change of a loan's terms, as the history keeps it (each field's before and after). */
export type BookLoanEdit = LoanEdit

/** A city a person of the book refers to (by that id, which may be an alias). */
export interface BookCity {
  id: string
  name: string
  createdAt: string
}

/**
 * The lender's details for borrowers (the name they know the lender by, the UPI ID reminders and
 * receipts carry) and the book's default rule for new loans: they travel with the book, so a
 * restored book's reminders still name the lender and can be paid. Fields not set are absent. An
 * older app that reads the book skips it (it changes no money), so the version stays.
 */
export interface BookProfile {
  displayName?: string
  upiId?: string
  newLoanInterestOn?: 'principal'
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
  /** Since version 2; a version-1 file has none. */
  loanEdits: BookLoanEdit[]
  cities: BookCity[]
  /** Since issue 28; a file without it leaves the lender's details as they are. */
  profile?: BookProfile
}

/** The name of the exported JSON file for the day `today`. */
export function bookFileName(today: IsoDate): string {
  return `rin-khata-book-${today}.json`
}

/** The spreadsheets of a book, one file each. */
export type BookCsvName = 'people.csv' | 'loans.csv' | 'payments.csv'

/** The name a spreadsheet downloads as on the day `today`: "rin-khata-payments-2026-11-26.csv". */
export function bookCsvFileName(file: BookCsvName, today: IsoDate): string {
  return `rin-khata-${file.slice(0, -'.csv'.length)}-${today}.csv`
}

/**
 * An instant as the lender's clock showed it, with its offset from UTC:
 * "2026-11-26T15:40:21.482Z" → "2026-11-26T21:10:21+05:30" in India. A spreadsheet shows the
 * time the lender saw, and the offset still names the instant exactly (to the second).
 * `offsetMinutes` is the time zone's offset at that instant (east of UTC positive); the
 * device's own by default.
 */
export function localInstant(
  iso: string,
  offsetMinutes: (at: Date) => number = (at) => -at.getTimezoneOffset(),
): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  const offset = offsetMinutes(at)
  const shifted = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19)
  const sign = offset < 0 ? '-' : '+'
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0')
  return `${shifted}${sign}${hours}:${minutes}`
}

/** The records of a book file: everything but its header and its cities. */
export type BookRecords = Pick<
  BookFile,
  'people' | 'loans' | 'payments' | 'waivers' | 'voids' | 'undos' | 'loanEdits'
>

/**
 * Every record of the lender's doc as the book file holds it (the import reads its own work back
 * through this too, to check that the book shows every record as the file has it). `sorted:
 * false` leaves the payments in no particular order, for a reader that finds them by id.
 */
export function bookRecords(lenderDoc: Y.Doc, { sorted = true } = {}): BookRecords {
  const snapshot = sorted ? readLender(lenderDoc) : readLenderUnsorted(lenderDoc)
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
  return {
    people,
    loans,
    payments,
    waivers,
    voids: readVoids(lenderDoc),
    undos: readUndos(lenderDoc),
    loanEdits: [...snapshot.loanEdits],
  }
}

/**
 * Everything in the lender's doc as a plain object (see `BookFile`). `exportedAt` is an ISO
 * timestamp from the caller's clock. Cities: the ones the people refer to, by the id they use.
 */
export function exportBook(lenderDoc: Y.Doc, citiesDoc: Y.Doc, exportedAt: string): BookFile {
  const records = bookRecords(lenderDoc)
  const index = cityIndex(readCities(citiesDoc))
  const cities: BookCity[] = []
  for (const cityId of new Set(records.people.map((person) => person.cityId))) {
    const city = index.get(cityId)
    if (city) cities.push({ id: cityId, name: city.name, createdAt: city.createdAt })
  }
  const { people, loans, payments, waivers, voids, undos, loanEdits } = records
  const { displayName, upiId } = readProfile(lenderDoc)
  const profile: BookProfile = {
    ...(displayName !== '' && { displayName }),
    ...(upiId !== '' && { upiId }),
    ...(readNewLoanRule(lenderDoc) === 'principal' && { newLoanInterestOn: 'principal' as const }),
  }
  return {
    format: BOOK_FORMAT,
    version: BOOK_VERSION,
    exportedAt,
    people,
    loans,
    payments,
    waivers,
    voids,
    undos,
    loanEdits,
    cities,
    profile,
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

// What a spreadsheet may read as the start of a formula: = + - @ (and their full-width forms)
// after any run of spaces or line breaks, or a tab or a line break as the first character
// (OWASP's list for CSV injection).
const FORMULA_START = /^(?:[\s\u00a0\u2000-\u200b\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/

// A figure as `rupees` (or a rate) writes it, sign included: a spreadsheet reads it as a number.
const NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * A cell that a spreadsheet shows and never runs: text it could read as a formula gets a leading
 * `'` (OWASP's advice; the cell then starts with a character no spreadsheet reads as a formula).
 * A figure in a column of figures (`numeric`) stays a number even when it is negative; anything
 * else there is treated as text.
 *
 * Why not Papa Parse's `escapeFormulae`: its pattern, `/^[=+\-@\t\r].*$/`, has no `s` flag, so
 * `.` stops at a line break and `$` then cannot match: `=HYPERLINK(…)` followed by a line break
 * and anything at all went out live. It also let a formula through after a leading space.
 */
export function inertCell(value: string, numeric = false): string {
  if (numeric && NUMBER.test(value)) return value
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** A CSV file: the BOM, the header and the rows, every cell inert (`numeric`: figure columns). */
function csv(fields: readonly string[], data: string[][], numeric: readonly string[] = []): string {
  const figures = fields.map((field) => numeric.includes(field))
  const rows = data.map((row) => row.map((cell, i) => inertCell(cell, figures[i])))
  return BOM + Papa.unparse({ fields: [...fields], data: rows }, { newline: '\r\n' })
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
  'Receipt no.',
  'Receipt code',
]

/**
 * people.csv's column for the person's stored balance: a note typed from paper, which no figure
 * counts (what a person owes is in loans.csv's Due today). Named so no one sums it as a debt.
 */
export const PEOPLE_NOTE_COLUMN = 'Note: balance from paper (not counted)'

/**
 * people.csv, loans.csv and payments.csv of the lender's book as of `today`: figures in rupees
 * with 2 decimals, dates DD/MM/YYYY, times on the lender's clock with their offset
 * (`localInstant`), UTF-8 with a BOM. Every figure comes from the engine
 * (`loanFigures`): a loan's Due today and status, and each payment's interest/principal split.
 *
 * Every split is the truthful one (engine notes, rule 6a): interest owed first, then principal,
 * then overpaid, so a payment's Interest + Principal + Overpaid = its Amount, and a loan's Interest
 * paid + Principal paid + Overpaid = its Paid (payments dated up to `today`, as the loan's card
 * counts them) and its principal paid never passes what was lent. The old app's labels, which
 * called carried interest principal, are in no column.
 */
export function bookCsvFiles(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  today: IsoDate,
  offsetMinutes?: (at: Date) => number,
): Record<BookCsvName, string> {
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
    // The day the lender added them on their clock, not in UTC.
    formatDisplayDate(localInstant(p.createdAt, offsetMinutes).slice(0, 10)),
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
      rupees(figures.position.paid),
      rupees(figures.position.interestPaid),
      rupees(figures.position.principalPaid),
      rupees(figures.position.overpaid),
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
      const receipt = receiptLabel(payment.receipt)
      paymentRows.push([
        payment.id,
        depositOf.get(payment.id) ?? '',
        loan.id,
        person,
        formatDisplayDate(payment.date),
        rupees(payment.amount),
        entry ? rupees(entry.interestPart) : '',
        entry ? rupees(entry.principalPart) : '',
        entry ? rupees(entry.overpaid) : '',
        entry ? rupees(entry.newBalance) : '',
        payment.description ?? '',
        payment.voided ? payment.voided.reason : '',
        localInstant(payment.createdAt, offsetMinutes),
        actorText(payment.createdBy),
        receipt?.number ?? '',
        receipt?.code ?? '',
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
        PEOPLE_NOTE_COLUMN,
        'In Trash',
        'Added on',
      ],
      peopleRows,
      [PEOPLE_NOTE_COLUMN],
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
        'Interest paid',
        'Principal paid',
        'Overpaid',
        'Waived',
        'Principal left',
        'Interest due',
        'Due today',
        'Description',
        'In Trash',
      ],
      loanRows,
      [
        'Lent',
        'Interest rate (%)',
        'Paid',
        'Interest paid',
        'Principal paid',
        'Overpaid',
        'Waived',
        'Principal left',
        'Interest due',
        'Due today',
      ],
    ),
    'payments.csv': csv(PAYMENT_CSV_FIELDS, paymentRows, [
      'Amount',
      'Interest',
      'Principal',
      'Overpaid',
      'Balance after',
    ]),
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
