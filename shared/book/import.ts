/**
 * Reading an exported book back (see `export.ts`): `parseBook` checks the whole file and lists
 * every problem by record and field before anything is written; `importBook` writes a checked
 * book into an empty doc through the schema's writers, keeping every id and timestamp, so the
 * engine's figures after the import are the figures before the export.
 */
import type * as Y from 'yjs'
import { z } from 'zod'
import { isIsoDate } from '../dates.ts'
import { addCity, MAX_CITY_NAME_LENGTH } from '../schema/city.ts'
import { LOCAL_ORIGIN } from '../schema/guards.ts'
import { readLender } from '../schema/lender.ts'
import { addLoan, restoreLoanHistory } from '../schema/loan.ts'
import { recordDeposits } from '../schema/payment.ts'
import { addPerson, restorePersonHistory } from '../schema/person.ts'
import { readVoids, undoVoid, voidDeposit, voidWaiver } from '../schema/void.ts'
import { recordWaiver } from '../schema/waiver.ts'
import { BOOK_FORMAT, BOOK_VERSION, type BookFile } from './export.ts'

/** What a field's check says when the value is absent, or present but wrong. */
function says(wrong: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is missing' : wrong),
  }
}

const text = z.string(says('must be text'))
const id = text.min(1, 'must not be empty')
const timestamp = z
  .string(says('must be an ISO timestamp'))
  .refine((value) => isIsoDate(value.slice(0, 10)) && value[10] === 'T', 'must be an ISO timestamp')
const date = z.string(says('must be a date YYYY-MM-DD')).refine(isIsoDate, {
  message: 'must be a date YYYY-MM-DD',
})
const paise = (allowZero: boolean) =>
  z
    .number(says('must be a whole number of paise'))
    .refine(
      (value) => Number.isSafeInteger(value) && value >= (allowZero ? 0 : 1),
      allowZero
        ? 'must be a whole number of paise, 0 or more'
        : 'must be a whole number of paise above 0',
    )
const actor = z.object({ account: text, device: text }, says('must be { account, device }'))
const bool = z.boolean(says('must be true or false'))

const person = z.object(
  {
    id,
    name: text.refine((value) => value.trim() !== '', 'must not be blank'),
    cityId: id,
    balance: paise(true),
    aadhaar: text.optional(),
    petName: text.optional(),
    phone: text.optional(),
    gender: z.enum(['male', 'female', 'other'], says('must be male, female or other')),
    language: z.enum(['en', 'hi'], says('must be en or hi')).optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    archived: bool,
    archivedAt: timestamp.optional(),
    createdBy: actor.optional(),
    updatedBy: actor.optional(),
  },
  says('must be an object'),
)

const loan = z.object(
  {
    id,
    personId: id,
    amount: paise(false),
    interestRate: z
      .number(says('must be a percentage'))
      .refine(
        (value) => Number.isFinite(value) && value >= 0 && Math.round(value * 100) / 100 === value,
        'must be a percentage ≥ 0 with at most 2 decimals',
      ),
    interestType: z.enum(['per_annum', 'per_month'], says('must be per_annum or per_month')),
    startDate: date,
    dueDate: date,
    status: z.enum(
      ['active', 'overdue', 'defaulted', 'paid'],
      says('must be active, overdue, defaulted or paid'),
    ),
    description: text,
    createdAt: timestamp,
    updatedAt: timestamp,
    archived: bool,
    archivedAt: timestamp.optional(),
    archivedWith: id.optional(),
    createdBy: actor.optional(),
    updatedBy: actor.optional(),
  },
  says('must be an object'),
)

const payment = z.object(
  {
    id,
    loanId: id,
    depositId: id,
    date,
    amount: paise(false),
    description: text.optional(),
    createdAt: timestamp,
    createdBy: actor.optional(),
  },
  says('must be an object'),
)

const waiver = z.object(
  {
    id,
    loanId: id,
    date,
    amount: paise(false),
    note: text.optional(),
    createdAt: timestamp,
    createdBy: actor.optional(),
  },
  says('must be an object'),
)

const voidRecord = z.object(
  {
    id,
    kind: z.enum(['deposit', 'waiver'], says('must be deposit or waiver')),
    targetId: id,
    reason: text.refine((value) => value.trim() !== '', 'must not be blank'),
    createdAt: timestamp,
    createdBy: actor.optional(),
  },
  says('must be an object'),
)

const undo = z.object(
  { voidId: id, createdAt: timestamp, createdBy: actor.optional() },
  says('must be an object'),
)

