/**
 * Loans: one Y.Map per loan holding its terms (as one value since layout 7, `loanTerms.ts`), its
 * later changes and the lender-set status. Payments live in the deposit logs (see
 * `deposit/log.ts`); balances and interest are never stored, the engine derives them.
 */
import * as Y from 'yjs'
import { isIsoDate } from '../dates.ts'
import type { Actor, InterestOn, InterestType, StoredStatus } from '../ledger/types.ts'
import { actorKey, readAuthors } from './actors.ts'
import { entryMap, loanEditsMap, loansMap, peopleMap, setIfChanged } from './doc.ts'
import { addEntry, editEntry, restoreHistory, setArchived, touch } from './entries.ts'
import { TERMS_KEY, loanField, packTerms, readTerms, termsValue } from './loanTerms.ts'
import type { EntryHistory } from './entries.ts'
import {
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  assertIsoDate,
  assertOneOf,
  assertPaise,
  assertRate,
  cleanText,
  isPaise,
  isRate,
  isTimestamp,
  newId,
} from './guards.ts'
import type {
  CreateOptions,
  Loan,
  LoanEditField,
  LoanEditValue,
  LoanInput,
  LoanPatch,
  MutationOptions,
} from './types.ts'

/** The ways a rate can be quoted, default first. */
export const INTEREST_TYPES: readonly InterestType[] = ['per_annum', 'per_month']

/** The rules for unpaid interest (engine notes, rule 6b), the old one (the default) first. */
export const INTEREST_RULES: readonly InterestOn[] = ['balance', 'principal']

/** The statuses the loan edit form offers, default first. */
export const STORED_STATUSES: readonly StoredStatus[] = ['active', 'overdue', 'defaulted', 'paid']

/** A loan as stored, before its payments and waivers are attached; the map key is the id. */
export type StoredLoan = Omit<Loan, 'payments' | 'waivers'>

/**
 * The stored loan in a Y.Map, or null when it holds anything the writers would refuse (an amount
 * over the cap, a rate past the form's, a day outside 0001–9999: the engine could not replay it).
 * A field at its default is not written (layout 2): no status is `active`, no description is
 * empty, no `archived` is false, and no `updatedAt` means never changed since `createdAt`; and
 * (layout 5) no `interestOn` is the old rule, no `openingInterest` is none. A rule other than
 * the two, or an opening interest that is not a sum of money, is a loan whose figures cannot be
 * known, so the loan is skipped like one at 1e300 %. A stored `'balance'` or 0 reads as absent.
 * Since layout 7 the fields a loan is created with are one value, its terms (`loanTerms.ts`),
 * and an entry of its own wins over them; terms no writer makes are a loan that cannot be read.
 */
export function readStoredLoan(id: string, entry: unknown): StoredLoan | null {
  if (!(entry instanceof Y.Map)) return null
  const map = entry as Y.Map<unknown>
  // Layout 7: the fields it was created with are its terms, unless an entry of its own says else.
  const terms = readTerms(map.get(TERMS_KEY))
  if (terms === null) return null
  const field = (key: string) => loanField(map, key, terms)
  const personId = field('personId')
  const amount = field('amount')
  const interestRate = field('interestRate')
  const interestType = field('interestType')
  const startDate = field('startDate')
  const dueDate = field('dueDate')
  const status = map.get('status') ?? 'active'
  const description = field('description')
  const createdAt = field('createdAt')
  const updatedAt = map.get('updatedAt') ?? createdAt
  const archived = map.get('archived') ?? false
  const archivedAt = map.get('archivedAt')
  const interestOn = field('interestOn') ?? 'balance'
  const openingInterest = field('openingInterest') ?? 0
  if (
    id === '' ||
    typeof personId !== 'string' ||
    personId === '' ||
    !isPaise(amount) ||
    !isRate(interestRate) ||
    !INTEREST_TYPES.includes(interestType as InterestType) ||
    !isIsoDate(startDate) ||
    !isIsoDate(dueDate) ||
    !STORED_STATUSES.includes(status as StoredStatus) ||
    !INTEREST_RULES.includes(interestOn as InterestOn) ||
    !isPaise(openingInterest, true) ||
    !isTimestamp(createdAt) ||
    !isTimestamp(updatedAt) ||
    typeof archived !== 'boolean'
  ) {
    return null
  }
  return {
    id,
    personId,
    amount,
    interestRate,
    interestType: interestType as InterestType,
    startDate,
    dueDate,
    status: status as StoredStatus,
    description: typeof description === 'string' ? description : '',
    ...(interestOn === 'principal' && { interestOn }),
    ...(openingInterest > 0 && { openingInterest }),
    createdAt,
    updatedAt,
    archived,
    ...(isTimestamp(archivedAt) && { archivedAt }),
    ...readAuthors(map, field('createdBy')),
  }
}

