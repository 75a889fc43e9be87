/**
 * "Collected today / this month" (issue 27): the cash received, as a lender's day book counts it.
 * A Khatabook user expects this figure on the dashboard; it is a sum of payments by their date,
 * not a balance, so it needs no replay.
 */
import type { IsoDate, Paise, PaymentFact } from './types.ts'

/** Cash received on one day and in its calendar month up to that day. */
export interface Collected {
  /** Live payments dated `day`. */
  today: Paise
  /** Live payments dated from the 1st of `day`'s month to `day`, both included. */
  month: Paise
}

/** Nothing collected. */
export const NOTHING_COLLECTED: Readonly<Collected> = Object.freeze({ today: 0, month: 0 })

/**
 * What `payments` brought in on `day` and in its month so far. Voided payments are left out (a
 * void takes a mistaken deposit out of every figure); a payment dated after `day` is not yet
 * collected, even in the same month. Overpaid parts count: this is cash, not what it paid off.
 */
export function collected(payments: readonly PaymentFact[], day: IsoDate): Collected {
  const monthStart = `${day.slice(0, 8)}01`
  let today = 0
  let month = 0
  for (const p of payments) {
    if (p.voided !== undefined || p.date > day || p.date < monthStart) continue
    month += p.amount
    if (p.date === day) today += p.amount
  }
  return { today, month }
}
