/**
 * Writing the entries that are Y.Maps of their own (a person, a loan): adding one, changing one,
 * moving one to the Trash and back, and saying who changed it. People and loans are written
 * through these alike, so an entry is stamped the same way whichever it is.
 */
import * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { actorKey, storedActor } from './actors.ts'
import { entryMap, setIfChanged } from './doc.ts'
import { LOCAL_ORIGIN, actorToStore, assertTimestamp, newId } from './guards.ts'
import type { CreateOptions, MutationOptions } from './types.ts'

/**
 * Adds an entry to `collection` under a new id (`opts.id`, or a fresh one), created at `opts.now`
 * by `opts.by`, holding `fields()` (checked after the options), `createdAt` and `createdBy` (the
 * actor's key), each as a map entry of its own or, with `pack`, as the entries `pack` makes of
 * them; returns the id. A field at its default (undefined, '') is not written, nor are `archived`
 * and `updatedAt`: not archived, and not changed since created (so changed by whoever created
 * it). An id already taken is a programmer error and throws, naming the entry as `what`.
 */
export function addEntry(
  doc: Y.Doc,
  collection: Y.Map<unknown>,
  what: string,
  fields: () => Readonly<Record<string, unknown>>,
  opts: CreateOptions,
  pack?: (fields: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>,
): string {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const values = fields()
  const id = newId(opts.id)
  if (collection.has(id)) throw new TypeError(`${what} ${id} already exists`)
  doc.transact(() => {
    const entry = new Y.Map<unknown>()
    collection.set(id, entry)
    const all = { ...values, createdAt: opts.now, createdBy: by && actorKey(doc, by) }
    for (const [key, value] of Object.entries(pack ? pack(all) : all)) {
      if (value !== '' && value !== undefined) entry.set(key, value)
    }
  }, opts.origin ?? LOCAL_ORIGIN)
  return id
}

/**
 * Changes entry `id` of `collection` with `edit`, in one transaction with the caller's origin,
 * once the clock and the actor are checked. False, and nothing written, when it is unknown.
 */
export function editEntry(
  doc: Y.Doc,
  collection: Y.Map<unknown>,
  id: string,
  opts: MutationOptions,
  edit: (entry: Y.Map<unknown>, by: Actor | undefined) => void,
): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const entry = entryMap(collection, id)
  if (!entry) return false
  doc.transact(() => edit(entry, by), opts.origin ?? LOCAL_ORIGIN)
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

/**
 * Moves an entry to the Trash at `now` (`archived`), or brings it back. `withPerson`: a loan that
 * goes with its person, and so comes back with them (see `archivePerson`).
 */
export function setArchived(
  entry: Y.Map<unknown>,
  archived: boolean,
  now: string,
  by: Actor | undefined,
  withPerson?: string,
): void {
  entry.set('archived', archived)
  if (archived) {
    entry.set('archivedAt', now)
    if (withPerson !== undefined) entry.set('archivedWith', withPerson)
  } else {
    setIfChanged(entry, 'archivedAt', undefined)
    setIfChanged(entry, 'archivedWith', undefined)
  }
  touch(entry, now, by)
}

/** An entry's state after its creation, as an exported book carries it. */
export interface EntryHistory {
  updatedAt: string
  updatedBy?: Actor
  archived: boolean
  archivedAt?: string
}

/**
 * Puts back entry `id`'s later state exactly as exported, for the book import: its own `fields`
 * (a loan's status…), its archive, and its last change with who made it. False when unknown.
 */
export function restoreHistory(
  doc: Y.Doc,
  collection: Y.Map<unknown>,
  id: string,
  history: EntryHistory,
  fields: Readonly<Record<string, unknown>>,
  origin: unknown,
): boolean {
  assertTimestamp(history.updatedAt)
  const entry = entryMap(collection, id)
  if (!entry) return false
  const by = actorToStore(history.updatedBy)
  doc.transact(() => {
    for (const [key, value] of Object.entries(fields)) setIfChanged(entry, key, value)
    setIfChanged(entry, 'archived', history.archived === true)
    setIfChanged(entry, 'archivedAt', history.archivedAt)
    entry.set('updatedAt', history.updatedAt)
    setIfChanged(entry, 'updatedBy', storedActor(entry, by))
  }, origin ?? LOCAL_ORIGIN)
  return true
}
