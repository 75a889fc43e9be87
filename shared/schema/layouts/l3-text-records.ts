/**
 * Layout 3: the deposit log's records are written as one line of text where they fit (see
 * `deposit/codec.ts`), not as layout 2's arrays.
 *
 * The log is rewritten once, into today's form: so this step also puts each record that names
 * its actor in that actor's log (layout 4's placement), which is why layout 4's step has nothing
 * left to do for deposits.
 */
import type * as Y from 'yjs'
import { depositOf, type DepositRecord } from '../../deposit/record.ts'
import { packDeposit, unpackDeposit } from '../../deposit/codec.ts'
import { appendDeposits, depositLog } from '../../deposit/log.ts'
import type { LayoutStep } from './step.ts'

/**
 * The moves of layouts 3 and 4 for the records in `deposits`: each is put back as text where
 * text holds it exactly, and in its actor's log, without the actor, when it names one; in one
 * rewrite (a record that would not read back the same stays as it is). Run inside the
 * migration's transaction. Safe on two devices at once: both remove the same records and append
 * the same facts, which readers count once; a record another device appends meanwhile is not one
 * this device removes.
 */
export function compactDepositLog(doc: Y.Doc): void {
  const log = depositLog(doc)
  const records = log.toArray()
  const kept: unknown[] = []
  const moved: DepositRecord[] = []
  for (const record of records) {
    const next = rewritten(record)
    if (next?.deposit.createdBy) moved.push(next.deposit)
    else kept.push(typeof next?.packed === 'string' ? next.packed : record)
  }
  if (!moved.length && kept.every((record, index) => record === records[index])) return
  log.delete(0, records.length)
  log.push(kept)
  appendDeposits(doc, moved)
}

/**
 * A record's deposit, and the record this layout writes for it in its actor's log (or in
 * `deposits`, when it names no one); null when that record would not read back the same.
 */
function rewritten(record: unknown): { deposit: DepositRecord; packed: unknown } | null {
  const payments = unpackDeposit(record)
  if (payments.length === 0) return null
  const deposit = depositOf(payments)
  const { createdBy, ...rest } = deposit
  const packed = packDeposit(rest)
  // Both lists are built by `buildPayments`, field by field in one order: equal facts, equal JSON.
  const same = JSON.stringify(unpackDeposit(packed, createdBy)) === JSON.stringify(payments)
  return same ? { deposit, packed } : null
}

export const layout3: LayoutStep = {
  layout: 3,
  moves:
    "the `deposits` log's records from arrays to text (and, in the same rewrite, to their actor's log)",
  why: 'a device holds every record in memory: as text 50 bytes of heap each, as an array 230',
  move: compactDepositLog,
}
