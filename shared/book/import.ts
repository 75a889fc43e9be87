/**
 * Reading an exported book back (see `export.ts`), all or nothing. `parseBook` checks the whole
 * file and lists every problem (`importProblems.ts`) before anything is written; `importBook`
 * builds the book in a scratch copy of the lender's doc through the schema's writers, keeping
 * every id, timestamp and actor, reads it back, and only when every record reads back as the file
 * has it copies what it wrote into the lender's doc, in one transaction. Whatever goes wrong, the
 * lender's doc and the shared cities stay exactly as they were, and the import can be tried again.
 *
 * Why a scratch copy: Yjs has no rollback. Written straight into the lender's doc, a record that
 * a writer refused half-way (a book in which two devices voided one deposit while apart) left
 * everything written before it behind, an archived person back among People, and the half book
 * then refused another try as "not empty".
 *
 * The copy starts as the lender's doc (its layout stamp, its actors), so the writers see what
 * they would see there, and what they add goes over as one Yjs update: the copy's state against
 * the lender doc's state vector. The copy has a client id of its own, so its entries, and the
 * deposit log it starts under `<actor key>.<client id>` (see `deposit/log.ts`), are under an id
 * that no device uses, as a device's own are; readers never look at the client id, and a device
 * of the same actor appends to that log later as to any log of its actor. Restoring into a book
 * that is not empty (issue 28) can take the same path from a copy of that book.
 */
import { olderPayments } from '../schema/layouts/oldForms.ts'
import * as Y from 'yjs'
import { z } from 'zod'
import { isIsoDate } from '../dates.ts'
import {
  addCity,
  citiesMap,
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_TIMESTAMP_LENGTH,
  readCities,
} from '../schema/city.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../deposit/record.ts'
import {
  LOCAL_ORIGIN,
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  isPaise,
  isRate,
  isTimestamp,
  newId,
} from '../schema/guards.ts'
import { actorLogs, depositLog } from '../deposit/log.ts'
import { loanEditsMap, loansMap, peopleMap, undosMap, voidsMap, waiversMap } from '../schema/doc.ts'
import { readLender } from '../schema/lender.ts'
import { setNewLoanRule, setProfile } from '../schema/profile.ts'
import { addLoan, restoreLoanHistory } from '../schema/loan.ts'
import { readChanges, restoreLoanEdits } from '../schema/loanEdit.ts'
import { recordDeposits } from '../deposit/writer.ts'
import { addPerson, restorePersonHistory } from '../schema/person.ts'
import { readVoids, restoreVoidHistory } from '../schema/void.ts'
import { recordWaiver } from '../schema/waiver.ts'
import { readReceipt } from '../receipts/receipt.ts'
import { BOOK_FORMAT, BOOK_VERSION, bookRecords, type BookCity, type BookFile } from './export.ts'
import {
  BookNames,
  type BookList,
  type BookProblem,
  type BookRecordRef,
  type FieldIssue,
  type RecordProblemKind,
} from './importProblems.ts'

/** A field's check: `missing` when the value is absent, else `wrong`. */
function says(wrong: FieldIssue) {
  return {
    error: (issue: { input?: unknown }): FieldIssue =>
      issue.input === undefined ? 'missing' : wrong,
  }
}

const nonBlank = (value: string) => value.trim() !== ''
const trim = (value: string) => value.trim()
/** An optional text as the writers store it: trimmed, and left out when blank. */
const trimOptional = (value: string | undefined) => {
  const trimmed = value?.trim()
  return trimmed === '' ? undefined : trimmed
}

// The rules are the writers' own (`isPaise`, `isRate`, `isIsoDate`), so a file passes exactly
// when the writers would take it; texts come out as the writers store them (trimmed), so the
// book read back after the import can be compared with the file record by record.
// Lengths too: a text the writers refuse (`MAX_TEXT_LENGTH`, `MAX_ID_LENGTH`) would never reach
// the server, and one the server refuses would keep the device from syncing at all.
const text = z.string(says('notText')).max(MAX_TEXT_LENGTH, 'tooLong')
const id = z.string(says('notText')).min(1, 'blank').max(MAX_ID_LENGTH, 'tooLong')
const timestamp = z
  .string(says('notTime'))
  .refine((value) => isTimestamp(value) && value.length <= MAX_CITY_TIMESTAMP_LENGTH, 'notTime')
