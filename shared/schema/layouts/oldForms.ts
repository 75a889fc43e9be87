/**
 * The forms of older layouts that today's readers still meet, read in one place. A device still
 * on an older app may write them at any time (offline, then merged in), so a book can hold them
 * after its stamp says otherwise; the layout steps beside this file move them when the book is
 * next migrated, and until then the readers take them through the doors below, never by name.
 *
 * - Layout 1's payments: each a plain object in the root map `payments`, keyed by payment id
 *   (today a deposit is one record of a deposit log, see `deposit/log.ts`). Read with the logs' by
 *   `readPayments` and by the book's reader (`lenderReads.ts`, through `roots.ts`); a payment in
 *   both (a migration made on two devices at once) counts once.
 * - Actors written out as `{ account, device }` (layouts 1 to 3) where today a person's or a
 *   loan's `createdBy`/`updatedBy` holds a key of `actors` (see `actors.ts`), and where a record
 *   of the `deposits` log named who recorded it (`by`), which today the log it is in says.
 */
import type * as Y from 'yjs'
import type { Actor } from '../../ledger/types.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../../deposit/record.ts'
import { mapRoot, type Root } from '../collection.ts'
import { checkedOnce, isLoanFact, readActor, sharedActor } from '../guards.ts'
import type { Payment, SkippedEntry } from '../types.ts'

/** `payments` (layout 1): paymentId → plain immutable payment object. Read, never written. */
export const OLDER_PAYMENTS = mapRoot('payments')

/**
 * The root collections only older forms live in: an app of an older layout may still write them,
 * so the server takes updates to them (see `roots.ts`).
 */
export const OLDER_ROOTS: readonly Root<Y.Map<unknown>>[] = [OLDER_PAYMENTS]

/** The `payments` map of a doc. */
export const paymentsMap = OLDER_PAYMENTS.of

/**
 * Where payments in an older form live, for code that handles every record of the book (the
 * book import clears them), keyed by payment id.
 */
export function olderPayments(doc: Y.Doc): Y.Map<unknown> {
  return paymentsMap(doc)
}

/**
 * Every payment the doc holds in an older form, into `into` (by id); what could not be read is
 * added to `skipped`.
 */
export function readOlderPayments(
  doc: Y.Doc,
  into: Map<string, Payment>,
  skipped?: SkippedEntry[],
): void {
  for (const [id, entry] of paymentsMap(doc).entries()) {
    const payment = readPayment(id, entry)
    if (payment) into.set(id, payment)
    else skipped?.push({ kind: 'payment', id, reason: 'malformed' })
  }
}

/** A layout-1 payment stored under `id` in the `payments` map, or null when it is malformed. */
export const readPayment = checkedOnce(checkPayment)

function checkPayment(id: string, entry: Record<string, unknown>): Payment | null {
  if (!isLoanFact(id, entry)) return null
  const { loanId, depositId, date, amount, description, createdAt, createdBy } = entry
  if (typeof depositId !== 'string' || depositId === '') return null
  const by = readActor(createdBy)
  return {
    id,
    loanId,
    depositId,
    date,
    amount,
    // Not stored when it is the default: 28 bytes of every payment in a big book.
    description: typeof description === 'string' ? description : DEFAULT_DEPOSIT_DESCRIPTION,
    createdAt,
    ...(by && { createdBy: by }),
  }
}

/**
 * An actor written out as `{ account, device }` where today a key of `actors` stands (layouts 1
 * to 3): one shared object per account and device; undefined when malformed.
 */
export function writtenOutActor(value: unknown): Actor | undefined {
  return sharedActor(value)
}

/**
 * Who recorded a deposit: the actor its record names (layouts 2 and 3 wrote `by` into a record's
 * extra fields), else `logBy`, the actor of the log it is in. A record that names a malformed
 * actor names no one.
 */
export function recordActor(
  extra: Record<string, unknown>,
  logBy: Actor | undefined,
): Actor | undefined {
  return extra.by === undefined ? logBy : writtenOutActor(extra.by)
}
