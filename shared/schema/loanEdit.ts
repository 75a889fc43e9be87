/**
 * A loan's change history: every change of a loan's terms, kept as a fact. Editing a loan writes
 * its fields (last writer wins, as ever) and, in the same transaction, one record in the root map
 * `loanEdits` (see `writeLoanChange` in `loan.ts`):
 *
 *   editId → { loanId, changes: { field: [before, after], … }, createdAt, createdBy?, undoes? }
 *
 * A plain object, never edited and never deleted, like a waiver or a void; `createdBy` is the
 * actor's key (layout 4). Undo is another such record, written by `undoLoanEdit`, that puts the
 * `before` values back and names the record it undoes; so the history keeps both, and says who
 * undid what and when.
 *
 * Why records and not the loan's own fields: a change's old values are gone from the loan once
 * it is saved, and two devices that edit one loan while apart must both keep their line in the
 * history whatever order their updates merge in. Entries only ever added give that for free.
 * Why one book-wide map and not a Y.Array per loan: a loan's Y.Map holds plain values only (the
 * server refuses a Y type nested in it), and a root of its own is what an older app simply
 * ignores, so it needed no layout of its own. The records are few (a lender edits a loan's terms
 * a handful of times), so readers read them all.
 */
import type * as Y from 'yjs'
import { actorKey, readActorField } from './actors.ts'
import { listedRoot } from './collection.ts'
import { LOAN_EDITS, entryMap, loanEditsMap, loansMap } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertTimestamp,
  isTimestamp,
  newId,
  MAX_ID_LENGTH,
} from './guards.ts'
import { LOAN_EDIT_FIELDS, LOAN_FIELD_DEFAULTS, isLoanFieldValue, writeLoanChange } from './loan.ts'
import type {
  CreateOptions,
  LoanEdit,
  LoanEditChanges,
  LoanEditField,
  LoanEditValue,
  SkippedEntry,
} from './types.ts'

/** The outcome of `undoLoanEdit`; on failure nothing was written. */
export type UndoLoanEditResult =
  | { ok: true; editId: string }
  | { ok: false; reason: 'notFound' | 'alreadyUndone' | 'loanNotFound' | 'unchanged' }

// Records never change, so each stored object is read once; later reads reuse the result (and
// a snapshot keeps its identity). Only a result that names its actor, or names none, is kept:
// an actor that has not arrived yet is looked up again next time.
const checked = new WeakMap<object, LoanEdit | null>()

/** The changes of a record, in `LOAN_EDIT_FIELDS` order; null unless every one is well formed. */
export function readChanges(value: unknown): LoanEditChanges | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const stored = value as Record<string, unknown>
  const keys = Object.keys(stored)
  if (keys.length === 0) return null
  const changes: Partial<Record<LoanEditField, readonly [LoanEditValue, LoanEditValue]>> = {}
  for (const key of keys) {
    const pair = stored[key]
    if (!Array.isArray(pair) || pair.length !== 2) return null
    const [before, after] = pair as unknown[]
    if (!isLoanFieldValue(key, before) || !isLoanFieldValue(key, after) || before === after) {
      return null
    }
  }
  for (const field of LOAN_EDIT_FIELDS) {
    const pair = stored[field] as [LoanEditValue, LoanEditValue] | undefined
    if (pair) changes[field] = [pair[0], pair[1]]
  }
  return changes
}

/**
 * The record stored under `id`, or null when it is anything the writers would not have written
 * (no loan, no changes, a value no loan field holds, a change to a field loans do not have…).
 */
export function readLoanEdit(doc: Y.Doc | null, id: string, entry: unknown): LoanEdit | null {
  if (typeof entry !== 'object' || entry === null) return null
  const cached = checked.get(entry)
  if (cached === null) return null
  if (cached !== undefined && cached.id === id) return cached
  const { loanId, changes, createdAt, createdBy, undoes } = entry as Record<string, unknown>
  const read = readChanges(changes)
  let edit: LoanEdit | null = null
  if (
    id !== '' &&
    typeof loanId === 'string' &&
    loanId !== '' &&
    read !== null &&
    isTimestamp(createdAt) &&
    (undoes === undefined ||
      (typeof undoes === 'string' && undoes !== '' && undoes.length <= MAX_ID_LENGTH))
  ) {
    const by = readActorField(doc, createdBy)
    edit = {
      id,
      loanId,
      changes: read,
      createdAt,
      ...(by && { createdBy: by }),
      ...(undoes !== undefined && { undoes: undoes as string }),
    }
    if (by === undefined && createdBy !== undefined) return edit
  }
  checked.set(entry, edit)
  return edit
}

