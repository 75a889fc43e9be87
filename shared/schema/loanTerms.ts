/**
 * A loan's terms as one value (layout 7): the fields a loan is created with, written once, under
 * `terms`, as a line of JSON, where earlier layouts wrote one map entry per field.
 *
 *     ["<personId>",500000,24,"per_annum","2026-01-05","2027-01-05","Shop",null,null,"2026-01-05T09:30:00.000Z","a1"]
 *
 * The values are `TERMS_FIELDS`' in that order; null is a field at its default, not written (no
 * description, the old rule for unpaid interest, no opening interest), or no one named as the
 * loan's maker. Who made it is named by their key in `actors` (`actors.ts`), as entries name them.
 *
 * Why: a device holds every loan of the book in memory, and Yjs keeps each map entry as an item
 * of its own (the item, its id, its content, the value). A loan written field by field was eleven
 * such items; as one line it is one.
 *
 * The terms are never written again. A later change writes its field as an entry of its own, as
 * before layout 7, and an entry of its own wins over the terms (`loanField`): two devices that
 * change two fields at once both keep their change, as they did. A field put back to its default
 * is written as that default while the terms hold another value (see `setLoanField` in
 * `loan.ts`): deleting the entry would bring back the terms' value.
 */
import type * as Y from 'yjs'

/** The key of a loan's terms in its Y.Map. */
export const TERMS_KEY = 'terms'

/** The fields the terms hold, in the order they are written. */
export const TERMS_FIELDS = [
  'personId',
  'amount',
  'interestRate',
  'interestType',
  'startDate',
  'dueDate',
  'description',
  'interestOn',
  'openingInterest',
  'createdAt',
  'createdBy',
] as const

const TERMS_INDEX: ReadonlyMap<string, number> = new Map(TERMS_FIELDS.map((field, i) => [field, i]))

/**
 * The terms written for a new loan's `fields` (a field that is undefined or '' is at its default).
 * Only fields of `TERMS_FIELDS`: any other is the caller's to write as an entry.
 */
export function packTerms(fields: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    TERMS_FIELDS.map((field) => {
      const value = fields[field]
      return value === undefined || value === '' ? null : value
    }),
  )
}

/** What a loan's `terms` entry holds: the values, or none at all (written before layout 7). */
export type StoredTerms = readonly unknown[] | undefined

/**
 * The terms stored in a loan's `terms` entry: undefined when there is none; null when it holds
 * anything `packTerms` does not write (another device's doc may hold anything), and then the loan
 * cannot be read. Its values are checked by the loan's reader, as entries are.
 */
export function readTerms(value: unknown): StoredTerms | null {
  if (value === undefined) return undefined
  if (typeof value !== 'string') return null
  let values: unknown
  try {
    values = JSON.parse(value)
  } catch {
    return null
  }
  if (!Array.isArray(values) || values.length > TERMS_FIELDS.length) return null
  if (!values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')) {
    return null
  }
  for (const index of SHARED_INDEXES) values[index] = shared(values[index])
  return values
}

/** The fields whose values repeat across a book's loans: one person, a few thousand days. */
const SHARED_INDEXES = ['personId', 'startDate', 'dueDate'].map((field) => TERMS_INDEX.get(field)!)

// One string for each person id and day the terms name, not one per loan: a big book's 30,000
// loans name 3,000 people on a few thousand days. Bounded: past it, strings are shared afresh.
const sharedStrings = new Map<string, string>()
const SHARED_MAX = 100_000

function shared(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const known = sharedStrings.get(value)
  if (known !== undefined) return known
  if (sharedStrings.size >= SHARED_MAX) sharedStrings.clear()
  sharedStrings.set(value, value)
  return value
}

/**
 * A loan's `field` as it stands: its own entry when it has one, else the terms' value (`terms`:
 * the loan's, already read); undefined when neither holds it (its default), or when the terms
 * cannot be read.
 */
export function loanField(
  loan: Y.Map<unknown>,
  field: string,
  terms: StoredTerms | null = readTerms(loan.get(TERMS_KEY)),
): unknown {
  const own = loan.get(field)
  return own !== undefined ? own : termsValue(terms, field)
}

/** The terms' value of `field`; undefined when they hold none (or there are no terms). */
export function termsValue(terms: StoredTerms | null, field: string): unknown {
  const index = TERMS_INDEX.get(field)
  if (!terms || index === undefined) return undefined
  return terms[index] ?? undefined
}
