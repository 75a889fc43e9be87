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
import { runSteps, STEP_ENTRIES, type Steps } from '../steps.ts'
import {
  chainCode,
  readReceipt,
  receiptNumber,
  SERIES_LENGTH,
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

/** A receipt with how it stands. */
export type CheckedReceipt = BookReceipt & { readonly check: ReceiptCheck }

/**
 * What a check of the book's receipts found. It holds only what is wrong (and the refused),
 * never every receipt: a big book's 300,000 checked copies cost a phone more memory than the
 * book. Any one receipt is looked up when asked (`find`).
 */
export interface Verification {
  /** How many receipts the book holds, malformed ones counted. */
  readonly total: number
  /** Every receipt that is not `ok`, malformed ones first, then in series and number order. */
  readonly problems: readonly CheckedReceipt[]
  /** Numbers missing from the middle of a series (`SERIES-n`), the first `MISSING_LISTED`. */
  readonly missing: readonly string[]
  /** How many numbers are missing from the middle of a series. */
  readonly missingCount: number
  /** How many receipts are not `ok`. */
  readonly failing: number
  /** Receipts given out that the server refused (see `refused.ts`), with how each stands. */
  readonly refused: readonly CheckedReceipt[]
  /** The receipt numbered `series`-`n` (the first, if two records hold it), and how it stands. */
  find(series: string, n: number): CheckedReceipt | undefined
}

/** A check that kept every receipt, in series and number order: for tests and whole reads. */
export interface FullVerification extends Verification {
  readonly receipts: readonly CheckedReceipt[]
}

/** The records that carry receipts, as the app's snapshot holds them. */
export interface ReceiptRecords {
  /** Every payment read, voided or not. */
  readonly payments: Iterable<Payment>
  readonly waivers: Iterable<Waiver>
  readonly voids: Iterable<StoredVoid>
  readonly refused: Iterable<RefusedReceipt>
}

/**
 * What the last finished check found true, for the next one: per series, by number, the record
 * whose receipt checked out there (a deposit's payment or its payments, a waiver), or the stored
 * text of one the memo cannot know again (a void's receipt, a refused one). A record is an object
 * the app's snapshot keeps while it is unchanged, so the same object means the same facts: number
 * n checks out again without hashing when it is the same record as last time and the receipt
 * before it is stored as last time's number n − 1 was (none before the first of a series: a
 * missing number broke the series, and nothing after it checked out).
 *
 * A list per series, a slot per number, all from one check (a check cut short keeps nothing):
 * 1.2 MB for a big book's 300,000 receipts, where a table keyed by record took 4 MB of a phone's
 * memory. It keeps the last check's records alive until the next one is done.
 */
export class ReceiptMemo {
  private chains = new Map<string, Remembered[]>()

  /** Whether `payment` checked out as number `n` of series `name`, so was read as a receipt. */
  knows(payment: Payment, name: string, n: number): boolean {
    const held = this.chains.get(name)?.[n]
    return held === payment || (Array.isArray(held) && held.includes(payment))
  }

  /** Whether `held`, number `n` of series `name`, checked out last time after `previous`. */
  vouches(name: string, n: number, held: Held, previous: string): boolean {
    const chain = this.chains.get(name)
    const known = chain?.[n]
    if (known === undefined || !sameRecord(known, held)) return false
    const before = chain![n - 1]
    return previous === (before === undefined ? '' : textOf(before))
  }

  /** Keeps what a finished check found true (see `walk`). */
  settle(chains: Map<string, Remembered[]>): void {
    this.chains = chains
  }
}

/** What the memo keeps for a receipt that checked out (see `ReceiptMemo`). */
type Remembered = Payment | readonly Payment[] | Waiver | string

function textOf(remembered: Remembered): string {
  if (typeof remembered === 'string') return remembered
  return (Array.isArray(remembered) ? remembered[0] : (remembered as Payment | Waiver)).receipt!
}

function sameRecord(known: Remembered, held: Held): boolean {
  if (isPayment(held)) return known === held
  if (held.payments) {
    const payments = held.payments
    return (
      Array.isArray(known) &&
      known.length === payments.length &&
      payments.every((payment) => known.includes(payment))
    )
  }
  return held.key !== undefined && known === held.key
}

/** What the memo keeps of `held`, which checked out. */
function rememberedOf(held: Held): Remembered {
  if (isPayment(held)) return held
  return held.payments ?? (held.key as Waiver | undefined) ?? held.stored
}

/** Every record of `records` that carries a receipt, read as one, in no order. */
function receiptsOfRecords({ payments, waivers, voids, refused }: ReceiptRecords): BookReceipt[] {
  const receipts: BookReceipt[] = []
  const deposits = new Map<string, Payment[]>()
  for (const payment of payments) {
    if (payment.receipt === undefined) continue
    const lines = deposits.get(payment.depositId)
    if (lines) lines.push(payment)
    else deposits.set(payment.depositId, [payment])
  }
  for (const lines of deposits.values()) receipts.push(depositReceipt(lines))
  for (const waiver of waivers)
    if (waiver.receipt !== undefined) receipts.push(waiverReceipt(waiver))
  for (const v of voids) if (v.receipt !== undefined) receipts.push(voidReceipt(v))
  for (const r of refused) receipts.push(refusedReceipt(r))
  return receipts
}

/** Every record of `doc` that carries a receipt (deposits, waivers, voids), in no order. */
export function bookReceipts(doc: Y.Doc): BookReceipt[] {
  const waivers: Waiver[] = []
  for (const [id, value] of waiversMap(doc).entries()) {
    const waiver = readWaiver(id, value)
    if (waiver) waivers.push(waiver)
  }
  return receiptsOfRecords({
    payments: readDepositLog(doc).first.values(),
    waivers,
    voids: readVoids(doc),
    refused: readRefusedReceipts(doc),
  })
}

/** A deposit's receipt, from its payments (each carries the deposit's receipt; the first's is read). */
function depositReceipt(payments: readonly Payment[]): BookReceipt {
  const { depositId: id, date, receipt } = payments[0]!
  const facts = { kind: 'deposit', id, date, payments } as const
  return entry(receipt!, facts, date, sum(payments), payments)
}

function waiverReceipt({ id, receipt, date, loanId, amount }: Waiver): BookReceipt {
  const facts = { kind: 'waiver', id, date, loanId, amount } as const
  return entry(receipt!, facts, date, amount, [{ loanId }])
}

function voidReceipt(v: StoredVoid): BookReceipt {
  const facts = {
    kind: 'void',
    id: v.id,
    createdAt: v.createdAt,
    target: v.kind,
    targetId: v.targetId,
  } as const
  return entry(v.receipt!, facts, v.createdAt.slice(0, 10), 0, [])
}

function refusedReceipt(r: RefusedReceipt): BookReceipt {
  const facts = { kind: 'deposit', id: r.id, date: r.date, payments: r.payments } as const
  return {
    ...entry(r.receipt, facts, r.date, sum(r.payments), r.payments),
    refused: r.reason,
    ...(r.createdBy && { by: r.createdBy.account }),
  }
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

/**
 * A receipt found while gathering, before it is checked. A deposit paid into one loan is held
 * as its payment itself (most receipts: nothing is made for them unless they must be hashed or
 * shown); one of several payments, and any other receipt, as a `Found`.
 */
type Held = Payment | Found

interface Found {
  readonly stored: string
  /** A deposit's payments (the snapshot's own objects). */
  readonly payments?: Payment[]
  /** Any other receipt, read already. */
  readonly book?: BookReceipt
  /** The record the memo knows it by (a waiver); none for a void or a refused receipt. */
  readonly key?: object
}

function isPayment(held: Held): held is Payment {
  return 'depositId' in held
}

function storedOf(held: Held): string {
  return isPayment(held) ? held.receipt! : held.stored
}

function bookOf(held: Held): BookReceipt {
  if (isPayment(held)) return depositReceipt([held])
  return held.book ?? depositReceipt(held.payments!)
}

/** Whether `payment` belongs to the deposit `held` is (same deposit, same receipt). */
function sameDeposit(held: Held, payment: Payment): boolean {
  const first = isPayment(held) ? held : held.payments?.[0]
  return first?.depositId === payment.depositId && storedOf(held) === payment.receipt
}

/** `held` with `payment` of the same deposit joined to it. */
function joined(held: Held, payment: Payment): Held {
  if (!isPayment(held)) {
    held.payments!.push(payment)
    return held
  }
  return { stored: held.receipt!, payments: [held, payment] }
}

/** A series' receipts by number; two records under one number are kept side by side. */
type Series = Map<number, Held | Held[]>

/**
 * At most this many missing numbers are listed (all are counted): a record from the network may
 * say it is number 999,999,999 of its series, and the check must not list (nor count one by one)
 * the numbers before it.
 */
export const MISSING_LISTED = 1_000

/** Where the gathering puts what it finds. */
class Gathered {
  readonly series = new Map<string, Series>()
  readonly malformed: BookReceipt[] = []
  total = 0

  private slots(name: string): Series {
    let series = this.series.get(name)
    if (!series) this.series.set(name, (series = new Map()))
    return series
  }

  addBook(book: BookReceipt, key?: object): void {
    this.total++
    if (book.receipt === null) {
      this.malformed.push(book)
      return
    }
    const series = this.slots(book.receipt.series)
    const found: Found = { stored: book.stored, book, ...(key && { key }) }
    const held = series.get(book.receipt.n)
    if (held === undefined) series.set(book.receipt.n, found)
    else if (Array.isArray(held)) held.push(found)
    else series.set(book.receipt.n, [held, found])
  }

  /**
   * A deposit's payment: joined to the receipt its deposit's other payments are under, or a new
   * one. A payment the memo knows was read as a receipt before, so its number is cut out of the
   * stored text; any other is read whole (`readReceipt`).
   */
  addPayment(payment: Payment, memo: ReceiptMemo | undefined, malformed: Map<string, Payment[]>) {
    const stored = payment.receipt!
    // As the text gives them, if it is a receipt: right when the memo knows the payment under
    // them (the same object, so the same text, read whole before).
    let name = stored.slice(0, SERIES_LENGTH)
    let n = Number(stored.slice(SERIES_LENGTH + 1, stored.indexOf('.', SERIES_LENGTH + 1)))
    if (!memo?.knows(payment, name, n)) {
      const receipt = readReceipt(stored)
      if (receipt === null) {
        const lines = malformed.get(payment.depositId)
        if (lines) lines.push(payment)
        else malformed.set(payment.depositId, [payment])
        return
      }
      ;({ series: name, n } = receipt)
    }
    const series = this.slots(name)
    const held = series.get(n)
    if (held === undefined) {
      series.set(n, payment)
    } else if (!Array.isArray(held)) {
      if (sameDeposit(held, payment)) return void series.set(n, joined(held, payment))
      series.set(n, [held, payment])
    } else {
      const at = held.findIndex((other) => sameDeposit(other, payment))
      if (at >= 0) return void (held[at] = joined(held[at]!, payment))
      held.push(payment)
    }
    this.total++
  }

  /** The deposits whose receipt is not one, each once all its payments are gathered. */
  addMalformed(malformed: Map<string, Payment[]>): void {
    for (const payments of malformed.values()) this.addBook(depositReceipt(payments))
  }
}

/**
 * Walks every series in number order and tells `checked` how each receipt stands (with the
 * receipt read, when it had to be). Hashes only what the memo cannot vouch for, and nothing
 * after a series broke (what follows a break fails whatever its code).
 */
function* walk(
  gathered: Gathered,
  memo: ReceiptMemo | undefined,
  checked: (held: Held, check: ReceiptCheck, book?: BookReceipt) => void,
): Steps<{ missing: string[]; missingCount: number }> {
  const missing: string[] = []
  let missingCount = 0
  // What this check finds true, for the memo once it is done (see `ReceiptMemo`).
  const remembered = new Map<string, Remembered[]>()
  for (const book of gathered.malformed) checked({ stored: book.stored, book }, 'malformed', book)
  let sinceYield = 0
  for (const name of [...gathered.series.keys()].sort()) {
    const series = gathered.series.get(name)!
    const chain: Remembered[] = []
    if (memo) remembered.set(name, chain)
    // The stored text of the receipt before (its code is the one this one's chains to).
    let previous = ''
    let broken: ReceiptCheck | null = null
    let expected = 1
    for (const n of Float64Array.from(series.keys()).sort()) {
      if (++sinceYield === STEP_ENTRIES * 4) {
        sinceYield = 0
        yield
      }
      if (n > expected) {
        missingCount += n - expected
        for (; expected < n && missing.length < MISSING_LISTED; expected++) {
          missing.push(receiptNumber({ series: name, n: expected }))
        }
        broken ??= 'afterMissing'
      }
      expected = n + 1
      const held = series.get(n)!
      if (Array.isArray(held)) {
        for (const twin of held) checked(twin, 'duplicate')
        broken ??= 'afterAltered'
      } else if (broken !== null) {
        checked(held, broken)
      } else if (memo?.vouches(name, n, held, previous)) {
        checked(held, 'ok')
        chain[n] = rememberedOf(held)
        previous = storedOf(held)
      } else {
        const book = bookOf(held)
        const before = previous === '' ? '' : previous.slice(previous.lastIndexOf('.') + 1)
        const code = chainCode(before, receiptNumber({ series: name, n }), book.facts)
        if (code === book.receipt!.code) {
          checked(held, 'ok', book)
          chain[n] = rememberedOf(held)
          previous = storedOf(held)
        } else {
          checked(held, 'altered', book)
          broken = 'afterAltered'
        }
      }
    }
  }
  memo?.settle(remembered)
  return { missing, missingCount }
}

/**
 * Checks every receipt (see `ReceiptCheck`), a few hundred per step. `keepAll` keeps every
 * checked receipt (`FullVerification`); otherwise only what is wrong and the refused are read
 * into `BookReceipt`s, and `find` looks one up in `lookUp()`'s receipts when asked.
 */
function* verifySteps(
  gathered: Gathered,
  memo: ReceiptMemo | undefined,
  lookUp: (series: string, n: number) => BookReceipt[],
  keepAll: boolean,
): Steps<FullVerification> {
  const receipts: CheckedReceipt[] = []
  const problems: CheckedReceipt[] = []
  const refused: CheckedReceipt[] = []
  const { missing, missingCount } = yield* walk(gathered, memo, (held, check, read) => {
    const given = isPayment(held) ? undefined : held.book
    if (!keepAll && check === 'ok' && given?.refused === undefined) return
    const book = read ?? given ?? bookOf(held)
    const result = { ...book, check }
    if (keepAll) receipts.push(result)
    if (check !== 'ok') problems.push(result)
    if (book.refused !== undefined) refused.push(result)
  })
  return {
    receipts,
    total: gathered.total,
    problems,
    missing,
    missingCount,
    failing: problems.length,
    refused,
    find(series, n) {
      const wrong = problems.find((r) => r.receipt?.series === series && r.receipt.n === n)
      if (wrong) return wrong
      const book = lookUp(series, n).find((r) => r.receipt?.series === series && r.receipt.n === n)
      return book && { ...book, check: 'ok' }
    },
  }
}

/** How each of `receipts` stands (see `ReceiptCheck`), series by series. */
export function verifyReceipts(receipts: readonly BookReceipt[]): FullVerification {
  const gathered = new Gathered()
  for (const book of receipts) gathered.addBook(book)
  return runSteps(verifySteps(gathered, undefined, () => [...receipts], true))
}

/** `verifyReceipts(bookReceipts(doc))`. */
export function verifyBook(doc: Y.Doc): FullVerification {
  return verifyReceipts(bookReceipts(doc))
}

/**
 * The app's check of the book's receipts, a few hundred per step (`runInTasks` runs it between
 * frames): what is wrong and the refused, nothing kept per receipt that was fine. With `memo`,
 * what checked out before, and is the same record after the same receipt, is not hashed again:
 * a change to a book of 300,000 receipts hashes the few it touched.
 */
export function* checkRecords(records: ReceiptRecords, memo?: ReceiptMemo): Steps<Verification> {
  const gathered = new Gathered()
  const malformed = new Map<string, Payment[]>()
  let read = 0
  for (const payment of records.payments) {
    if (payment.receipt !== undefined) gathered.addPayment(payment, memo, malformed)
    if (++read % (STEP_ENTRIES * 4) === 0) yield
  }
  gathered.addMalformed(malformed)
  for (const waiver of records.waivers) {
    if (waiver.receipt !== undefined) gathered.addBook(waiverReceipt(waiver), waiver)
  }
  for (const v of records.voids) if (v.receipt !== undefined) gathered.addBook(voidReceipt(v))
  for (const r of records.refused) gathered.addBook(refusedReceipt(r))
  const lookUp = (series: string, n: number) => {
    const prefix = `${series}.${n}.`
    const has = (record: { receipt?: string }) => record.receipt?.startsWith(prefix) === true
    return receiptsOfRecords({
      payments: filter(records.payments, has),
      waivers: filter(records.waivers, has),
      voids: filter(records.voids, has),
      refused: filter(records.refused, has),
    })
  }
  const { receipts: _none, ...verification } = yield* verifySteps(gathered, memo, lookUp, false)
  return verification
}

function* filter<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item
}

/** What the book says of a receipt someone shows (see `findReceipt`). */
export type ShownReceipt =
  | { found: 'notANumber' }
  | { found: 'notInBook'; number: string }
  | {
      found: 'matches' | 'codeDiffers' | 'changed' | 'refused'
      number: string
      receipt: CheckedReceipt
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
  const receipt = verification.find(series, n)
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