const city = z.object(
  {
    id,
    name: text.refine(
      (value) => value.trim() !== '' && value.trim().length <= MAX_CITY_NAME_LENGTH,
      `must be 1 to ${MAX_CITY_NAME_LENGTH} characters`,
    ),
    createdAt: timestamp,
  },
  says('must be an object'),
)

const list = <T extends z.ZodType>(item: T) => z.array(item, says('must be a list'))

const bookSchema = z.object(
  {
    format: z.literal(BOOK_FORMAT, says(`must be "${BOOK_FORMAT}"`)),
    version: z.literal(BOOK_VERSION, says(`must be ${BOOK_VERSION}`)),
    exportedAt: timestamp,
    people: list(person),
    loans: list(loan),
    payments: list(payment),
    waivers: list(waiver),
    voids: list(voidRecord),
    undos: list(undo),
    cities: list(city),
  },
  says('must be a Rin Khata book (a JSON object)'),
)

/** The outcome of `parseBook`: a checked book, or every problem found (nothing was written). */
export type ParsedBook = { ok: true; book: BookFile } | { ok: false; problems: string[] }

/** `['payments', 12, 'amount']` → `payments[12].amount`. */
function pathText(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`
  }
  return out === '' ? 'file' : out
}

/**
 * Checks an exported book's text: JSON, every field of every record (`payments[12].amount: must
 * be a whole number of paise above 0`), then the links between records (a loan's person, a
 * payment's loan, a void's target, unique ids, one deposit's payments agreeing). Every problem is
 * listed, in file order.
 */
export function parseBook(json: string): ParsedBook {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    return { ok: false, problems: ['file: is not JSON (choose the .json file an export made)'] }
  }
  const parsed = bookSchema.safeParse(data)
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`),
    }
  }
  const book = parsed.data as BookFile
  const problems = linkProblems(book)
  return problems.length > 0 ? { ok: false, problems } : { ok: true, book }
}

function linkProblems(book: BookFile): string[] {
  const problems: string[] = []
  const unique = (name: string, records: readonly { id: string }[]) => {
    const seen = new Set<string>()
    records.forEach(({ id }, i) => {
      if (seen.has(id)) problems.push(`${name}[${i}].id: the id ${id} is used twice`)
      seen.add(id)
    })
    return seen
  }
  const people = unique('people', book.people)
  const loans = unique('loans', book.loans)
  unique('payments', book.payments)
  const waivers = unique('waivers', book.waivers)
  const voids = unique('voids', book.voids)
  unique('cities', book.cities)
  book.loans.forEach((l, i) => {
    if (!people.has(l.personId)) problems.push(`loans[${i}].personId: no person has this id`)
    if (l.dueDate <= l.startDate) problems.push(`loans[${i}].dueDate: must be after startDate`)
  })
  const deposits = new Map<string, BookFile['payments'][number]>()
  book.payments.forEach((p, i) => {
    if (!loans.has(p.loanId)) problems.push(`payments[${i}].loanId: no loan has this id`)
    const first = deposits.get(p.depositId)
    if (!first) deposits.set(p.depositId, p)
    else if (
      first.date !== p.date ||
      first.createdAt !== p.createdAt ||
      first.description !== p.description ||
      JSON.stringify(first.createdBy) !== JSON.stringify(p.createdBy)
    ) {
      problems.push(
        `payments[${i}].depositId: differs in date, description or createdAt from the deposit's other payments`,
      )
    }
  })
  book.waivers.forEach((w, i) => {
    if (!loans.has(w.loanId)) problems.push(`waivers[${i}].loanId: no loan has this id`)
  })
  book.voids.forEach((v, i) => {
    const known = v.kind === 'deposit' ? deposits.has(v.targetId) : waivers.has(v.targetId)
    if (!known) problems.push(`voids[${i}].targetId: no ${v.kind} has this id`)
  })
  const undone = new Set<string>()
  book.undos.forEach((u, i) => {
    if (!voids.has(u.voidId)) problems.push(`undos[${i}].voidId: no void has this id`)
    if (undone.has(u.voidId)) problems.push(`undos[${i}].voidId: this void is undone twice`)
    undone.add(u.voidId)
  })
  return problems
}

/** The outcome of `importBook`. */
export type ImportResult =
  { ok: true; people: number; loans: number; payments: number } | { ok: false; reason: 'notEmpty' }

/** True when the lender's doc holds no person, loan, payment, waiver or void. */
export function isBookEmpty(lenderDoc: Y.Doc): boolean {
  const { people, loans, payments, waivers } = readLender(lenderDoc)
  return (
    people.length + loans.length + payments.length + waivers.length === 0 &&
    readVoids(lenderDoc).length === 0
  )
}

