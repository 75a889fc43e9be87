/**
 * The root maps of the lender's doc. Entries are typed `unknown`: a doc that came over the network
 * may hold anything, so readers check every entry before trusting it.
 */
import * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { storedActor } from './actors.ts'

/**
 * Version of the lender doc's layout, kept in `meta.schemaVersion`. 1: payments in the `payments`
 * map; 2: deposits in the `deposits` log (see `depositLog.ts`), and a loan's or a person's
 * fields at their defaults not written; 3: the log's records written as text where they fit;
 * 4: each actor written once (`actors`), deposits in their actor's log (`depositsBy`).
 */
export const SCHEMA_VERSION = 4

/** `meta`: `schemaVersion`. */
export function metaMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('meta')
}

/**
 * Whether another device has moved the doc to a layout this code does not know. Such a device
 * may keep facts where this code does not look, so reading would show a book with money missing
 * and writing could put facts where the newer code does not look: the app stops and asks for an
 * update instead. A missing or malformed version is this layout's (it is stamped after sync).
 */
export function isNewerLayout(doc: Y.Doc): boolean {
  const version = metaMap(doc).get('schemaVersion')
  return typeof version === 'number' && version > SCHEMA_VERSION
}

/** `people`: personId → Y.Map of the person's fields. */
export function peopleMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('people')
}

/** `loans`: loanId → Y.Map of the loan's fields. */
export function loansMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('loans')
}

/** `payments` (layout 1): paymentId → plain immutable payment object. Now read, never written. */
export function paymentsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('payments')
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
