/**
 * Receipts given out but refused by the server: a collector hands a borrower a receipt at the
 * door, offline, and the server then refuses the deposit (its loan left his villages, or went to
 * Trash, before he synced; or the owner dismissed it on review). The money is not in the book,
 * and must not be; but the receipt was given, and its number and code are part of his series'
 * chain. The server keeps each such receipt here, with the facts its code covers and why it was
 * refused, so that:
 *
 * - the chain of his series still verifies after it (without it, every later receipt of his would
 *   show as "after a missing receipt", for good);
 * - the owner sees, in Settings → Receipts, each receipt a borrower holds that the book does not
 *   count, and can record the money himself if it is owed.
 *
 * `refusedReceipts`: the receipt's number (`SERIES-n`) → a plain immutable record. Only the
 * server writes here (the gate leaves it to the owner's devices too, as every root; a record
 * that cannot be read is counted among what was skipped).
 */
import type * as Y from 'yjs'
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'
import { mapRoot } from '../schema/collection.ts'
import { actorToStore, checkedOnce, isPaise, isTimestamp, readActor } from '../schema/guards.ts'
import { isIsoDate } from '../dates.ts'
import { readReceipt, receiptNumber } from './receipt.ts'

export const REFUSED_RECEIPTS = mapRoot('refusedReceipts')

/** Why the server did not put a receipted deposit in the book. */
export type RefusalOfReceipt = 'outside' | 'invalid' | 'dismissed'

/** A receipt the book holds but does not count. */
export interface RefusedReceipt {
  /** Its number, `SERIES-n` (the key). */
  readonly id: string
  /** The receipt as stored (`SERIES.n.CODE`). */
  readonly receipt: string
  readonly date: IsoDate
  readonly payments: readonly { loanId: string; amount: Paise }[]
  readonly reason: RefusalOfReceipt
  readonly createdAt: string
  /** Who gave it (the collector and his device). */
  readonly createdBy?: Actor
}

const REASONS: readonly RefusalOfReceipt[] = ['outside', 'invalid', 'dismissed']

/** The refused receipt stored under `id`, or null when the entry is not one. */
export const readRefusedReceipt = checkedOnce((id, entry): RefusedReceipt | null => {
  const { receipt, date, payments, reason, createdAt, createdBy } = entry
  const read = readReceipt(receipt)
  if (!read || receiptNumber(read) !== id) return null
  if (!isIsoDate(date) || !isTimestamp(createdAt)) return null
  if (!REASONS.includes(reason as RefusalOfReceipt)) return null
  if (!Array.isArray(payments) || payments.length === 0 || payments.length > 100) return null
  const lines: { loanId: string; amount: Paise }[] = []
  for (const line of payments as unknown[]) {
    if (!Array.isArray(line) || line.length !== 2) return null
    const [loanId, amount] = line as unknown[]
    if (typeof loanId !== 'string' || loanId === '' || !isPaise(amount)) return null
    lines.push({ loanId, amount })
  }
  const by = readActor(createdBy)
  return {
    id,
    receipt: receipt as string,
    date,
    payments: lines,
    reason: reason as RefusalOfReceipt,
    createdAt,
    ...(by && { createdBy: by }),
  }
})

/** Every refused receipt of the book that can be read. */
export function readRefusedReceipts(doc: Y.Doc): RefusedReceipt[] {
  const refused: RefusedReceipt[] = []
  for (const [id, entry] of REFUSED_RECEIPTS.of(doc).entries()) {
    const read = readRefusedReceipt(id, entry)
    if (read) refused.push(read)
  }
  return refused
}

/**
 * Keeps a receipt the server refused (call inside the server's write). A number kept already is
 * left as it is: the first refusal stands. A malformed receipt is a programmer error and throws.
 */
export function keepRefusedReceipt(doc: Y.Doc, refused: Omit<RefusedReceipt, 'id'>): void {
  const receipt = readReceipt(refused.receipt)
  if (!receipt) throw new TypeError(`receipt ${refused.receipt} is not one`)
  const map = REFUSED_RECEIPTS.of(doc)
  const id = receiptNumber(receipt)
  if (map.has(id)) return
  const by = actorToStore(refused.createdBy)
  map.set(id, {
    receipt: refused.receipt,
    date: refused.date,
    payments: refused.payments.map(({ loanId, amount }) => [loanId, amount]),
    reason: refused.reason,
    createdAt: refused.createdAt,
    ...(by && { createdBy: by }),
  })
}