/**
 * Writes a checked book (from `parseBook`) into an empty lender doc, in one transaction, through
 * the schema's writers with the exported ids, timestamps and actors. Cities are shared: each is
 * added by name (`addCity` keeps an existing same-named city, else creates it under the exported
 * id) and people point at whichever id the cities doc uses. A non-empty doc is refused untouched.
 */
export function importBook(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  book: BookFile,
  opts: { origin?: unknown } = {},
): ImportResult {
  if (!isBookEmpty(lenderDoc)) return { ok: false, reason: 'notEmpty' }
  const origin = opts.origin ?? LOCAL_ORIGIN
  const cityIds = new Map<string, string>()
  citiesDoc.transact(() => {
    for (const c of book.cities) {
      const kept = addCity(citiesDoc, c.name, { id: c.id, now: c.createdAt, origin })
      if (kept !== null) cityIds.set(c.id, kept)
    }
  }, origin)

  lenderDoc.transact(() => {
    for (const p of book.people) {
      addPerson(
        lenderDoc,
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
        { id: p.id, now: p.createdAt, by: p.createdBy, origin },
      )
    }
    for (const l of book.loans) {
      addLoan(
        lenderDoc,
        {
          personId: l.personId,
          amount: l.amount,
          interestRate: l.interestRate,
          interestType: l.interestType,
          startDate: l.startDate,
          dueDate: l.dueDate,
          description: l.description,
        },
        { id: l.id, now: l.createdAt, by: l.createdBy, origin },
      )
    }
    // One deposit, one write: its payments share a date, description, time and actor.
    const deposits = new Map<string, BookFile['payments']>()
    for (const p of book.payments) {
      const group = deposits.get(p.depositId)
      if (group) group.push(p)
      else deposits.set(p.depositId, [p])
    }
    // All in one insert: appended one by one in this transaction, a big book's records would
    // cost quadratic time and memory (see `recordDeposits`).
    const recorded = recordDeposits(
      lenderDoc,
      [...deposits].map(([depositId, payments]) => {
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
            depositId,
            paymentIds: payments.map((p) => p.id),
          },
        }
      }),
      origin,
    )
    if (!recorded.ok) {
      const depositId = [...deposits.keys()][recorded.index]
      throw new Error(`deposit ${depositId} was refused: ${recorded.reason}`)
    }
    for (const w of book.waivers) {
      const result = recordWaiver(
        lenderDoc,
        { loanId: w.loanId, date: w.date, amount: w.amount, note: w.note },
        { id: w.id, now: w.createdAt, by: w.createdBy, origin },
      )
      if (!result.ok) throw new Error(`waiver ${w.id} was refused: ${result.reason}`)
    }
    // Voids and undos in the order they were made, so each void finds its target not voided.
    const events = [
      ...book.voids.map((v) => ({ at: v.createdAt, id: v.id, step: 0, v })),
      ...book.undos.map((u) => ({ at: u.createdAt, id: u.voidId, step: 1, u })),
    ].sort((a, b) =>
      a.at !== b.at
        ? a.at < b.at
          ? -1
          : 1
        : a.id !== b.id
          ? a.id < b.id
            ? -1
            : 1
          : a.step - b.step,
    )
    for (const event of events) {
      if ('v' in event) {
        const v = event.v
        const write = v.kind === 'deposit' ? voidDeposit : voidWaiver
        const result = write(lenderDoc, v.targetId, v.reason, {
          id: v.id,
          now: v.createdAt,
          by: v.createdBy,
          origin,
        })
        if (!result.ok) throw new Error(`void ${v.id} was refused: ${result.reason}`)
      } else {
        const u = event.u
        const result = undoVoid(lenderDoc, u.voidId, { now: u.createdAt, by: u.createdBy, origin })
        if (!result.ok) throw new Error(`undo of ${u.voidId} was refused: ${result.reason}`)
      }
    }
    for (const l of book.loans) {
      restoreLoanHistory(
        lenderDoc,
        l.id,
        {
          status: l.status,
          updatedAt: l.updatedAt,
          updatedBy: l.updatedBy,
          archived: l.archived,
          archivedAt: l.archivedAt,
          archivedWith: l.archivedWith,
        },
        { origin },
      )
    }
    for (const p of book.people) {
      restorePersonHistory(
        lenderDoc,
        p.id,
        {
          updatedAt: p.updatedAt,
          updatedBy: p.updatedBy,
          archived: p.archived,
          archivedAt: p.archivedAt,
        },
        { origin },
      )
    }
  }, origin)
  return {
    ok: true,
    people: book.people.length,
    loans: book.loans.length,
    payments: book.payments.length,
  }
}
