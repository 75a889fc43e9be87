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
import { waiversMap } from '../schema/doc.ts'
import type { Payment, Waiver } from '../schema/types.ts'
import { readVoids, type StoredVoid } from '../schema/void.ts'
import { readWaiver } from '../schema/waiver.ts'
import { readRefusedReceipts, type RefusalOfReceipt, type RefusedReceipt } from './refused.ts'
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
  /** Set on a receipt the server refused: given out, kept for its chain, counted in no figure. */
  readonly refused?: RefusalOfReceipt
  /** On a refused receipt: the account that gave it. */
  readonly by?: string
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
  /** Receipts given out that the server refused (see `refused.ts`), with how each stands. */
  readonly refused: readonly (BookReceipt & { check: ReceiptCheck })[]
}

/**
 * Every record that carries a receipt, from the book's payments (every one read, voided or not),
 * waivers and voids, in no order. A caller that holds them already (the app's snapshot) passes
 * them; `bookReceipts` reads them from a doc.
 */
export function receiptsOfRecords(
  payments: Iterable<Payment>,
  waivers: Iterable<Waiver>,
  voids: Iterable<StoredVoid>,
  refused: Iterable<RefusedReceipt> = [],
): BookReceipt[] {
  const receipts: BookReceipt[] = []
  const deposits = new Map<string, { loanId: string; amount: Paise }[]>()
  const firsts = new Map<string, { date: IsoDate; receipt: string }>()
  for (const payment of payments) {
    if (payment.receipt === undefined) continue
    const lines = deposits.get(payment.depositId)
    const line = { loanId: payment.loanId, amount: payment.amount }
    if (lines) lines.push(line)
    else {
      deposits.set(payment.depositId, [line])
      firsts.set(payment.depositId, { date: payment.date, receipt: payment.receipt })
    }
  }
  for (const [id, lines] of deposits) {
    const { date, receipt } = firsts.get(id)!
    const facts = { kind: 'deposit', id, date, payments: lines } as const
    receipts.push(entry(receipt, facts, date, sum(lines), lines))
  }
  for (const { id, receipt, date, loanId, amount } of waivers) {
    if (receipt === undefined) continue
    const facts = { kind: 'waiver', id, date, loanId, amount } as const
    receipts.push(entry(receipt, facts, date, amount, [{ loanId }]))
  }
  for (const v of voids) {
    if (v.receipt === undefined) continue
    const facts = {
      kind: 'void',
      id: v.id,
      createdAt: v.createdAt,
      target: v.kind,
      targetId: v.targetId,
    } as const
    receipts.push(entry(v.receipt, facts, v.createdAt.slice(0, 10), 0, []))
  }
  for (const r of refused) {
    const facts = { kind: 'deposit', id: r.id, date: r.date, payments: r.payments } as const
    const refusedEntry = entry(r.receipt, facts, r.date, sum(r.payments), r.payments)
    receipts.push({
      ...refusedEntry,
      refused: r.reason,
      ...(r.createdBy && { by: r.createdBy.account }),
    })
  }
  return receipts
}

/** Every record of `doc` that carries a receipt (deposits, waivers, voids), in no order. */
export function bookReceipts(doc: Y.Doc): BookReceipt[] {
  const waivers: Waiver[] = []
  for (const [id, value] of waiversMap(doc).entries()) {
    const waiver = readWaiver(id, value)
    if (waiver) waivers.push(waiver)
  }
  return receiptsOfRecords(
    readDepositLog(doc).first.values(),
    waivers,
    readVoids(doc),
    readRefusedReceipts(doc),
  )
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
    refused: checked.filter((r) => r.refused !== undefined),
  }
}

/** `verifyReceipts(bookReceipts(doc))`. */
export function verifyBook(doc: Y.Doc): Verification {
  return verifyReceipts(bookReceipts(doc))
}

/** What the book says of a receipt someone shows (see `findReceipt`). */
export type ShownReceipt =
  | { found: 'notANumber' }
  | { found: 'notInBook'; number: string }
  | {
      found: 'matches' | 'codeDiffers' | 'changed' | 'refused'
      number: string
      receipt: BookReceipt & { check: ReceiptCheck }
    }

/**
 * A receipt a borrower shows (its number, and its code if they have it), looked up in a checked
 * book: `matches` when the book holds it with that code and it verifies; `codeDiffers` when the
 * book's code for that number is another (the paper is not what the book recorded); `changed`
 * when the codes agree but the book's record no longer verifies (changed since it was given);
 * `refused` when it verifies but is one the server refused (counted in no figure); `notInBook`
 * when no record has that number. Read as people copy by hand: any case, spaces and
 * dashes ignored, and O, I and L taken as 0, 1 and 1 (Crockford's reading).
 */
export function findReceipt(verification: Verification, number: string, code = ''): ShownReceipt {
  const wanted = /^\s*([0-9A-Za-z]{6})\s*[-.\s]\s*([0-9OoIiLl]{1,9})\s*$/.exec(number)
  if (!wanted) return { found: 'notANumber' }
  const series = crockford(wanted[1] as string)
  const n = Number(crockford(wanted[2] as string))
  if (!Number.isSafeInteger(n) || n < 1) return { found: 'notANumber' }
  const name = receiptNumber({ series, n })
  const receipt = verification.receipts.find(
    (r) => r.receipt?.series === series && r.receipt.n === n,
  )
  if (!receipt) return { found: 'notInBook', number: name }
  const shown = crockford(code.replace(/[\s-]/g, ''))
  if (shown !== '' && shown !== receipt.receipt?.code) {
    return { found: 'codeDiffers', number: name, receipt }
  }
  if (receipt.check !== 'ok') return { found: 'changed', number: name, receipt }
  return { found: receipt.refused ? 'refused' : 'matches', number: name, receipt }
}

function crockford(text: string): string {
  return text.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1')
}
