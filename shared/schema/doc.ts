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
 * 4: each actor written once (`actors`), deposits in their actor's log (`depositsBy`); 5: a loan
 * may carry its rule for unpaid interest (`interestOn`) and old dues (`openingInterest`). Layout 5
 * moves nothing: it is stamped so that an app of layout 4, which would read such a loan without
 * them and show its figures wrong (compound where the lender chose simple, the old dues left out),
 * asks to be updated instead. (The `loanEdits` collection of the same release needed no stamp:
 * an older app simply does not show a loan's change history, and no figure depends on it.)
 */
export const SCHEMA_VERSION = 5

/** `meta`: `schemaVersion`. */
export function metaMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('meta')
}

/**
 * How many layouts past this one a stamp may name and still be taken for a newer app's. Each
 * layout so far came one at a time, and a device that syncs a newer book fetches the newer app
 * from the same server (the service worker updates it), so it is behind by one or two at most;
 * a hundred leaves years of room. The server refuses a stamp above its own layout.
 */
export const NEWER_LAYOUTS = 100

/**
 * The layout a stamp names: a whole number from 1 to `SCHEMA_VERSION + NEWER_LAYOUTS`. Null for
 * no stamp, and for a stamp no app writes (999, Infinity, 4.5, '5', -1), which is not a layout:
 * it is read as this layout, counted among what could not be read, and stamped over by this
 * layout (`initLenderDoc`), so a stray value can never lock a book for good.
 */
export function layoutOf(stamp: unknown): number | null {
  return Number.isInteger(stamp) &&
    (stamp as number) >= 1 &&
    (stamp as number) <= SCHEMA_VERSION + NEWER_LAYOUTS
    ? (stamp as number)
    : null
}

/**
 * Whether another device has moved the doc to a layout this code does not know. Such a device
 * may keep facts where this code does not look, so reading would show a book with money missing
 * and writing could put facts where the newer code does not look: the app stops and asks for an
 * update instead. A missing version is this layout's (it is stamped after sync), and so is one
 * that is not a layout (see `layoutOf`).
 */
export function isNewerLayout(doc: Y.Doc): boolean {
  const layout = layoutOf(metaMap(doc).get('schemaVersion'))
  return layout !== null && layout > SCHEMA_VERSION
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