const date = z.string(says('notDate')).refine(isIsoDate, 'notDate')
const paise = (allowZero: boolean) => {
  const issue = allowZero ? 'notAmountOrZero' : 'notAmount'
  return z.number(says(issue)).refine((value) => isPaise(value, allowZero), issue)
}
const actor = z.object({ account: text, device: text }, says('notActor'))
const bool = z.boolean(says('notYesNo'))
const optionalText = text.optional().transform(trimOptional)

const person = z.object(
  {
    id,
    name: text.refine(nonBlank, 'blank').transform(trim),
    cityId: id,
    balance: paise(true),
    aadhaar: optionalText,
    petName: optionalText,
    phone: optionalText,
    gender: z.enum(['male', 'female', 'other'], says('notChoice')),
    language: z.enum(['en', 'hi'], says('notChoice')).optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    archived: bool,
    archivedAt: timestamp.optional(),
    createdBy: actor.optional(),
    updatedBy: actor.optional(),
  },
  says('notEntry'),
)

const loan = z.object(
  {
    id,
    personId: id,
    amount: paise(false),
    interestRate: z.number(says('notRate')).refine(isRate, 'notRate'),
    interestType: z.enum(['per_annum', 'per_month'], says('notChoice')),
    startDate: date,
    dueDate: date,
    status: z.enum(['active', 'overdue', 'defaulted', 'paid'], says('notChoice')),
    description: text.transform(trim),
    // Book version 2. At their defaults (the old rule, no old dues) they are absent, as read back.
    interestOn: z
      .enum(['balance', 'principal'], says('notChoice'))
      .optional()
      .transform((rule) => (rule === 'principal' ? rule : undefined)),
    openingInterest: paise(true)
      .optional()
      .transform((value) => (value === 0 ? undefined : value)),
    createdAt: timestamp,
    updatedAt: timestamp,
    archived: bool,
    archivedAt: timestamp.optional(),
    archivedWith: id.optional(),
    createdBy: actor.optional(),
    updatedBy: actor.optional(),
  },
  says('notEntry'),
)

// A receipt as the book stores it (since issue 32); a record from before has none.
const receipt = z
  .string(says('notEntry'))
  .refine((value) => readReceipt(value) !== null, 'notEntry')

const payment = z.object(
  {
    id,
    loanId: id,
    depositId: id,
    date,
    amount: paise(false),
    // Read back, a deposit without a description has the default one.
    description: text
      .optional()
      .transform((value) => trimOptional(value) ?? DEFAULT_DEPOSIT_DESCRIPTION),
    createdAt: timestamp,
    createdBy: actor.optional(),
    receipt: receipt.optional(),
  },
  says('notEntry'),
)

const waiver = z.object(
  {
    id,
    loanId: id,
    date,
    amount: paise(false),
    note: optionalText,
    createdAt: timestamp,
    createdBy: actor.optional(),
    receipt: receipt.optional(),
  },
  says('notEntry'),
)

const voidRecord = z.object(
  {
    id,
    kind: z.enum(['deposit', 'waiver'], says('notChoice')),
    targetId: id,
    reason: text.refine(nonBlank, 'blank').transform(trim),
    createdAt: timestamp,
    createdBy: actor.optional(),
    receipt: receipt.optional(),
  },
  says('notEntry'),
)

const undo = z.object(
  { voidId: id, createdAt: timestamp, createdBy: actor.optional() },
  says('notEntry'),
)

const loanEdit = z.object(
  {
    id,
    loanId: id,
    // Each changed field's [before, after], as the readers take them; put in the readers' order.
    changes: z
      .record(z.string(), z.unknown(), says('notEntry'))
      .refine((changes) => readChanges(changes) !== null, 'notEntry')
      .transform((changes) => readChanges(changes) ?? {}),
    createdAt: timestamp,
    createdBy: actor.optional(),
    undoes: id.optional(),
  },
  says('notEntry'),
)

const city = z.object(
  {
    id,
    name: text
      .refine(nonBlank, 'blank')
      .refine((value) => value.trim().length <= MAX_CITY_NAME_LENGTH, 'tooLong'),
    createdAt: timestamp,
  },
  says('notEntry'),
)

