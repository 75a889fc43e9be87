/**
 * Checking a book's receipts against their codes (see `receipt.ts`): each series is walked in
 * order, every code recomputed from the facts the book holds now and the code recomputed before
 * it. A receipt whose facts were changed after it was given out fails, and so does every later
 * one of its series; so does everything after a number missing from the middle. Nothing here is
 * trusted from storage but the facts themselves.
 */
import type * as Y from 'yjs'
import { readDepositLog } from '../deposit/log.ts'
import type { IsoDate, Paise } from '../ledger/types.ts'
import { voidsMap, waiversMap } from '../schema/doc.ts'
import { readVoid } from '../schema/void.ts'
import { readWaiver } from '../schema/waiver.ts'
import {
  chainCode,
  readReceipt,
  receiptNumber,
  type Receipt,
  type ReceiptFacts,
} from './receipt.ts'

/** One record of the book that carries a receipt, with the facts its code covers. */
export interface BookReceipt {
  /** The receipt as stored; null when what is stored is not one. */
  readonly receipt: Receipt | null
  readonly stored: string
  readonly facts: ReceiptFacts
  /** The day it is for: the deposit's or waiver's date, the void's day of writing. */
  readonly date: IsoDate
  /** The cash it records (a void: 0). */
  readonly amount: Paise
  readonly loanIds: readonly string[]
}

/**
 * How one receipt stands:
 * - `ok`: its code is the one its facts and the series before it give;
 * - `altered`: the first of its series that does not match: its facts were changed, or it is
 *   not the receipt that code was given for;
 * - `afterAltered`: a later one of a series with an altered receipt before it;
 * - `afterMissing`: a later one of a series with a number missing before it;
 * - `duplicate`: its number is held by another record too;
 * - `malformed`: what is stored is not a receipt.
 */
export type ReceiptCheck =
  'ok' | 'altered' | 'afterAltered' | 'afterMissing' | 'duplicate' | 'malformed'

export interface Verification {
  /** Every receipt of the book, in series and number order, with how it stands. */
  readonly receipts: readonly (BookReceipt & { check: ReceiptCheck })[]
  /** Numbers missing from the middle of a series (`SERIES-n`). */
  readonly missing: readonly string[]
  /** How many receipts are not `ok`. */
  readonly failing: number
}

/** Every record of `doc` that carries a receipt (deposits, waivers, voids), in no order. */
export function bookReceipts(doc: Y.Doc): BookReceipt[] {
  const receipts: BookReceipt[] = []
  const deposits = new Map<string, { loanId: string; amount: Paise }[]>()
  const firsts = new Map<string, { date: IsoDate; receipt: string }>()
  for (const payment of readDepositLog(doc).first.values()) {
    if (payment.receipt === undefined) continue
    const payments = deposits.get(payment.depositId)
    const line = { loanId: payment.loanId, amount: payment.amount }
    if (payments) payments.push(line)
    else {
      deposits.set(payment.depositId, [line])
      firsts.set(payment.depositId, { date: payment.date, receipt: payment.receipt })
    }
  }
  for (const [id, payments] of deposits) {
    const { date, receipt } = firsts.get(id)!
    receipts.push(
      entry(receipt, { kind: 'deposit', id, date, payments }, date, sum(payments), payments),
    )
  }
  for (const [id, value] of waiversMap(doc).entries()) {
    const waiver = readWaiver(id, value)
    if (waiver?.receipt === undefined) continue
    const { date, loanId, amount } = waiver
    receipts.push(
      entry(waiver.receipt, { kind: 'waiver', id, date, loanId, amount }, date, amount, [
        { loanId },
      ]),
    )
  }
  for (const [id, value] of voidsMap(doc).entries()) {
    const v = readVoid(id, value)
    if (v?.receipt === undefined) continue
    const facts = {
      kind: 'void',
      id,
      createdAt: v.createdAt,
      target: v.kind,
      targetId: v.targetId,
    } as const
    receipts.push(entry(v.receipt, facts, v.createdAt.slice(0, 10), 0, []))
  }
  return receipts
}

function entry(
  stored: string,
  facts: ReceiptFacts,
  date: IsoDate,
  amount: Paise,
  loans: readonly { loanId: string }[],
): BookReceipt {
  return {
    receipt: readReceipt(stored),
    stored,
    facts,
    date,
    amount,
    loanIds: [...new Set(loans.map((l) => l.loanId))],
  }
}

function sum(payments: readonly { amount: Paise }[]): Paise {
  return payments.reduce((total, p) => total + p.amount, 0)
}

/** How each of `receipts` stands (see `ReceiptCheck`), series by series. */
export function verifyReceipts(receipts: readonly BookReceipt[]): Verification {
  const checked: (BookReceipt & { check: ReceiptCheck })[] = []
  const missing: string[] = []
  const series = new Map<string, BookReceipt[]>()
  for (const r of receipts) {
    if (r.receipt === null) {
      checked.push({ ...r, check: 'malformed' })
      continue
    }
    const list = series.get(r.receipt.series)
    if (list) list.push(r)
    else series.set(r.receipt.series, [r])
  }
  for (const name of [...series.keys()].sort()) {
    const list = (series.get(name) as BookReceipt[]).sort((a, b) => a.receipt!.n - b.receipt!.n)
    // The code recomputed so far, and what broke the chain (nothing yet).
    let previous = ''
    let broken: ReceiptCheck | null = null
    let expected = 1
    for (let i = 0; i < list.length; i++) {
      const r = list[i] as BookReceipt
      const { n, code } = r.receipt as Receipt
      const twin = list[i + 1]?.receipt?.n === n || list[i - 1]?.receipt?.n === n
      for (; expected < n; expected++) {
        missing.push(receiptNumber({ series: name, n: expected }))
        broken ??= 'afterMissing'
      }
      expected = n + 1
      if (twin) {
        checked.push({ ...r, check: 'duplicate' })
        broken ??= 'afterAltered'
        continue
      }
      const computed = chainCode(previous, receiptNumber({ series: name, n }), r.facts)
      previous = computed
      if (computed === code && broken === null) checked.push({ ...r, check: 'ok' })
      else if (broken === null) {
        checked.push({ ...r, check: 'altered' })
        broken = 'afterAltered'
      } else checked.push({ ...r, check: broken })
    }
  }
  return {
    receipts: checked,
    missing,
    failing: checked.filter((r) => r.check !== 'ok').length,
  }
}

/** `verifyReceipts(bookReceipts(doc))`. */
export function verifyBook(doc: Y.Doc): Verification {
  return verifyReceipts(bookReceipts(doc))
}
