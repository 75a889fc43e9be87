/**
 * Layout 2: payments leave layout 1's `payments` map for the deposit logs (see `deposit/log.ts`),
 * one record per deposit; and a loan's or a person's fields at their defaults are not written
 * (nothing to move for those: a field written at its default reads the same).
 */
import type * as Y from 'yjs'
import { depositOf } from '../../deposit/record.ts'
import { appendDeposits } from '../../deposit/log.ts'
import type { Payment } from '../types.ts'
import { paymentsMap, readPayment } from './oldForms.ts'
import type { LayoutStep } from './step.ts'

/**
 * Moves layout 1's payments into the deposit log, one record per deposit with the ids, times,
 * notes and actors they had, and takes them out of the map; a malformed entry stays where it is.
 * Run inside the migration's transaction. Safe on two devices at once: both append the same facts,
 * which readers count once, and both remove the same keys.
 */
export function movePaymentsToLog(doc: Y.Doc): void {
  const map = paymentsMap(doc)
  // Payments of one deposit share these; should they not (a doc from elsewhere), each set of
  // them keeps its own record rather than lose what differs.
  const deposits = new Map<string, Payment[]>()
  for (const [id, entry] of map.entries()) {
    const payment = readPayment(id, entry)
    if (!payment) continue
    const { depositId, date, createdAt, description, createdBy } = payment
    const key = JSON.stringify([depositId, date, createdAt, description, createdBy ?? null])
    const group = deposits.get(key)
    if (group) group.push(payment)
    else deposits.set(key, [payment])
  }
  if (deposits.size === 0) return
  for (const payments of deposits.values()) {
    for (const { id } of payments) map.delete(id)
  }
  appendDeposits(doc, [...deposits.values()].map(depositOf))
}

export const layout2: LayoutStep = {
  layout: 2,
  moves: "layout 1's `payments` map into the `deposits` log, one record per deposit",
  why: 'one map entry per payment took 15 MiB for 100,000 payments; records in arrays under 5',
  move: movePaymentsToLog,
}