const list = <T extends z.ZodType>(item: T) => z.array(item)

// The lender's details for borrowers; a file without them (older exports) leaves them as they are.
const profile = z.object({
  displayName: optionalText,
  upiId: optionalText,
  newLoanInterestOn: z.enum(['principal'], says('notChoice')).optional(),
})

const bookSchema = z.object({
  format: z.literal(BOOK_FORMAT),
  // Version 1 (before loans had a rule and old dues, and before their change history) still reads.
  version: z.union([z.literal(1), z.literal(BOOK_VERSION)]),
  exportedAt: timestamp,
  people: list(person),
  loans: list(loan),
  payments: list(payment),
  waivers: list(waiver),
  voids: list(voidRecord),
  undos: list(undo),
  // Version 1 has none.
  loanEdits: list(loanEdit).default([]),
  cities: list(city),
  profile: profile.optional(),
})

const LISTS: readonly BookList[] = [
  'people',
  'loans',
  'payments',
  'waivers',
  'voids',
  'undos',
  'loanEdits',
  'cities',
]

const FIELD_ISSUES = new Set<string>([
  'missing',
  'blank',
  'notText',
  'notAmount',
  'notAmountOrZero',
  'notDate',
  'notTime',
  'notRate',
  'notChoice',
  'notYesNo',
  'notActor',
  'notEntry',
  'tooLong',
] satisfies FieldIssue[])

/** The outcome of `parseBook`: a checked book, or every problem found (nothing was written). */
export type ParsedBook = { ok: true; book: BookFile } | { ok: false; problems: BookProblem[] }

/**
 * Checks an exported book's text: JSON, every field of every record, then the links the writers
 * need (a loan's person, a payment's or a waiver's loan, unique ids, one undo per void). Every
 * problem is listed, in file order; a file that is not a book at all (or one a newer app made) is
 * one problem, not one per field.
 *
 * What a book can hold is not refused, even where a form would refuse it: a loan due before it
 * starts (two devices that changed its dates while apart), a void whose deposit the book does not
 * hold (it waits for it, as on any device), payments of one deposit that differ in date or note
 * (layout 1 from elsewhere). Whatever this app exported goes back in.
 */
export function parseBook(json: string): ParsedBook {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    return { ok: false, problems: [{ kind: 'notJson' }] }
  }
  const parsed = bookSchema.safeParse(data)
  if (!parsed.success) return { ok: false, problems: schemaProblems(data, parsed.error.issues) }
  const book = parsed.data as BookFile
  const problems = linkProblems(book)
  return problems.length > 0 ? { ok: false, problems } : { ok: true, book }
}

function schemaProblems(
  data: unknown,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): BookProblem[] {
  const names = new BookNames(data)
  const problems: BookProblem[] = []
  // One problem per field: a value of the wrong type may fail more than one check.
  const seen = new Set<string>()
  for (const { path, message } of issues) {
    const [list, index, field] = path
    if (typeof index !== 'number' || !LISTS.includes(list as BookList)) {
      const top = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
      const { format, version } = top
      const newer = format === BOOK_FORMAT && typeof version === 'number' && version > BOOK_VERSION
      return [newer ? { kind: 'newerVersion' } : { kind: 'notBook' }]
    }
    const at = `${String(list)}\n${index}\n${String(field)}`
    if (seen.has(at)) continue
    seen.add(at)
    const issue: FieldIssue =
      path.length > 3
        ? 'notActor'
        : FIELD_ISSUES.has(message)
          ? (message as FieldIssue)
          : 'notEntry'
    problems.push({
      kind: 'field',
      record: names.ref(list as BookList, index),
      field: typeof field === 'string' ? field : '',
      issue,
    })
  }
  return problems
}

