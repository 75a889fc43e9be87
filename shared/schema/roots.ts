/**
 * The book's root collections, in one list: where each lives in the doc, what reads an entry of
 * it, and what an entry that cannot be read counts as. Everything that needs to know the roots
 * asks here: the server's gate takes exactly these (`lenderUpdate.ts`), and `readLender` and the
 * projection read every one of them through these readers (`lenderReads.ts`), so the rule for
 * what is malformed lives once.
 *
 * A new collection is a file of its own and one line here. Its file declares its root
 * (`mapRoot`), its type, reader and writers; one the snapshot lists whole, as it lists the loans'
 * change history, also declares its list (`listedRoot`) and adds it to `LenderSnapshot`, and its
 * kind to `SkippedKinds`, with `declare module './types.ts'`; the line in `LISTED` must agree
 * with them or the build stops. A collection only checked goes in `CHECKED`. One that joins
 * others (as a loan's payments, or a person's loans) also needs its join in `lenderReads.ts`.
 */
import type * as Y from 'yjs'
import { entryRoot, type EntryRoot, type ListedField, type Root } from './collection.ts'
import { ACTORS } from './actors.ts'
import { DEPOSITS, DEPOSITS_BY, LOANS, META, PEOPLE, UNDOS, VOIDS, WAIVERS } from './doc.ts'
import { readActor } from './guards.ts'
import { layoutOf } from './layouts/index.ts'
import { OLDER_PAYMENTS, OLDER_ROOTS, readPayment } from './layouts/oldForms.ts'
import { readStoredLoan } from './loan.ts'
import { LOAN_EDIT_LIST } from './loanEdit.ts'
import { readStoredPerson } from './person.ts'
import { PROFILE, PROFILE_KEYS, readProfileField } from './profile.ts'
import { readUndo, readVoid } from './void.ts'
import { readWaiver } from './waiver.ts'
import { REFUSED_RECEIPTS, readRefusedReceipt } from '../receipts/refused.ts'

/** The collections the snapshot's people, loans, payments and waivers are joined from. */
export const JOINED = {
  people: entryRoot(PEOPLE, 'person', readStoredPerson),
  loans: entryRoot(LOANS, 'loan', readStoredLoan),
  waivers: entryRoot(WAIVERS, 'waiver', readWaiver),
  voids: entryRoot(VOIDS, 'void', readVoid),
  undos: entryRoot(UNDOS, 'undo', readUndo),
  olderPayments: entryRoot(OLDER_PAYMENTS, 'payment', readPayment),
} as const

/** The collections the snapshot lists whole, each as read. */
export const LISTED = [LOAN_EDIT_LIST] as const

// A list `LenderSnapshot` declares that no line of `LISTED` reads stops the build here.
type Unread = Exclude<ListedField, (typeof LISTED)[number]['field']>
const _everyListRead: Unread extends never ? true : Unread = true

/** The collections only checked: shown nowhere, but what cannot be read in them is counted. */
export const CHECKED: readonly EntryRoot<unknown>[] = [
  entryRoot(META, 'layout', readStamp, ['schemaVersion']),
  entryRoot(PROFILE, 'profile', readProfileField, PROFILE_KEYS),
  entryRoot(ACTORS, 'actor', (_, actor) => readActor(actor) ?? null),
  entryRoot(REFUSED_RECEIPTS, 'refusedReceipt', readRefusedReceipt),
]

/**
 * Every root of the book, by name: those above, the deposit logs (read by `readDepositLog`) and
 * those only older forms live in.
 */
export const BOOK_ROOTS: ReadonlyMap<string, Root<Y.Map<unknown> | Y.Array<unknown>>> = new Map(
  [
    ...[...Object.values(JOINED), ...LISTED, ...CHECKED].map(({ root }) => root),
    DEPOSITS,
    DEPOSITS_BY,
    ...OLDER_ROOTS,
  ].map((root) => [root.name, root]),
)

/** The layout stamp as stored, or null when it is no layout (see `layoutOf`). */
function readStamp(_key: string, stamp: unknown): unknown {
  return stamp === undefined ? stamp : layoutOf(stamp)
}