/**
 * Adds an active loan for a known person; returns the new id. Throws a TypeError on bad input.
 * The rule for unpaid interest and the opening interest are written only when not at their
 * defaults (the old rule, none).
 */
export function addLoan(doc: Y.Doc, input: LoanInput, opts: CreateOptions): string {
  // Active, not archived and not yet changed: the defaults, so not written (a tenth of a book).
  // The rest, as one value (layout 7, `loanTerms.ts`).
  return addEntry(
    doc,
    loansMap(doc),
    'loan',
    () => cleanLoanFields(doc, input, true),
    opts,
    (fields) => ({
      [TERMS_KEY]: packTerms(fields),
    }),
  )
}

/**
 * Sets the fields of `patch` that differ from what is stored, bumping `updatedAt`, and records
 * the change in the loan's history (`loanEdits`: each changed field old → new, who, when; see
 * `writeLoanChange`). False when the loan is unknown. `editId` names the record (tests pass one).
 */
export function updateLoan(
  doc: Y.Doc,
  id: string,
  patch: LoanPatch,
  opts: MutationOptions & { editId?: string },
): boolean {
  return editEntry(doc, loansMap(doc), id, opts, (loan, by) => {
    const fields = cleanLoanFields(doc, patch, false)
    if ('status' in patch) {
      assertOneOf(patch.status, STORED_STATUSES, 'status')
      fields.status = patch.status === 'active' ? undefined : patch.status
    }
    if (fields.description === '') fields.description = undefined
    writeLoanChange(doc, id, loan, fields, { now: opts.now, by, editId: opts.editId })
  })
}

/** The fields of a loan that its history records, in the order a history line names them. */
export const LOAN_EDIT_FIELDS: readonly LoanEditField[] = [
  'personId',
  'amount',
  'interestRate',
  'interestType',
  'interestOn',
  'openingInterest',
  'startDate',
  'dueDate',
  'status',
  'description',
]

/** What a field not written holds (see `readStoredLoan`). */
export const LOAN_FIELD_DEFAULTS: Readonly<Partial<Record<LoanEditField, LoanEditValue>>> = {
  interestOn: 'balance',
  openingInterest: 0,
  status: 'active',
  description: '',
}

/** Whether `value` is what a loan's `field` may hold, its default spelled out included. */
export function isLoanFieldValue(field: string, value: unknown): value is LoanEditValue {
  switch (field) {
    case 'personId':
      return typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH
    case 'amount':
      return isPaise(value)
    case 'interestRate':
      return isRate(value)
    case 'interestType':
      return INTEREST_TYPES.includes(value as InterestType)
    case 'interestOn':
      return INTEREST_RULES.includes(value as InterestOn)
    case 'openingInterest':
      return isPaise(value, true)
    case 'startDate':
    case 'dueDate':
      return isIsoDate(value)
    case 'status':
      return STORED_STATUSES.includes(value as StoredStatus)
    case 'description':
      return typeof value === 'string' && value.length <= MAX_TEXT_LENGTH
    default:
      return false
  }
}

/** The value of `field` as the history records it; undefined when the stored one is not one. */
function recordedValue(loan: Y.Map<unknown>, field: string): LoanEditValue | undefined {
  const stored = loanField(loan, field) ?? LOAN_FIELD_DEFAULTS[field as LoanEditField]
  return isLoanFieldValue(field, stored) ? stored : undefined
}

/**
 * Writes `value` as a loan's `field` (undefined: back to its default), unless the loan holds it
 * already; true when it wrote. Back to the default is a deleted entry, or the default spelled
 * out while the loan's terms hold another value (deleting would bring that value back).
 */
function setLoanField(loan: Y.Map<unknown>, field: string, value: unknown): boolean {
  const inTerms = termsValue(readTerms(loan.get(TERMS_KEY)), field)
  const next =
    value === undefined && inTerms !== undefined
      ? LOAN_FIELD_DEFAULTS[field as LoanEditField]
      : value
  if (next === undefined) return setIfChanged(loan, field, undefined)
  if ((loan.get(field) ?? inTerms) === next) return false
  loan.set(field, next)
  return true
}

/**
 * Writes checked `fields` into a loan (undefined: back to the field's default, not written) and,
 * when anything changed, bumps `updatedAt` and records the change in `loanEdits`: a new immutable
 * record of each changed field's old and new value, who and when, and `undoes` when it puts an
 * earlier change back (see `loanEdit.ts`). Run inside the caller's transaction. Returns the new
 * record's id, or null when no field changed. A field whose stored value no writer makes is
 * written but not recorded (a record holds only what the readers take).
 */
