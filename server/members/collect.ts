import { createHmac } from 'node:crypto'
import type * as Y from 'yjs'
import {
  COLLECT_REFUSALS,
  collectorSheet,
  MAX_DEPOSITS_PER_REQUEST,
  readCollectedDeposit,
  type CollectedDeposit,
  type CollectedOutcome,
  type CollectorSheet,
} from '../../shared/collect.ts'
import { validateDeposit } from '../../shared/deposit/input.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { issuingSeries } from '../../shared/receipts/issue.ts'
import {
  noteReceipt,
  receiptRefusal,
  seriesOwners,
  type SeriesOwners,
} from '../../shared/receipts/owners.ts'
import { readReceipt, receiptNumber } from '../../shared/receipts/receipt.ts'
import {
  keepRefusedReceipt,
  readRefusedReceipts,
  type RefusalOfReceipt,
} from '../../shared/receipts/refused.ts'
import { isIsoDate } from '../../shared/dates.ts'
import { isPaise } from '../../shared/schema/guards.ts'
import { readCities } from '../../shared/schema/city.ts'
import { readProfile } from '../../shared/schema/profile.ts'
import type { LenderProjection } from '../../shared/schema/projection.ts'
import type { Membership } from './store.ts'

/** What the collectors' API needs of the books: read one, and write into one as the server. */
export interface ServerBooks {
  readBook<T>(
    ownerId: string,
    read: (book: LenderProjection, doc: Y.Doc, cities: Y.Doc) => T,
  ): Promise<T>
  changeBook<T>(ownerId: string, change: (doc: Y.Doc, book: LenderProjection) => T): Promise<T>
}

/**
 * The origin of what the server writes into a book itself: `Room.change` runs the change in a
 * transaction of this origin, so a writer nested in it names the same one (a collector's deposit
 * or a void the owner accepted travels on as a client's update would).
 */
export const SERVER_WRITE_ORIGIN = 'socket'

/**
 * The id a collector's deposit gets in the book: a keyed hash (the server's secret) of who sent
 * it, the id his device gave it and what it pays. Never one he chose: a deposit id he saw on his
 * sheet, sent back, cannot land on top of the owner's deposit (a void acts on every payment of a
 * deposit id). The same deposit sent again gets the same id, on the same loans, so whether it is
 * in the book already is a look at those loans' payments, not at the whole book.
 */
export function bookDepositId(secret: string, memberId: string, deposit: CollectedDeposit): string {
  const facts = [memberId, deposit.depositId, deposit.date, deposit.allocations]
  return createHmac('sha256', secret)
    .update(`rin-khata collected deposit\n${JSON.stringify(facts)}`)
    .digest('hex')
    .slice(0, 20)
}

/** The calendar day in India at `now`: the day a deposit may not be after. */
export function indianDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now)
}

/** A collector's sheet of `ownerId`'s book, read now. */
export function readSheet(
  books: ServerBooks,
  ownerId: string,
  collector: Membership,
  now: Date,
): Promise<CollectorSheet> {
  return books.readBook(ownerId, (book, doc, cities) =>
    collectorSheet(
      book.snapshot(),
      readCities(cities),
      collector.villages,
      readProfile(doc),
      now.toISOString(),
    ),
  )
}

/**
 * The deposits a collector sent, as read from a request's body: each one a `CollectedDeposit`,
 * or the index of one that is not. Null when the body is not a list of at most
 * MAX_DEPOSITS_PER_REQUEST.
 */
export function readDeposits(value: unknown): (CollectedDeposit | number)[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_DEPOSITS_PER_REQUEST) {
    return null
  }
  return value.map((item, index) => readCollectedDeposit(item) ?? index)
}

/**
 * Writes a collector's deposits into the book, each checked as the deposit form checks it and
 * against his villages as they are now: a loan he does not collect for (another village, in
 * Trash, someone else's id) refuses the deposit whole. A deposit already in the book (sent
 * again after a lost answer) is not written twice. Each payment names him and his device; its
 * deposit id in the book is `bookDepositId`'s.
 *
 * A deposit keeps the receipt his phone gave it, checked first (`receiptRefusal`): in a series
 * only he has written in (not the owner's, another collector's, nor the one this server gives
 * out in), under a number no other record holds. One from an older phone, with none, is
 * numbered here.
 */
