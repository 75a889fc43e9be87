/**
 * What a book's collectors leave for its owner to decide (issue 31): deposits a collector sent
 * after he was removed, and his requests to void a deposit of his. A collector never changes
 * money already in the book himself; the owner accepts or refuses, and what he accepts the
 * server writes into the book in his name, through the room like any other change.
 */
import type { CollectedDeposit, VoidRequestInfo } from '../../shared/collect.ts'
import { seriesOwners } from '../../shared/receipts/owners.ts'
import { readReceipt } from '../../shared/receipts/receipt.ts'
import { voidDeposit } from '../../shared/schema/void.ts'
import {
  SERVER_WRITE_ORIGIN,
  readDeposits,
  recordSent,
  refusedKeeper,
  type SentOutcome,
  type ServerBooks,
} from './collect.ts'
import type { HeldDeposits, MembersStore, Membership } from './store.ts'

/** Whether a deposit is one a collector may ask to void. */
export type OwnDeposit = 'yours' | 'not yours' | 'already voided'

/**
 * Whether `depositId` is `collector`'s own deposit, as the book holds it now: a deposit on a loan
 * of his villages every payment of which he recorded. Only his villages' loans are looked at
 * (the projection keeps each loan's payments), never the whole book; a deposit elsewhere, the
 * owner's, or none at all get one answer, so asking tells him nothing of the rest of the book.
 * His own deposits are only ever written on his villages' loans (`recordCollected`).
 */
export function checkOwnDeposit(
  books: ServerBooks,
  ownerId: string,
  collector: Membership,
  depositId: string,
): Promise<OwnDeposit> {
  return books.readBook(ownerId, (book) => {
    const villages = new Set(collector.villages)
    let found = false
    let voided = false
    for (const person of book.snapshot().people) {
      if (person.archived || !villages.has(person.cityId)) continue
      for (const loan of book.activeLoansOf(person.id)) {
        for (const payment of book.paymentsOf(loan.id)) {
          if (payment.depositId !== depositId) continue
          if (payment.createdBy?.account !== collector.email) return 'not yours'
          found = true
          voided ||= payment.voided !== undefined
        }
      }
    }
    if (!found) return 'not yours'
    return voided ? 'already voided' : 'yours'
  })
}

/** What became of a void the owner accepted. */
export type VoidOutcome = 'voided' | 'already voided' | 'no such deposit'

/**
 * Voids the deposit a collector asked about, in the owner's name (his email, the device
 * `review`), with the collector's reason and who he is, so the history says why.
 */
export function voidAsked(
  books: ServerBooks,
  ownerId: string,
  request: VoidRequestInfo,
  ownerEmail: string,
  now: Date,
): Promise<VoidOutcome> {
  const asker = request.name.trim() || request.email
  return books.changeBook(ownerId, (doc) => {
    const result = voidDeposit(doc, request.depositId, `Asked by ${asker}: ${request.reason}`, {
      now: now.toISOString(),
      by: { account: ownerEmail, device: 'review' },
      origin: SERVER_WRITE_ORIGIN,
    })
    if (result.ok) return 'voided'
    return result.reason === 'alreadyVoided' ? 'already voided' : 'no such deposit'
  })
}

/**
 * Writes a held batch into the book as if its collector had sent it before he was removed: with
 * his villages as his membership row still holds them, each deposit checked as the inbox checks
 * it and named with him. Writing a deposit twice records it once (`recordCollected`), so a batch
 * accepted by two calls at once still lands in the book once.
 */
export async function acceptHeld(
  books: ServerBooks,
  store: MembersStore,
  ownerId: string,
  batch: HeldDeposits,
  secret: string,
  now: Date,
): Promise<SentOutcome[]> {
  const member = await store.membership(ownerId, batch.memberId)
  const collector: Membership = {
    role: 'collector',
    // Made something else since (invited back as a partner, say): no villages to record in.
    villages: member?.role === 'collector' ? member.villages : [],
    email: batch.email,
    removedAt: null,
  }
  const read = readDeposits(batch.deposits) ?? []
  return recordSent(books, ownerId, { id: batch.memberId, secret, collector }, read, now)
}

/**
 * A held batch the owner dismissed: none of it goes in the book, but each receipt its collector
 * gave at the door is kept as refused (`receipts/refused.ts`), so his series still verifies and
 * the owner sees, in Settings → Receipts, what a borrower may hold a receipt for.
 */
export function dismissHeld(
  books: ServerBooks,
  ownerId: string,
  batch: HeldDeposits,
  now: Date,
): Promise<void> {
  const deposits = (readDeposits(batch.deposits) ?? []).filter(
    (deposit): deposit is CollectedDeposit => typeof deposit !== 'number',
  )
  const asked = deposits.flatMap((deposit) => readReceipt(deposit.receipt) ?? [])
  if (asked.length === 0) return Promise.resolve()
  return books.changeBook(ownerId, (book, projection) => {
    const keep = refusedKeeper(
      book,
      seriesOwners(book, asked, projection.snapshot()),
      batch.email,
      now,
    )
    for (const deposit of deposits) keep(deposit, 'dismissed')
  })
}
