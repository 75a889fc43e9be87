/**
 * Waivers ("settle for less"): plain immutable objects, never edited and never deleted, like
 * payments. A waiver is undone by voiding it (see `void.ts`). What it forgave is derived by the
 * engine, which never lets it forgive more than was due.
 */
import type * as Y from 'yjs'
import { entryMap, loansMap, waiversMap } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  checkedOnce,
  assertIsoDate,
  assertPaise,
  assertTimestamp,
  cleanOptionalText,
  isLoanFact,
  newId,
  readActor,
} from './guards.ts'
import type { CreateOptions, Waiver, WaiverInput } from './types.ts'
import type { WaiverFailure } from '../reasons.ts'
import { issueReceipt } from '../receipts/issue.ts'
import { readReceipt } from '../receipts/receipt.ts'

/** The waiver stored under `id`, without any void; null when the entry is malformed. */
export const readWaiver = checkedOnce((id, entry): Waiver | null => {
  if (!isLoanFact(id, entry)) return null
  const { loanId, date, amount, note, createdAt, createdBy, receipt } = entry
  const by = readActor(createdBy)
  return {
    id,
    loanId,
    date,
    amount,
    ...(typeof note === 'string' && { note }),
    createdAt,
    ...(by && { createdBy: by }),
    ...(typeof receipt === 'string' && { receipt }),
  }
})

/**
 * Records a waiver on a loan that exists and is not archived, with the next receipt of this
 * session's series (an import passes the one it had, or null); otherwise writes nothing and says
 * `loanNotFound`. Whether the amount fits what is due is the form's check (`validateWaiver`):
 * after a merge a waiver may outgrow the balance, and the engine then forgives only what was
 * due. A bad date, amount or timestamp is a programmer error and throws.
 */
export function recordWaiver(
  doc: Y.Doc,
  input: WaiverInput,
  opts: CreateOptions & { receipt?: string | null },
): { ok: true; waiverId: string } | { ok: false; reason: WaiverFailure } {
  assertTimestamp(opts.now)
  assertIsoDate(input.date, 'date')
  assertPaise(input.amount, 'amount')
  const note = cleanOptionalText(input.note, 'note')
  const by = actorToStore(opts.by)
  const loan = typeof input.loanId === 'string' ? entryMap(loansMap(doc), input.loanId) : null
  if (!loan || loan.get('archived') === true) return { ok: false, reason: 'loanNotFound' }
  const waivers = waiversMap(doc)
  const id = newId(opts.id)
  if (waivers.has(id)) throw new TypeError(`waiver ${id} already exists`)
  if (typeof opts.receipt === 'string' && readReceipt(opts.receipt) === null) {
    throw new TypeError(`receipt ${opts.receipt} is not one`)
  }
  const receipt =
    opts.receipt === undefined
      ? issueReceipt(doc, {
          kind: 'waiver',
          id,
          date: input.date,
          loanId: input.loanId,
          amount: input.amount,
        })
      : opts.receipt
  doc.transact(() => {
    waivers.set(id, {
      id,
      loanId: input.loanId,
      date: input.date,
      amount: input.amount,
      ...(note !== undefined && { note }),
      createdAt: opts.now,
      ...(by && { createdBy: by }),
      ...(receipt !== null && { receipt }),
    })
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true, waiverId: id }
}