function linkProblems(book: BookFile): BookProblem[] {
  const names = new BookNames(book)
  const problems: BookProblem[] = []
  const problem = (kind: RecordProblemKind, list: BookList, index: number) =>
    problems.push({ kind, record: names.ref(list, index) })
  const unique = (list: BookList, records: readonly { id: string }[]) => {
    const seen = new Map<string, number>()
    records.forEach(({ id }, index) => {
      const first = seen.get(id)
      if (first === undefined) seen.set(id, index)
      else {
        problems.push({
          kind: 'sameId',
          record: names.ref(list, index),
          first: names.ref(list, first),
        })
      }
    })
    return seen
  }
  const people = unique('people', book.people)
  const loans = unique('loans', book.loans)
  unique('payments', book.payments)
  unique('waivers', book.waivers)
  unique('voids', book.voids)
  unique('loanEdits', book.loanEdits)
  unique('cities', book.cities)
  book.loans.forEach((l, i) => {
    if (!people.has(l.personId)) problem('noPerson', 'loans', i)
  })
  book.payments.forEach((p, i) => {
    if (!loans.has(p.loanId)) problem('noLoan', 'payments', i)
  })
  book.waivers.forEach((w, i) => {
    if (!loans.has(w.loanId)) problem('noLoan', 'waivers', i)
  })
  book.loanEdits.forEach((e, i) => {
    if (!loans.has(e.loanId)) problem('noLoan', 'loanEdits', i)
  })
  const undone = new Set<string>()
  book.undos.forEach((u, i) => {
    if (undone.has(u.voidId)) problem('undoneTwice', 'undos', i)
    undone.add(u.voidId)
  })
  return problems
}

/** The outcome of `importBook`; on failure the lender's doc and the cities are as they were. */
export type ImportResult =
  | { ok: true; people: number; loans: number; payments: number }
  | { ok: false; reason: 'notEmpty' }
  | { ok: false; reason: 'notWritten'; problems: BookProblem[] }

/** True when the lender's doc holds no person, loan, payment, waiver or void. */
export function isBookEmpty(lenderDoc: Y.Doc): boolean {
  const { people, loans, payments, waivers } = readLender(lenderDoc)
  return (
    people.length + loans.length + payments.length + waivers.length === 0 &&
    readVoids(lenderDoc).length === 0
  )
}

/**
 * Imports a checked book (from `parseBook`) into an empty lender doc, all or nothing (see the
 * top of this file). Cities are shared: each is matched by name with a city the cities doc has
 * (`addCity`'s rule), else added under its exported id (a fresh one if another city took that
 * id), and people point at whichever id that is; the cities are added only once the book is
 * known to go in whole. A non-empty doc is refused untouched.
 */
export function importBook(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  book: BookFile,
  opts: { origin?: unknown } = {},
): ImportResult {
  if (!isBookEmpty(lenderDoc)) return { ok: false, reason: 'notEmpty' }
  const origin = opts.origin ?? LOCAL_ORIGIN
  const cities = planCities(citiesDoc, book.cities)
  const scratch = scratchCopy(lenderDoc)
  try {
    const written = writeBook(scratch, book, cities.ids)
    const problems = written.length > 0 ? written : readBackProblems(scratch, book, cities.ids)
    if (problems.length > 0) return { ok: false, reason: 'notWritten', problems }
    citiesDoc.transact(() => {
      for (const c of cities.add) addCity(citiesDoc, c.name, { id: c.id, now: c.createdAt, origin })
    }, origin)
    // One update, one transaction: the lender's doc goes from empty to the whole book at once.
    const update = Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(lenderDoc))
    Y.applyUpdate(lenderDoc, update, origin)
  } finally {
    scratch.destroy()
  }
  return {
    ok: true,
    people: book.people.length,
    loans: book.loans.length,
    payments: book.payments.length,
  }
}

/** How much a book holds, as the lender counts it: outside Trash, payments not voided. */
export interface BookCounts {
  people: number
  loans: number
  payments: number
}

/** The people and loans not in Trash, and the payments not voided, of a lender's doc. */
export function bookCounts(lenderDoc: Y.Doc): BookCounts {
  const { people, loans, payments } = readLender(lenderDoc)
  return {
    people: people.filter((p) => !p.archived).length,
    loans: loans.filter((l) => !l.archived).length,
    payments: payments.filter((p) => !p.voided).length,
  }
}

/**
 * What restoring a checked book into the lender's own book would do: the counts before and after,
 * or the records that could not go in as the file has them (then nothing would change).
 */
export type RestorePlan =
  | { ok: true; before: BookCounts; after: BookCounts }
  | { ok: false; reason: 'notWritten'; problems: BookProblem[] }

