/**
 * What can be wrong with a book file, as values (`BookProblem`), and the one place that words
 * them for a lender (`bookProblemText`). A problem names the record the way the lender knows it
 * (Ramesh's loan of ₹50,000.00 from 01/01/2026, the 3rd payment in the file) and says what is
 * wrong with it in plain words: never a path or a unit the lender never sees, like
 * `loans[0].amount: must be a whole number of paise`.
 */
import { formatDisplayDate, isIsoDate } from '../dates.ts'
import type { IsoDate, Paise } from '../ledger/types.ts'
import { formatINR } from '../money.ts'
import { MAX_CITY_NAME_LENGTH } from '../schema/city.ts'
import { MAX_ID_LENGTH, MAX_TEXT_LENGTH } from '../schema/guards.ts'
import { isPaise } from '../schema/guards.ts'

/** The lists of a book file. */
export type BookList =
  'people' | 'loans' | 'payments' | 'waivers' | 'voids' | 'undos' | 'loanEdits' | 'cities'

/** One record of a book file: its list and place, and what names it, when the file has that. */
export interface BookRecordRef {
  list: BookList
  /** Its place in its list, from 0. */
  index: number
  /** A person's or a city's name. */
  name?: string
  /** The name of the person a loan, payment or waiver belongs to. */
  person?: string
  /** A loan's, a payment's or a waiver's amount. */
  amount?: Paise
  /** A loan's start date, a payment's or a waiver's date. */
  date?: IsoDate
  /** A void's reason. */
  reason?: string
}

/** What is wrong with one field of a record. */
export type FieldIssue =
  | 'missing'
  | 'blank'
  | 'notText'
  | 'notAmount'
  | 'notAmountOrZero'
  | 'notDate'
  | 'notTime'
  | 'notRate'
  | 'notChoice'
  | 'notYesNo'
  | 'notActor'
  | 'notEntry'
  | 'tooLong'

/** A problem that is about one record (see `bookProblemText` for what each says). */
export type RecordProblemKind = 'noPerson' | 'noLoan' | 'undoneTwice' | 'notReadBack' | 'notWritten'

/**
 * Why a book file cannot be imported. `notJson`, `notBook` and `newerVersion` are about the whole
 * file; `field` about one field of a record; `sameId` about a record that repeats an earlier
 * one's id. `notReadBack` and `notWritten` come from the import itself: a record the book would
 * not show as the file has it, or one a writer refused (`detail` says why, for a developer).
 */
export type BookProblem =
  | { kind: 'notJson' }
  | { kind: 'notBook' }
  | { kind: 'newerVersion' }
  | { kind: 'field'; record: BookRecordRef; field: string; issue: FieldIssue }
  | { kind: 'sameId'; record: BookRecordRef; first: BookRecordRef }
  | { kind: RecordProblemKind; record: BookRecordRef; detail?: string }

/** The texts, by key under `import.` in the app's `settings` catalogue, with their values. */
export type BookProblemSay = (key: string, values?: Record<string, string | number>) => string

type Raw = Record<string, unknown>

function entries(book: unknown, list: BookList): readonly unknown[] {
  const value = typeof book === 'object' && book !== null ? (book as Raw)[list] : undefined
  return Array.isArray(value) ? value : []
}

