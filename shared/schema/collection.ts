/**
 * What a root collection of the lender's doc is, and how its entries are read: the pieces each
 * line of the book's registry (`roots.ts`) is made of. A collection's own file declares its root
 * and its reader with these, so `roots.ts` needs one line to list it.
 */
import type * as Y from 'yjs'
import type { LenderSnapshot, SkippedKind } from './types.ts'

/** What a root's entries are when they are Y types (elsewhere the book holds plain values only). */
export type EntryType = typeof Y.Map | typeof Y.Array

/** One root collection of the lender's doc. */
export interface Root<Type extends Y.Map<unknown> | Y.Array<unknown>> {
  /** Its name in the doc. */
  readonly name: string
  readonly type: 'map' | 'array'
  /** The Y type each entry is, or null: its entries are plain values. */
  readonly entries: EntryType | null
  /** The collection in `doc`. */
  readonly of: (doc: Y.Doc) => Type
}

/** The root map `name`, whose entries are `entries` (or plain values). */
export function mapRoot(name: string, entries: EntryType | null = null): Root<Y.Map<unknown>> {
  return { name, type: 'map', entries, of: (doc) => doc.getMap<unknown>(name) }
}

/** The root array `name`, whose elements are plain values. */
export function arrayRoot(name: string): Root<Y.Array<unknown>> {
  return { name, type: 'array', entries: null, of: (doc) => doc.getArray<unknown>(name) }
}

/** A root map whose entries are read one by one. */
export interface EntryRoot<T> {
  readonly root: Root<Y.Map<unknown>>
  /** What an entry that cannot be read counts as (see `LenderSnapshot.skipped`). */
  readonly kind: SkippedKind
  /** The entry stored under `id`, or null when no app would have written it. */
  readonly read: (id: string, entry: unknown, doc: Y.Doc) => T | null
  /** The keys that are entries, when not every key is (the map holds other things too). */
  readonly keys?: readonly string[]
}

/** The fields of the snapshot that list a collection whole (`LISTED`). */
export type ListedField = Exclude<
  keyof LenderSnapshot,
  'people' | 'loans' | 'payments' | 'waivers' | 'skipped'
>

/** An `EntryRoot` the snapshot lists whole as `field`, in `order`. */
export interface ListedRoot<F extends ListedField = ListedField> extends EntryRoot<
  LenderSnapshot[F][number]
> {
  readonly field: F
  readonly order: (a: LenderSnapshot[F][number], b: LenderSnapshot[F][number]) => number
}

/** A root whose entries are read by `read`, skipped as `kind` when malformed. */
export function entryRoot<T>(
  root: Root<Y.Map<unknown>>,
  kind: SkippedKind,
  read: EntryRoot<T>['read'],
  keys?: readonly string[],
): EntryRoot<T> {
  return { root, kind, read, ...(keys && { keys }) }
}

/** A root the snapshot lists whole as `field`, in `order` (see `roots.ts`'s `LISTED`). */
export function listedRoot<F extends ListedField>(
  field: F,
  root: Root<Y.Map<unknown>>,
  kind: SkippedKind,
  read: ListedRoot<F>['read'],
  order: ListedRoot<F>['order'],
): ListedRoot<F> {
  return { field, root, kind, read, order }
}