/** createdAt, then id: the history's order, the same on every device. */
export function compareEdits(a: LoanEdit, b: LoanEdit): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The book's loan history as the snapshot lists it (`LenderSnapshot.loanEdits`, see `roots.ts`). */
export const LOAN_EDIT_LIST = listedRoot(
  'loanEdits',
  LOAN_EDITS,
  'loanEdit',
  (id, entry, doc) => readLoanEdit(doc, id, entry),
  compareEdits,
)

/**
 * Every record of the book's loan history that can be read, oldest first (`compareEdits`); with
 * `skipped`, the ones that cannot are added to it (kind `loanEdit`).
 */
export function readLoanEdits(doc: Y.Doc, skipped?: SkippedEntry[]): LoanEdit[] {
  const edits: LoanEdit[] = []
  for (const [id, entry] of loanEditsMap(doc).entries()) {
    const edit = readLoanEdit(doc, id, entry)
    if (edit) edits.push(edit)
    else skipped?.push({ kind: 'loanEdit', id, reason: 'malformed' })
  }
  return edits.sort(compareEdits)
}

/**
 * Undoes one change of a loan's terms: writes each changed field's `before` value back into the
 * loan, and records that as a change of its own naming the one it undoes (the history keeps
 * both). `alreadyUndone` when some record undoes it already (another device may have), `unchanged`
 * when the loan holds those values already; either way nothing is written.
 */
export function undoLoanEdit(doc: Y.Doc, editId: string, opts: CreateOptions): UndoLoanEditResult {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const edits = loanEditsMap(doc)
  const edit = typeof editId === 'string' ? readLoanEdit(doc, editId, edits.get(editId)) : null
  if (!edit) return { ok: false, reason: 'notFound' }
  for (const [id, entry] of edits.entries()) {
    if (readLoanEdit(doc, id, entry)?.undoes === editId)
      return { ok: false, reason: 'alreadyUndone' }
  }
  const loan = entryMap(loansMap(doc), edit.loanId)
  if (!loan) return { ok: false, reason: 'loanNotFound' }
  const fields: Record<string, LoanEditValue | undefined> = {}
  for (const [field, pair] of Object.entries(edit.changes)) {
    const before = (pair as readonly [LoanEditValue, LoanEditValue])[0]
    fields[field] = before === LOAN_FIELD_DEFAULTS[field as LoanEditField] ? undefined : before
  }
  let written: string | null = null
  doc.transact(() => {
    written = writeLoanChange(doc, edit.loanId, loan, fields, {
      now: opts.now,
      by,
      editId: opts.id,
      undoes: editId,
    })
  }, opts.origin ?? LOCAL_ORIGIN)
  return written === null ? { ok: false, reason: 'unchanged' } : { ok: true, editId: written }
}

/**
 * Puts back a book's loan history exactly as exported, for the book import: each record with its
 * id, time and actor, as another device's would arrive. Records are facts about the past: they
 * change no loan (the import writes each loan as it stands). A record no reader would take, or
 * an id already used, is a programmer error (the import checks the file first) and throws.
 */
export function restoreLoanEdits(
  doc: Y.Doc,
  edits: readonly LoanEdit[],
  opts: { origin?: unknown } = {},
): void {
  const map = loanEditsMap(doc)
  const checkedEdits = edits.map((edit) => {
    assertTimestamp(edit.createdAt)
    const by = actorToStore(edit.createdBy)
    const id = newId(edit.id)
    const changes = readChanges(edit.changes)
    if (typeof edit.loanId !== 'string' || edit.loanId === '' || changes === null) {
      throw new TypeError(`loan edit ${id} is not one the app writes`)
    }
    if (edit.undoes !== undefined && (typeof edit.undoes !== 'string' || edit.undoes === '')) {
      throw new TypeError(`loan edit ${id}: undoes must be an id`)
    }
    return { id, edit, by, changes }
  })
  const ids = new Set<string>()
  for (const { id } of checkedEdits) {
    if (map.has(id) || ids.has(id)) throw new TypeError(`loan edit ${id} already exists`)
    ids.add(id)
  }
  doc.transact(() => {
    for (const { id, edit, by, changes } of checkedEdits) {
      map.set(id, {
        loanId: edit.loanId,
        changes,
        createdAt: edit.createdAt,
        ...(by && { createdBy: actorKey(doc, by) }),
        ...(edit.undoes !== undefined && { undoes: edit.undoes }),
      })
    }
  }, opts.origin ?? LOCAL_ORIGIN)
}