/** The outcome of `restoreBook`: the plan it carried out (or why nothing changed). */
export type RestoreResult = RestorePlan

/**
 * Restoring a backup into a book that is not empty (issue 28): the book's records are replaced by
 * the file's. Like `importBook`, the work is done in a scratch copy of the lender's doc: every
 * record of the book is deleted there, the file is written through the schema's writers and read
 * back record by record, and only then does the lender's doc take the copy's changes, as one Yjs
 * update in one transaction. Whatever goes wrong, the lender's doc and the cities are as they
 * were. What stays: the layout stamp and the actors (who wrote what), which no record owns, and
 * the lender's details when the file has none (an older export). The caller keeps a copy of the
 * book as it was first (the app downloads one): deleted records are gone from the book.
 */
export function planRestore(lenderDoc: Y.Doc, citiesDoc: Y.Doc, book: BookFile): RestorePlan {
  const before = bookCounts(lenderDoc)
  const cities = planCities(citiesDoc, book.cities)
  const scratch = restoredCopy(lenderDoc, book, cities.ids)
  if (!scratch.ok) return scratch
  try {
    return { ok: true, before, after: bookCounts(scratch.doc) }
  } finally {
    scratch.doc.destroy()
  }
}

/** Carries out `planRestore`: the book becomes the file's, whole, or stays as it was. */
export function restoreBook(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  book: BookFile,
  opts: { origin?: unknown } = {},
): RestoreResult {
  const origin = opts.origin ?? LOCAL_ORIGIN
  const before = bookCounts(lenderDoc)
  const cities = planCities(citiesDoc, book.cities)
  const scratch = restoredCopy(lenderDoc, book, cities.ids)
  if (!scratch.ok) return scratch
  try {
    const after = bookCounts(scratch.doc)
    citiesDoc.transact(() => {
      for (const c of cities.add) addCity(citiesDoc, c.name, { id: c.id, now: c.createdAt, origin })
    }, origin)
    // One update (its deletions included), applied in one transaction.
    const update = Y.encodeStateAsUpdate(scratch.doc, Y.encodeStateVector(lenderDoc))
    Y.applyUpdate(lenderDoc, update, origin)
    return { ok: true, before, after }
  } finally {
    scratch.doc.destroy()
  }
}

/** A scratch copy of the lender's doc holding the file's records instead of the book's. */
function restoredCopy(
  lenderDoc: Y.Doc,
  book: BookFile,
  cityIds: Map<string, string>,
): { ok: true; doc: Y.Doc } | { ok: false; reason: 'notWritten'; problems: BookProblem[] } {
  const scratch = scratchCopy(lenderDoc)
  scratch.transact(() => {
    for (const map of [
      peopleMap(scratch),
      loansMap(scratch),
      // Payments in layout 1's form too: the restored book holds only the file's.
      olderPayments(scratch),
      waiversMap(scratch),
      voidsMap(scratch),
      undosMap(scratch),
      loanEditsMap(scratch),
      actorLogs(scratch),
    ]) {
      for (const key of [...map.keys()]) map.delete(key)
    }
    const log = depositLog(scratch)
    if (log.length > 0) log.delete(0, log.length)
  })
  const written = writeBook(scratch, book, cityIds)
  const problems = written.length > 0 ? written : readBackProblems(scratch, book, cityIds)
  if (problems.length > 0) {
    scratch.destroy()
    return { ok: false, reason: 'notWritten', problems }
  }
  return { ok: true, doc: scratch }
}

/** A doc holding what `doc` holds, with a client id of its own, to write into and throw away. */
function scratchCopy(doc: Y.Doc): Y.Doc {
  const scratch = new Y.Doc({ gc: doc.gc })
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(doc))
  return scratch
}

/** Which id each city of the file gets in the cities doc, and the cities to add for that. */
function planCities(
  citiesDoc: Y.Doc,
  cities: readonly BookCity[],
): { ids: Map<string, string>; add: BookCity[] } {
  const key = (name: string) => name.trim().toLowerCase()
  const byName = new Map(readCities(citiesDoc).map((c) => [key(c.name), c.id]))
  const taken = new Set(citiesMap(citiesDoc).keys())
  const ids = new Map<string, string>()
  const add: BookCity[] = []
  for (const c of cities) {
    let cityId = byName.get(key(c.name))
    if (cityId === undefined) {
      cityId = taken.has(c.id) ? newId(undefined) : c.id
      taken.add(cityId)
      byName.set(key(c.name), cityId)
      add.push({ id: cityId, name: c.name.trim(), createdAt: c.createdAt })
    }
    ids.set(c.id, cityId)
  }
  return { ids, add }
}

