/**
 * A collector's day book (issue 31, item 6): per day, the cash he recorded as received (his
 * deposits in the book, by their date) beside the cash he handed over to the owner, and what he
 * still holds after that day. The owner sees the difference until it is zero.
 */
import type { Handover } from '../collect.ts'
import type { Payment } from '../schema/types.ts'
import type { IsoDate, Paise } from './types.ts'

export interface DayBookRow {
  day: IsoDate
  /** Cash in his deposits dated this day that were not voided. */
  received: Paise
  deposits: number
  /** Cash handed over on this day (withdrawn handovers count nowhere). */
  handedOver: Paise
  /** What he still holds after this day: everything received minus everything handed over. */
  holding: Paise
}

export interface DayBook {
  /** Newest day first. */
  rows: DayBookRow[]
  /** What he holds now (negative: he handed over more than the book says he received). */
  holding: Paise
}

/**
 * The day book of the collector whose account is `account`, from the book's payments (his are
 * the ones recorded under his account) and the owner's handovers.
 */
export function dayBook(
  payments: readonly Payment[],
  account: string,
  handovers: readonly Handover[],
): DayBook {
  const days = new Map<IsoDate, { received: Paise; deposits: Set<string>; handedOver: Paise }>()
  const dayOf = (day: IsoDate) => {
    let row = days.get(day)
    if (!row) days.set(day, (row = { received: 0, deposits: new Set(), handedOver: 0 }))
    return row
  }
  for (const payment of payments) {
    if (payment.voided || payment.createdBy?.account !== account) continue
    const row = dayOf(payment.date)
    row.received += payment.amount
    row.deposits.add(payment.depositId)
  }
  for (const handover of handovers) {
    if (handover.withdrawnAt === null) dayOf(handover.day).handedOver += handover.amount
  }
  let holding = 0
  const rows = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, row]): DayBookRow => {
      holding += row.received - row.handedOver
      return {
        day,
        received: row.received,
        deposits: row.deposits.size,
        handedOver: row.handedOver,
        holding,
      }
    })
  return { rows: rows.reverse(), holding }
}
