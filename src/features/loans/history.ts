import type { LedgerEntry, LoanLedger } from '../../../shared/ledger/engine.ts'
import type { Actor, IsoDate, Paise, VoidInfo } from '../../../shared/ledger/types.ts'
import type { Loan, Payment } from '../../../shared/schema/types.ts'

/** One line of a loan's history: a payment or a waiver, replayed or voided. */
export interface HistoryItem {
  kind: 'payment' | 'waiver'
  /** The payment's or the waiver's id. */
  id: string
  /** What a void of this line voids: the payment's whole deposit, or the waiver. */
  target: { kind: 'deposit' | 'waiver'; id: string }
  loanId: string
  date: IsoDate
  amount: Paise
  createdAt: string
  createdBy?: Actor
  description?: string
  /** The replayed entry; absent while the line is voided (the engine skips it). */
  entry?: LedgerEntry
  /**
   * Interest paid by this line and every line before it (Σ of the entries' interest parts, rule
   * 6a); absent while the line is voided. Not the entry's `cumulativeInterest`, the old app's sum
   * that counted paid-off carried interest as principal.
   */
  interestPaidSoFar?: Paise
  voided?: VoidInfo
  /** Its receipt as stored (`receipts/receipt.ts`); none from before receipts. */
  receipt?: string
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Replay order: date, then createdAt, then id (the engine's order for payments and waivers). */
export function compareItems(a: HistoryItem, b: HistoryItem): number {
  return (
    compareText(a.date, b.date) || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id)
  )
}

/**
 * A loan's history in replay order: every payment and waiver, with its replayed entry, and the
 * voided ones in their place with their void (struck through on screen, never dropped).
 * `payments` gives each payment's deposit and author, which the engine's facts do not carry.
 */
export function loanHistory(
  loan: Loan,
  ledger: LoanLedger,
  payments: ReadonlyMap<string, Payment>,
): HistoryItem[] {
  const entries = new Map<string, LedgerEntry>()
  const soFar = new Map<string, Paise>()
  let interestPaid = 0
  for (const entry of ledger.entries) {
    const key = entry.waiverId ?? entry.paymentId
    interestPaid += entry.interestPart
    entries.set(key, entry)
    soFar.set(key, interestPaid)
  }
  const items: HistoryItem[] = []
  for (const fact of loan.payments) {
    const stored = payments.get(fact.id)
    const entry = entries.get(fact.id)
    items.push({
      kind: 'payment',
      id: fact.id,
      target: { kind: 'deposit', id: stored?.depositId ?? fact.id },
      loanId: loan.id,
      date: fact.date,
      amount: fact.amount,
      createdAt: fact.createdAt,
      ...(stored?.createdBy && { createdBy: stored.createdBy }),
      ...(fact.description !== undefined && { description: fact.description }),
      ...(entry && !fact.voided && { entry, interestPaidSoFar: soFar.get(fact.id) ?? 0 }),
      ...(fact.voided && { voided: fact.voided }),
      ...(fact.receipt !== undefined && { receipt: fact.receipt }),
    })
  }
  for (const waiver of loan.waivers) {
    const entry = entries.get(waiver.id)
    items.push({
      kind: 'waiver',
      id: waiver.id,
      target: { kind: 'waiver', id: waiver.id },
      loanId: loan.id,
      date: waiver.date,
      amount: waiver.amount,
      createdAt: waiver.createdAt,
      ...(waiver.createdBy && { createdBy: waiver.createdBy }),
      ...(waiver.note !== undefined && { description: waiver.note }),
      ...(entry && !waiver.voided && { entry, interestPaidSoFar: soFar.get(waiver.id) ?? 0 }),
      ...(waiver.voided && { voided: waiver.voided }),
      ...(waiver.receipt !== undefined && { receipt: waiver.receipt }),
    })
  }
  return items.sort(compareItems)
}