/** A writer refused the record at `index` of `list`; `reason` is the writer's. */
class Refused extends Error {
  constructor(
    readonly list: BookList,
    readonly index: number,
    reason: string,
  ) {
    super(reason)
  }
}

/**
 * Writes the book into `doc` (the scratch copy) through the schema's writers, in one
 * transaction; returns the record a writer refused or threw on, if any. The copy is thrown away
 * either way, so a half-written copy is never seen.
 */
function writeBook(doc: Y.Doc, book: BookFile, cityIds: Map<string, string>): BookProblem[] {
  let at: [BookList, number] = ['people', 0]
  try {
    doc.transact(() => writeRecords(doc, book, cityIds, (list, index) => (at = [list, index])))
    return []
  } catch (error) {
    const [list, index] = error instanceof Refused ? [error.list, error.index] : at
    const record: BookRecordRef = new BookNames(book).ref(list, index)
    return [{ kind: 'notWritten', record, detail: String(error) }]
  }
}

function writeRecords(
  doc: Y.Doc,
  book: BookFile,
  cityIds: Map<string, string>,
  writing: (list: BookList, index: number) => void,
): void {
  book.people.forEach((p, i) => {
    writing('people', i)
    addPerson(
      doc,
      {
        name: p.name,
        cityId: cityIds.get(p.cityId) ?? p.cityId,
        balance: p.balance,
        aadhaar: p.aadhaar,
        petName: p.petName,
        phone: p.phone,
        gender: p.gender,
        language: p.language,
      },
      { id: p.id, now: p.createdAt, by: p.createdBy },
    )
  })
  book.loans.forEach((l, i) => {
    writing('loans', i)
    addLoan(
      doc,
      {
        personId: l.personId,
        amount: l.amount,
        interestRate: l.interestRate,
        interestType: l.interestType,
        startDate: l.startDate,
        dueDate: l.dueDate,
        description: l.description,
        interestOn: l.interestOn,
        openingInterest: l.openingInterest,
      },
      { id: l.id, now: l.createdAt, by: l.createdBy },
    )
  })
  // One deposit, one record: its payments share a date, description, time and actor. Payments
  // of one deposit that differ in those (a layout-1 book from elsewhere, see `movePaymentsToLog`)
  // were kept as one record each way they differ, and go back so.
  const deposits = new Map<string, number[]>()
  book.payments.forEach((p, i) => {
    const by = p.createdBy ? `${p.createdBy.account}\n${p.createdBy.device}` : ''
    const key = `${p.depositId}\n${p.date}\n${p.createdAt}\n${p.description ?? ''}\n${by}\n${p.receipt ?? ''}`
    const group = deposits.get(key)
    if (group) group.push(i)
    else deposits.set(key, [i])
  })
  const groups = [...deposits]
  writing('payments', 0)
  // All in one insert: appended one by one in this transaction, a big book's records would
  // cost quadratic time and memory (see `recordDeposits`).
  const recorded = recordDeposits(
    doc,
    groups.map(([, indexes]) => {
      const payments = indexes.map((i) => book.payments[i] as BookFile['payments'][number])
      const first = payments[0] as BookFile['payments'][number]
      return {
        deposit: {
          date: first.date,
          description: first.description,
          allocations: payments.map((p) => ({ loanId: p.loanId, amount: p.amount })),
        },
        opts: {
          now: first.createdAt,
          by: first.createdBy,
          depositId: first.depositId,
          paymentIds: payments.map((p) => p.id),
          receipt: first.receipt ?? null,
        },
      }
    }),
  )
  if (!recorded.ok) {
    throw new Refused('payments', groups[recorded.index]?.[1][0] ?? 0, recorded.reason)
  }
  book.waivers.forEach((w, i) => {
    writing('waivers', i)
    const result = recordWaiver(
      doc,
      { loanId: w.loanId, date: w.date, amount: w.amount, note: w.note },
      { id: w.id, now: w.createdAt, by: w.createdBy, receipt: w.receipt ?? null },
    )
    if (!result.ok) throw new Refused('waivers', i, result.reason)
  })
  // Every void and undo as the file has it: two voids of one deposit (two devices voided it
  // while apart) are both kept, as the book that exported them keeps them.
  writing('voids', 0)
  const voided = restoreVoidHistory(doc, book.voids, book.undos)
  if (!voided.ok) throw new Refused('voids', voided.index, voided.reason)
  // The history of loans' terms: facts about the past, which change no loan.
  writing('loanEdits', 0)
  restoreLoanEdits(doc, book.loanEdits)
  // Archives last: a payment or a waiver goes only to a loan that is not archived.
  book.loans.forEach((l, i) => {
    writing('loans', i)
    const { status, updatedAt, updatedBy, archived, archivedAt, archivedWith } = l
    const history = { status, updatedAt, updatedBy, archived, archivedAt, archivedWith }
    if (!restoreLoanHistory(doc, l.id, history)) throw new Refused('loans', i, 'notFound')
  })
  book.people.forEach((p, i) => {
    writing('people', i)
    const { updatedAt, updatedBy, archived, archivedAt } = p
    const history = { updatedAt, updatedBy, archived, archivedAt }
    if (!restorePersonHistory(doc, p.id, history)) throw new Refused('people', i, 'notFound')
  })
  // The lender's details for borrowers, as the file has them (a field it lacks is cleared); a
  // file without them (an older export) leaves the book's as they are.
  if (book.profile) {
    setProfile(doc, {
      displayName: book.profile.displayName ?? '',
      upiId: book.profile.upiId ?? '',
    })
    setNewLoanRule(doc, book.profile.newLoanInterestOn ?? 'balance')
  }
}

