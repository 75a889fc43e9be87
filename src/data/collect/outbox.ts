/**
 * What a collector recorded on his device, and how it counts on his sheet (issue 31). His device
 * never holds the book: it holds the sheet the server last sent (his villages' people, loans and
 * payments) and an outbox of the deposits he recorded, each waiting to be sent or answered. The
 * figures he sees are the sheet's with his deposits on top, so a borrower who paid in the morning
 * owes less on his screen that afternoon, offline, and the same once the server has them: a
 * deposit counts once, whether it is still in his outbox or already on a newer sheet.
 */
import type { CollectedDeposit, CollectedOutcome, CollectorSheet } from '../../../shared/collect.ts'
import { paymentId } from '../../../shared/deposit/record.ts'
import type { Actor, IsoDate, Paise } from '../../../shared/ledger/types.ts'
import { nextReceipt, startSeries } from '../../../shared/receipts/issue.ts'
import { readReceipt, storeReceipt } from '../../../shared/receipts/receipt.ts'
import type { Loan, Payment } from '../../../shared/schema/types.ts'

/** Where one recorded deposit stands. */
export type OutboxState =
  /** Kept on the device, not yet answered by the server: it counts on his sheet. */
  | 'waiting'
  /** In the owner's book (as `inBook`). */
  | 'recorded'
  /** The server kept it for the owner to review (he was removed): it counts nowhere. */
  | 'held'
  /** The server refused it, with a reason: it counts nowhere, and he is told. */
  | 'refused'

/** A deposit the collector recorded, with whom it was from and what became of it. */
export interface OutboxEntry {
  deposit: CollectedDeposit
  personId: string
  /** Whom it is from, as his sheet named them then (the list outlives a sheet taken away). */
  personName?: string
  state: OutboxState
  /** The deposit's id in the book, once recorded. */
  inBook?: string
  /** Why the server refused it. */
  reason?: string
}

/**
 * `deposit` with the receipt after `last` (this phone's last receipt of the book, as stored; none
 * or unreadable: a new series), and that receipt, the series' new last. The code covers what the
 * book will hold of it: its day and what it pays each loan, not its id (see `factsLine`), since
 * the server gives it an id of its own.
 */
export function numberDeposit(
  deposit: CollectedDeposit,
  last: unknown,
): { deposit: CollectedDeposit; last: string } {
  const receipt = nextReceipt(readReceipt(last) ?? startSeries(), {
    kind: 'deposit',
    id: deposit.depositId,
    date: deposit.date,
    payments: deposit.allocations.filter((share) => share.amount !== 0),
  })
  const stored = storeReceipt(receipt)
  return { deposit: { ...deposit, receipt: stored }, last: stored }
}

/** The entry once the server answered with `outcome`. */
export function answered(entry: OutboxEntry, outcome: CollectedOutcome): OutboxEntry {
  switch (outcome.outcome) {
    case 'recorded':
    case 'already recorded':
      return { ...entry, state: 'recorded', inBook: outcome.inBook }
    case 'held for review':
      return { ...entry, state: 'held' }
    case 'refused':
      return { ...entry, state: 'refused', reason: outcome.reason }
  }
}

/** The deposit ids the sheet's payments carry. */
function depositsOnSheet(sheet: CollectorSheet): Set<string> {
  const deposits = new Set<string>()
  for (const loan of sheet.loans) {
    for (const payment of loan.payments as readonly Partial<Payment>[]) {
      if (typeof payment.depositId === 'string') deposits.add(payment.depositId)
    }
  }
  return deposits
}

/**
 * Whether `entry` is counted on top of `sheet`: waiting ones always, recorded ones until a sheet
 * that holds them arrives; held and refused ones never.
 */
function countsOnTop(entry: OutboxEntry, onSheet: ReadonlySet<string>): boolean {
  if (entry.state === 'waiting') return true
  return entry.state === 'recorded' && entry.inBook !== undefined && !onSheet.has(entry.inBook)
}

/**
 * The sheet's loans with the collector's deposits that it does not hold yet added as payments,
 * as the book will hold them: what the engine replays for the figures, the preview and the
 * receipt on his device.
 */
export function loansWithOutbox(
  sheet: CollectorSheet,
  outbox: readonly OutboxEntry[],
  by: Actor,
): Loan[] {
  const onSheet = depositsOnSheet(sheet)
  const added = new Map<string, Payment[]>()
  for (const entry of outbox) {
    if (!countsOnTop(entry, onSheet)) continue
    const { deposit } = entry
    const depositId = entry.inBook ?? deposit.depositId
    deposit.allocations.forEach((share, index) => {
      const payments = added.get(share.loanId) ?? []
      payments.push({
        id: paymentId(depositId, index),
        loanId: share.loanId,
        depositId,
        date: deposit.date,
        amount: share.amount,
        ...(deposit.note && { description: deposit.note }),
        createdAt: deposit.createdAt,
        createdBy: by,
        ...(deposit.receipt !== undefined && { receipt: deposit.receipt }),
      })
      added.set(share.loanId, payments)
    })
  }
  if (added.size === 0) return sheet.loans
  return sheet.loans.map((loan) => {
    const extra = added.get(loan.id)
    if (!extra) return loan
    const payments = [...loan.payments, ...extra].sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id.localeCompare(b.id),
    )
    return { ...loan, payments }
  })
}

/**
 * The cash in a collector's deposits dated `day` that count: not held, not refused, and not
 * voided in the book since (`voided`: the book's ids of his deposits its sheet shows voided).
 */
export function collectedOn(
  outbox: readonly OutboxEntry[],
  day: IsoDate,
  voided: ReadonlySet<string> = new Set(),
): { count: number; amount: Paise } {
  let count = 0
  let amount = 0
  for (const entry of outbox) {
    if (entry.deposit.date !== day) continue
    if (entry.state === 'held' || entry.state === 'refused') continue
    if (entry.inBook !== undefined && voided.has(entry.inBook)) continue
    count += 1
    amount += depositAmount(entry.deposit)
  }
  return { count, amount }
}

/** The deposits the sheet shows voided, by their ids in the book. */
export function voidedOnSheet(sheet: CollectorSheet): Set<string> {
  const voided = new Set<string>()
  for (const loan of sheet.loans) {
    for (const payment of loan.payments as readonly Partial<Payment>[]) {
      if (payment.voided && typeof payment.depositId === 'string') voided.add(payment.depositId)
    }
  }
  return voided
}

/** The total of one deposit. */
export function depositAmount(deposit: CollectedDeposit): Paise {
  return deposit.allocations.reduce((sum, share) => sum + share.amount, 0)
}
