/**
 * The forms of older layouts that today's readers still meet, read in one place. A device still
 * on an older app may write them at any time (offline, then merged in), so a book can hold them
 * after its stamp says otherwise; the layout steps beside this file move them when the book is
 * next migrated, and until then the readers take them through the doors below, never by name.
 *
 * - Layout 1's payments: each a plain object in the root map `payments`, keyed by payment id
 *   (today a deposit is one record of a deposit log, see `deposit/log.ts`). Read with the logs' by
 *   `readPayments` and the projection; a payment in both (a migration made on two devices at
 *   once) counts once.
 * - Actors written out as `{ account, device }` (layouts 1 to 3) where today a person's or a
 *   loan's `createdBy`/`updatedBy` holds a key of `actors` (see `actors.ts`), and where a record
 *   of the `deposits` log named who recorded it (`by`), which today the log it is in says.
 */
import type * as Y from 'yjs'
import { isIsoDate } from '../../dates.ts'
import type { Actor } from '../../ledger/types.ts'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../../deposit/record.ts'
import { checkedOnce, isPaise, isTimestamp, readActor, sharedActor } from '../guards.ts'
import type { Payment, SkippedEntry } from '../types.ts'

/**
 * The root collections only older forms live in, and what each is: an app of an older layout may
 * still write them, so the server takes updates to them (see `LENDER_ROOTS`).
 */
export const OLDER_ROOTS: readonly (readonly [string, 'map' | 'array'])[] = [['payments', 'map']]

/** `payments` (layout 1): paymentId → plain immutable payment object. Read, never written. */
export function paymentsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('payments')
}

/**
 * Where payments in an older form live, for a reader that follows the doc's changes (the
 * projection): a map whose changed keys are the ids of the payments to read again.
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

/**
 * The payment the doc holds in an older form under `id`: undefined when it holds none, null when
 * what it holds could not be read (`readOlderPayments` skips it as malformed).
 */
export function olderPayment(doc: Y.Doc, id: string): Payment | null | undefined {
  const entry = paymentsMap(doc).get(id)
  return entry === undefined ? undefined : readPayment(id, entry)
}

/** A layout-1 payment stored under `id` in the `payments` map, or null when it is malformed. */
export const readPayment = checkedOnce(checkPayment)

function checkPayment(id: string, entry: Record<string, unknown>): Payment | null {
  const { loanId, depositId, date, amount, description, createdAt, createdBy } = entry
  if (
    id === '' ||
    typeof loanId !== 'string' ||
    loanId === '' ||
    typeof depositId !== 'string' ||
    depositId === '' ||
    !isIsoDate(date) ||
    !isPaise(amount) ||
    !isTimestamp(createdAt)
  ) {
    return null
  }
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