/**
 * Every record of the file that the written book does not show exactly as the file has it (a
 * reader that skips what the writers took, a writer that changed it): each one a problem, so a
 * book never goes in with a record missing or changed.
 */
function readBackProblems(doc: Y.Doc, book: BookFile, cityIds: Map<string, string>): BookProblem[] {
  const back = bookRecords(doc, { sorted: false })
  const names = new BookNames(book)
  const problems: BookProblem[] = []
  const compare = <T extends object>(
    list: BookList,
    expected: readonly T[],
    actual: readonly T[],
    key: (record: T) => string,
    adjust: (record: T) => T = (record) => record,
  ) => {
    const found = new Map(actual.map((record) => [key(record), record]))
    expected.forEach((record, index) => {
      const read = found.get(key(record))
      if (!read || !sameRecord(adjust(record), read)) {
        problems.push({ kind: 'notReadBack', record: names.ref(list, index) })
      }
    })
  }
  const byId = (record: { id: string }) => record.id
  compare('people', book.people, back.people, byId, (p) => ({
    ...p,
    cityId: cityIds.get(p.cityId) ?? p.cityId,
  }))
  compare('loans', book.loans, back.loans, byId)
  compare('payments', book.payments, back.payments, byId)
  compare('waivers', book.waivers, back.waivers, byId)
  compare('voids', book.voids, back.voids, byId)
  compare('undos', book.undos, back.undos, (u) => u.voidId)
  compare('loanEdits', book.loanEdits, back.loanEdits, byId)
  return problems
}

/**
 * Whether two records hold the same fields (a field set to undefined is one that is absent):
 * values alike, and actors naming the same account and device.
 */
function sameRecord(a: object, b: object): boolean {
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let fields = 0
  for (const key in left) {
    const x = left[key]
    if (x === undefined) continue
    fields++
    const y = right[key]
    if (x !== y && !sameActor(x, y) && !sameChanges(x, y)) return false
  }
  for (const key in right) if (right[key] !== undefined) fields--
  return fields === 0
}

/** Two loan edits' changes alike: the same fields, in the same order, with the same values. */
function sameChanges(x: unknown, y: unknown): boolean {
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
  return JSON.stringify(x) === JSON.stringify(y)
}

function sameActor(x: unknown, y: unknown): boolean {
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
  const p = x as Record<string, unknown>
  const q = y as Record<string, unknown>
  return p.account === q.account && p.device === q.device
}