export function recordCollected(
  books: ServerBooks,
  ownerId: string,
  member: { id: string; secret: string; collector: Membership },
  deposits: readonly CollectedDeposit[],
  now: Date,
): Promise<CollectedOutcome[]> {
  const today = indianDay(now)
  const { collector } = member
  return books.changeBook(ownerId, (book, projection) => {
    const snapshot = projection.snapshot()
    const sheet = collectorSheet(snapshot, [], collector.villages, readProfile(book), '')
    const loans = new Map(sheet.loans.map((loan) => [loan.id, loan]))
    const recorded = new Set<string>()
    // What the book holds of these deposits' receipts' series and numbers, read once per request.
    const asked = deposits.flatMap((d) => readReceipt(d.receipt) ?? [])
    const held = asked.length ? seriesOwners(book, asked, snapshot) : null
    const keep = held && refusedKeeper(book, held, collector.email, now)
    return deposits.map((deposit): CollectedOutcome => {
      const { depositId } = deposit
      const own = deposit.allocations.map(({ loanId }) => loans.get(loanId))
      if (own.some((loan) => loan === undefined)) {
        keep?.(deposit, 'outside')
        return { depositId, outcome: 'refused', reason: COLLECT_REFUSALS.outside }
      }
      const bookId = bookDepositId(member.secret, member.id, deposit)
      const first = deposit.allocations[0]!.loanId
      if (
        recorded.has(bookId) ||
        projection.paymentsOf(first).some((payment) => payment.depositId === bookId)
      ) {
        return { depositId, outcome: 'already recorded', inBook: bookId }
      }
      const amount = deposit.allocations.reduce((sum, share) => sum + share.amount, 0)
      const checked = validateDeposit({
        amount,
        date: deposit.date,
        allocations: deposit.allocations,
        today,
        loans: own.map((loan) => ({ id: loan!.id, startDate: loan!.startDate })),
      })
      if (!checked.ok) {
        keep?.(deposit, 'invalid')
        return { depositId, outcome: 'refused', reason: checked.reason }
      }
      const receipt = readReceipt(deposit.receipt)
      if (receipt && held) {
        const refusal = receiptRefusal(
          held,
          receipt,
          collector.email,
          `deposit:${bookId}`,
          issuingSeries(book),
        )
        if (refusal) return { depositId, outcome: 'refused', reason: COLLECT_REFUSALS[refusal] }
      }
      const result = recordDeposit(
        book,
        {
          date: deposit.date,
          allocations: checked.allocations,
          ...(deposit.note ? { description: deposit.note } : {}),
        },
        {
          now: deposit.createdAt,
          by: { account: collector.email, device: deposit.device },
          depositId: bookId,
          origin: SERVER_WRITE_ORIGIN,
          // His phone's, or (none: an older phone) the next of this server's series.
          receipt: deposit.receipt,
        },
      )
      if (!result.ok) return { depositId, outcome: 'refused', reason: result.reason }
      if (held) noteReceipt(held, deposit.receipt, 'deposit', bookId, { account: collector.email })
      recorded.add(bookId)
      return { depositId, outcome: 'recorded', inBook: bookId }
    })
  })
}

/**
 * How many receipts the server keeps as refused for one collector in one book; past it, a
 * refused deposit's receipt is not kept (his series then shows a number missing). A collector
 * cannot grow the book without end by sending deposits he knows will be refused.
 */
export const MAX_REFUSED_RECEIPTS = 500

/**
 * What keeps the receipt of a deposit the server refuses (`receipts/refused.ts`), when the
 * receipt is his to give (a series only he writes in, a number no record holds) and he is under
 * MAX_REFUSED_RECEIPTS: its chain then still verifies, and the owner sees it was given.
 */
export function refusedKeeper(
  book: Y.Doc,
  held: SeriesOwners,
  email: string,
  now: Date,
): (deposit: CollectedDeposit, reason: RefusalOfReceipt) => void {
  let kept: number | null = null
  return (deposit, reason) => {
    const receipt = readReceipt(deposit.receipt)
    if (!receipt) return
    const number = receiptNumber(receipt)
    if (receiptRefusal(held, receipt, email, `refused:${number}`, issuingSeries(book))) return
    kept ??= readRefusedReceipts(book).filter((r) => r.createdBy?.account === email).length
    // The facts its code covers: the payments above zero, as his phone numbered them.
    const payments = deposit.allocations.filter(({ amount }) => amount > 0)
    if (kept >= MAX_REFUSED_RECEIPTS || payments.length === 0) return
    if (!payments.every(({ amount }) => isPaise(amount)) || !isIsoDate(deposit.date)) return
    book.transact(
      () =>
        keepRefusedReceipt(book, {
          receipt: deposit.receipt as string,
          date: deposit.date,
          payments,
          reason,
          createdAt: now.toISOString(),
          createdBy: { account: email, device: deposit.device },
        }),
      SERVER_WRITE_ORIGIN,
    )
    noteReceipt(held, deposit.receipt, 'refused', number, { account: email })
    kept++
  }
}

/** What became of each deposit of a list as sent: a malformed one is named by its index. */
export type SentOutcome =
  CollectedOutcome | { index: number; outcome: 'refused'; reason: 'malformed' }

/**
 * `recordCollected` for a list as `readDeposits` read it: the well-formed deposits are written,
 * the malformed ones refused in their place, so the answer lines up with what was sent.
 */
export async function recordSent(
  books: ServerBooks,
  ownerId: string,
  member: { id: string; secret: string; collector: Membership },
  read: readonly (CollectedDeposit | number)[],
  now: Date,
): Promise<SentOutcome[]> {
  const good = read.filter((item): item is CollectedDeposit => typeof item !== 'number')
  const recorded = good.length === 0 ? [] : await recordCollected(books, ownerId, member, good, now)
  let next = 0
  return read.map((item) =>
    typeof item === 'number'
      ? { index: item, outcome: 'refused', reason: 'malformed' }
      : recorded[next++]!,
  )
}