function entry(book: unknown, list: BookList, index: number): Raw | null {
  const value = entries(book, list)[index]
  return typeof value === 'object' && value !== null ? (value as Raw) : null
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * Finds the records a reference names its person by, in a file that may hold anything: the
 * first of each id wins (a repeated id is a problem of its own).
 */
export class BookNames {
  private people: Map<string, string> | null = null
  private loans: Map<string, Raw> | null = null

  constructor(private readonly book: unknown) {}

  /** The record at `index` of `list`, with whatever of its names the file holds. */
  ref(list: BookList, index: number): BookRecordRef {
    const ref: BookRecordRef = { list, index }
    const record = entry(this.book, list, index)
    if (!record) return ref
    if (list === 'people' || list === 'cities') {
      const name = nonBlank(record.name)
      if (name !== undefined) ref.name = name
    } else if (list === 'loans' || list === 'payments' || list === 'waivers') {
      const loan = list === 'loans' ? record : this.loan(record.loanId)
      const person = loan ? this.person(loan.personId) : undefined
      if (person !== undefined) ref.person = person
      if (isPaise(record.amount)) ref.amount = record.amount
      const date = list === 'loans' ? record.startDate : record.date
      if (isIsoDate(date)) ref.date = date
    } else if (list === 'loanEdits') {
      const loan = this.loan(record.loanId)
      const person = loan ? this.person(loan.personId) : undefined
      if (person !== undefined) ref.person = person
      const date = typeof record.createdAt === 'string' ? record.createdAt.slice(0, 10) : ''
      if (isIsoDate(date)) ref.date = date
    } else if (list === 'voids') {
      const reason = nonBlank(record.reason)
      if (reason !== undefined) ref.reason = reason
    }
    return ref
  }

  private person(id: unknown): string | undefined {
    if (!this.people) {
      this.people = new Map()
      for (const value of entries(this.book, 'people')) {
        const person = value as Raw | null
        const name = nonBlank(person?.name)
        if (typeof person?.id === 'string' && name !== undefined && !this.people.has(person.id)) {
          this.people.set(person.id, name)
        }
      }
    }
    return typeof id === 'string' ? this.people.get(id) : undefined
  }

  private loan(id: unknown): Raw | undefined {
    if (!this.loans) {
      this.loans = new Map()
      for (const value of entries(this.book, 'loans')) {
        const loan = value as Raw | null
        if (typeof loan?.id === 'string' && !this.loans.has(loan.id)) this.loans.set(loan.id, loan)
      }
    }
    return typeof id === 'string' ? this.loans.get(id) : undefined
  }
}

const SINGULAR: Record<BookList, string> = {
  people: 'person',
  loans: 'loan',
  payments: 'payment',
  waivers: 'waiver',
  voids: 'void',
  undos: 'undo',
  loanEdits: 'loanEdit',
  cities: 'city',
}

/** How a record is named: "Ramesh's loan of ₹50,000.00 from 01/01/2026", or its place in the file. */
export function recordText(ref: BookRecordRef, say: BookProblemSay): string {
  const kind = SINGULAR[ref.list]
  const n = ref.index + 1
  if ((ref.list === 'people' || ref.list === 'cities') && ref.name !== undefined) {
    return say(`record.${kind}Named`, { name: ref.name })
  }
  if (ref.list === 'voids' && ref.reason !== undefined) {
    return say('record.voidFor', { reason: ref.reason, n })
  }
  if (ref.person !== undefined && ref.date !== undefined) {
    const values = { person: ref.person, date: formatDisplayDate(ref.date), n }
    return ref.amount === undefined
      ? say(`record.${kind}Of`, values)
      : say(`record.${kind}OfAmount`, { ...values, amount: formatINR(ref.amount) })
  }
  // A loan whose person, or a payment whose loan, the file lacks: named by its money and day.
  const money = ref.list === 'loans' || ref.list === 'payments' || ref.list === 'waivers'
  if (money && ref.amount !== undefined && ref.date !== undefined) {
    const values = { n, amount: formatINR(ref.amount), date: formatDisplayDate(ref.date) }
    return say(`record.${kind}Numbered`, values)
  }
  return say(`record.${kind}`, { n })
}

/** The most characters a field of a record in `list` may hold (see `tooLong`). */
function longestOf(list: BookList, field: string): number {
  if (list === 'cities' && field === 'name') return MAX_CITY_NAME_LENGTH
  return field === 'id' || field.endsWith('Id') || field === 'archivedWith'
    ? MAX_ID_LENGTH
    : MAX_TEXT_LENGTH
}

/** One problem in the lender's words (`say` gives the catalogue's text for a key). */
export function bookProblemText(problem: BookProblem, say: BookProblemSay): string {
  if (problem.kind === 'notJson' || problem.kind === 'notBook' || problem.kind === 'newerVersion') {
    return say(`problem.${problem.kind}`)
  }
  const record = recordText(problem.record, say)
  if (problem.kind === 'field') {
    const field = problem.field === '' ? '' : say(`field.${problem.field}`)
    const max = longestOf(problem.record.list, problem.field)
    const issue = say(`issue.${problem.issue}`, { field, max })
    return say('problem.field', { record, issue })
  }
  if (problem.kind === 'sameId') {
    return say('problem.sameId', { record, first: recordText(problem.first, say) })
  }
  return say(`problem.${problem.kind}`, { record })
}
