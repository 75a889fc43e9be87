/**
 * The root maps of the lender's doc. Entries are typed `unknown`: a doc that came over the network
 * may hold anything, so readers check every entry before trusting it.
 */
import * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { storedActor } from './actors.ts'

/** `meta`: `schemaVersion`, the doc's layout (see `layouts/index.ts`). */
export function metaMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('meta')
}

/** `people`: personId → Y.Map of the person's fields. */
export function peopleMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('people')
}

/** `loans`: loanId → Y.Map of the loan's fields. */
export function loansMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('loans')
}

/** `waivers`: waiverId → plain immutable waiver object. */
export function waiversMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('waivers')
}

/** `voids`: voidId → plain immutable void object (what was voided, why, when, by whom). */
export function voidsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('voids')
}

/** `undos`: voidId → plain immutable record that the void was undone (when, by whom). */
export function undosMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('undos')
}

/**
 * `loanEdits`: editId → plain immutable record of one change to a loan's terms (see
 * `loanEdit.ts`). A root of its own, so the apps before it simply do not read it.
 */
export function loanEditsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('loanEdits')
}

/** The entry's own Y.Map, or null when it is missing or not a Y.Map. */
export function entryMap(collection: Y.Map<unknown>, id: string): Y.Map<unknown> | null {
  const entry = collection.get(id)
  return entry instanceof Y.Map ? (entry as Y.Map<unknown>) : null
}

/**
 * Writes `value` only when it differs (undefined deletes the field), so an untouched field keeps
 * whatever a concurrent edit on another device puts there. Returns whether anything was written.
 */
export function setIfChanged(entry: Y.Map<unknown>, key: string, value: unknown): boolean {
  if (value === undefined) {
    if (!entry.has(key)) return false
    entry.delete(key)
    return true
  }
  if (entry.get(key) === value) return false
  entry.set(key, value)
  return true
}

/**
 * Marks an entry changed at `now` by `by`; with no `by` the previous `updatedBy` is removed, so
 * the history never names someone for a change they did not make.
 */
export function touch(entry: Y.Map<unknown>, now: string, by: Actor | undefined): void {
  entry.set('updatedAt', now)
  setIfChanged(entry, 'updatedBy', storedActor(entry, by))
}
