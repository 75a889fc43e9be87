/**
 * The roots the core collections of the lender's doc live in (people and loans name each other,
 * voids name waivers, so their roots are declared here rather than in their own files; one with a
 * file of its own declares its root there, as `profile.ts` and `actors.ts` do), and the helpers
 * their writers share. `roots.ts` lists every root. Entries are typed `unknown`: a doc that came
 * over the network may hold anything, so readers check every entry before trusting it.
 */
import * as Y from 'yjs'
import { arrayRoot, mapRoot } from './collection.ts'

/** `meta`: `schemaVersion`, the doc's layout (see `layouts/index.ts`). */
export const META = mapRoot('meta')
/** `people`: personId → Y.Map of the person's fields. */
export const PEOPLE = mapRoot('people', Y.Map)
/** `loans`: loanId → Y.Map of the loan's fields. */
export const LOANS = mapRoot('loans', Y.Map)
/** `waivers`: waiverId → plain immutable waiver object. */
export const WAIVERS = mapRoot('waivers')
/** `voids`: voidId → plain immutable void object (what was voided, why, when, by whom). */
export const VOIDS = mapRoot('voids')
/** `undos`: voidId → plain immutable record that the void was undone (when, by whom). */
export const UNDOS = mapRoot('undos')
/**
 * `loanEdits`: editId → plain immutable record of one change to a loan's terms (see
 * `loanEdit.ts`). A root of its own, so the apps before it simply do not read it.
 */
export const LOAN_EDITS = mapRoot('loanEdits')
/** `deposits`: the deposit records that name no one, and all of older layouts' (see `deposit/log.ts`). */
export const DEPOSITS = arrayRoot('deposits')
/** `depositsBy`: `<actor key>.<client id>` → the Y.Array of that actor's deposit records. */
export const DEPOSITS_BY = mapRoot('depositsBy', Y.Array)

/** The `meta` map of a doc. */
export const metaMap = META.of
/** The `people` map of a doc. */
export const peopleMap = PEOPLE.of
/** The `loans` map of a doc. */
export const loansMap = LOANS.of
/** The `waivers` map of a doc. */
export const waiversMap = WAIVERS.of
/** The `voids` map of a doc. */
export const voidsMap = VOIDS.of
/** The `undos` map of a doc. */
export const undosMap = UNDOS.of
/** The `loanEdits` map of a doc. */
export const loanEditsMap = LOAN_EDITS.of

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