export function writeLoanChange(
  doc: Y.Doc,
  loanId: string,
  loan: Y.Map<unknown>,
  fields: Readonly<Record<string, string | number | undefined>>,
  opts: { now: string; by?: Actor | undefined; editId?: string | undefined; undoes?: string },
): string | null {
  const changes: Record<string, [LoanEditValue, LoanEditValue]> = {}
  let written = false
  for (const [key, value] of Object.entries(fields)) {
    const before = recordedValue(loan, key)
    if (!setLoanField(loan, key, value)) continue
    written = true
    const after = value ?? LOAN_FIELD_DEFAULTS[key as LoanEditField]
    if (before !== undefined && after !== undefined && before !== after) {
      changes[key] = [before, after]
    }
  }
  if (!written) return null
  touch(loan, opts.now, opts.by)
  if (Object.keys(changes).length === 0) return null
  const edits = loanEditsMap(doc)
  const editId = newId(opts.editId)
  if (edits.has(editId)) throw new TypeError(`loan edit ${editId} already exists`)
  edits.set(editId, {
    loanId,
    changes,
    createdAt: opts.now,
    ...(opts.by && { createdBy: actorKey(doc, opts.by) }),
    ...(opts.undoes !== undefined && { undoes: opts.undoes }),
  })
  return editId
}

/** Archives (soft-deletes) a loan; its payments stay with it. False when unknown. */
export function archiveLoan(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  return editEntry(doc, loansMap(doc), id, opts, (loan, by) => {
    if (loan.get('archived') !== true) setArchived(loan, true, opts.now, by)
  })
}

/** Restores an archived loan (which also shows its person again, see `readLender`). False when unknown. */
export function restoreLoan(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  return editEntry(doc, loansMap(doc), id, opts, (loan, by) => {
    if (loan.get('archived') === true) setArchived(loan, false, opts.now, by)
  })
}

/**
 * Loan id → the person it was archived with, for the loans that `archivePerson` archived (so
 * `restorePerson` brings back exactly those). The book export keeps it.
 */
export function readArchivedWith(doc: Y.Doc): Map<string, string> {
  const result = new Map<string, string>()
  for (const [id, entry] of loansMap(doc).entries()) {
    if (!(entry instanceof Y.Map)) continue
    const personId = (entry as Y.Map<unknown>).get('archivedWith')
    if (typeof personId === 'string') result.set(id, personId)
  }
  return result
}

/** A loan's state after its creation, as an exported book carries it. */
export interface LoanHistory extends EntryHistory {
  status: StoredStatus
  archivedWith?: string
}

/**
 * Puts back a loan's later state exactly as exported (status, last change, archive), for the
 * book import: `addLoan` then this gives the same stored loan, timestamps included. Not for
 * edits, which go through `updateLoan` and `archiveLoan`. False when the loan is unknown.
 */
export function restoreLoanHistory(
  doc: Y.Doc,
  id: string,
  history: LoanHistory,
  opts: { origin?: unknown } = {},
): boolean {
  assertOneOf(history.status, STORED_STATUSES, 'status')
  const { status, archivedWith } = history
  return restoreHistory(doc, loansMap(doc), id, history, { status, archivedWith }, opts.origin)
}

/**
 * The checked, trimmed fields of an input (`complete`) or of a patch (only the keys it has). A
 * field at its default is `undefined`: not written by `addLoan`, deleted by `updateLoan`.
 */
function cleanLoanFields(
  doc: Y.Doc,
  input: Partial<LoanInput>,
  complete: boolean,
): Record<string, string | number | undefined> {
  const fields: Record<string, string | number | undefined> = {}
  if (complete || 'personId' in input) {
    const personId = cleanText(input.personId, 'personId', true)
    if (!entryMap(peopleMap(doc), personId)) throw new TypeError(`unknown person ${personId}`)
    fields.personId = personId
  }
  if (complete || 'amount' in input) {
    assertPaise(input.amount, 'amount')
    fields.amount = input.amount
  }
  if (complete || 'interestRate' in input) {
    assertRate(input.interestRate, 'interestRate')
    fields.interestRate = input.interestRate
  }
  if (complete || 'interestType' in input) {
    assertOneOf(input.interestType, INTEREST_TYPES, 'interestType')
    fields.interestType = input.interestType
  }
  for (const key of ['startDate', 'dueDate'] as const) {
    if (complete || key in input) {
      assertIsoDate(input[key], key)
      fields[key] = input[key]
    }
  }
  if (complete || 'description' in input) {
    fields.description = cleanText(input.description, 'description')
  }
  // Optional in an input too: a loan added without them has the defaults.
  if ('interestOn' in input && input.interestOn !== undefined) {
    assertOneOf(input.interestOn, INTEREST_RULES, 'interestOn')
    fields.interestOn = input.interestOn === 'balance' ? undefined : input.interestOn
  } else if (!complete && 'interestOn' in input) {
    fields.interestOn = undefined
  }
  if ('openingInterest' in input && input.openingInterest !== undefined) {
    assertPaise(input.openingInterest, 'openingInterest', true)
    fields.openingInterest = input.openingInterest === 0 ? undefined : input.openingInterest
  } else if (!complete && 'openingInterest' in input) {
    fields.openingInterest = undefined
  }
  return fields
}
