/**
 * Loans: one Y.Map per loan holding its terms and the lender-set status. Payments live in their
 * own map (see `payment.ts`); balances and interest are never stored, the engine derives them.
 */
import * as Y from 'yjs'
import { isIsoDate } from '../dates.ts'
import type { Actor, InterestType, StoredStatus } from '../ledger/types.ts'
import { readAuthors, storedActor } from './actors.ts'
import { entryMap, loansMap, peopleMap, setIfChanged, touch } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertIsoDate,
  assertOneOf,
  assertPaise,
  assertRate,
  assertTimestamp,
  cleanText,
  isPaise,
  isRate,
  newId,
} from './guards.ts'
import type { CreateOptions, Loan, LoanInput, LoanPatch, MutationOptions } from './types.ts'

/** The ways a rate can be quoted, default first. */
export const INTEREST_TYPES: readonly InterestType[] = ['per_annum', 'per_month']

/** The statuses the loan edit form offers, default first. */
export const STORED_STATUSES: readonly StoredStatus[] = ['active', 'overdue', 'defaulted', 'paid']

/** A loan as stored, before its payments and waivers are attached; the map key is the id. */
export type StoredLoan = Omit<Loan, 'payments' | 'waivers'>

/**
 * The stored loan in a Y.Map, or null when it holds anything the engine could not replay. A field
 * at its default is not written (layout 2): no status is `active`, no description is empty, no
 * `archived` is false, and no `updatedAt` means never changed since `createdAt`.
 */
export function readStoredLoan(id: string, entry: unknown): StoredLoan | null {
  if (!(entry instanceof Y.Map)) return null
  const map = entry as Y.Map<unknown>
  const personId = map.get('personId')
  const amount = map.get('amount')
  const interestRate = map.get('interestRate')
  const interestType = map.get('interestType')
  const startDate = map.get('startDate')
  const dueDate = map.get('dueDate')
  const status = map.get('status') ?? 'active'
  const description = map.get('description')
  const createdAt = map.get('createdAt')
  const updatedAt = map.get('updatedAt') ?? createdAt
  const archived = map.get('archived') ?? false
  const archivedAt = map.get('archivedAt')
  if (
    typeof personId !== 'string' ||
    !isPaise(amount) ||
    !isRate(interestRate) ||
    !INTEREST_TYPES.includes(interestType as InterestType) ||
    !isIsoDate(startDate) ||
    !isIsoDate(dueDate) ||
    !STORED_STATUSES.includes(status as StoredStatus) ||
    typeof createdAt !== 'string' ||
    typeof updatedAt !== 'string' ||
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
    createdAt,
    updatedAt,
    archived,
    ...(typeof archivedAt === 'string' && { archivedAt }),
    ...readAuthors(map),
  }
}

/** Adds an active loan for a known person; returns the new id. Throws a TypeError on bad input. */
export function addLoan(doc: Y.Doc, input: LoanInput, opts: CreateOptions): string {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const fields = cleanLoanFields(doc, input, true)
  const id = newId(opts.id)
  const loans = loansMap(doc)
  if (loans.has(id)) throw new TypeError(`loan ${id} already exists`)
  doc.transact(() => {
    const loan = new Y.Map<unknown>()
    loans.set(id, loan)
    // Active, not archived and not yet changed (so changed by whoever created it): the
    // defaults, so not written (a tenth of a book).
    for (const [key, value] of Object.entries(fields)) {
      if (value !== '') loan.set(key, value)
    }
    loan.set('createdAt', opts.now)
    setIfChanged(loan, 'createdBy', storedActor(loan, by))
  }, opts.origin ?? LOCAL_ORIGIN)
  return id
}

/** Sets the fields of `patch` that differ from what is stored, bumping `updatedAt`. False when unknown. */
export function updateLoan(
  doc: Y.Doc,
  id: string,
  patch: LoanPatch,
  opts: MutationOptions,
): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const loan = entryMap(loansMap(doc), id)
  if (!loan) return false
  const fields = cleanLoanFields(doc, patch, false)
  if ('status' in patch) {
    assertOneOf(patch.status, STORED_STATUSES, 'status')
    fields.status = patch.status
  }
  doc.transact(() => {
    let changed = false
    for (const [key, value] of Object.entries(fields)) {
      changed = setIfChanged(loan, key, value) || changed
    }
    if (changed) touch(loan, opts.now, by)
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/** Archives (soft-deletes) a loan; its payments stay with it. False when unknown. */
export function archiveLoan(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const loan = entryMap(loansMap(doc), id)
  if (!loan) return false
  if (loan.get('archived') === true) return true
  doc.transact(() => {
    loan.set('archived', true)
    loan.set('archivedAt', opts.now)
    touch(loan, opts.now, by)
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/** Restores an archived loan (which also shows its person again, see `readLender`). False when unknown. */
export function restoreLoan(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const loan = entryMap(loansMap(doc), id)
  if (!loan) return false
  if (loan.get('archived') !== true) return true
  doc.transact(() => {
    loan.set('archived', false)
    setIfChanged(loan, 'archivedAt', undefined)
    setIfChanged(loan, 'archivedWith', undefined)
    touch(loan, opts.now, by)
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
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
export interface LoanHistory {
  status: StoredStatus
  updatedAt: string
  updatedBy?: Actor
  archived: boolean
  archivedAt?: string
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
  assertTimestamp(history.updatedAt)
  const loan = entryMap(loansMap(doc), id)
  if (!loan) return false
  const by = actorToStore(history.updatedBy)
  doc.transact(() => {
    setIfChanged(loan, 'status', history.status)
    setIfChanged(loan, 'archived', history.archived === true)
    setIfChanged(loan, 'archivedAt', history.archivedAt)
    setIfChanged(loan, 'archivedWith', history.archivedWith)
    loan.set('updatedAt', history.updatedAt)
    setIfChanged(loan, 'updatedBy', storedActor(loan, by))
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/** The checked, trimmed fields of an input (`complete`) or of a patch (only the keys it has). */
function cleanLoanFields(
  doc: Y.Doc,
  input: Partial<LoanInput>,
  complete: boolean,
): Record<string, string | number> {
  const fields: Record<string, string | number> = {}
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
  return fields
}
