import { formatDisplayDate } from '../../shared/dates.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'

/** A calendar date shown as DD/MM/YYYY, with the ISO date kept machine-readable. */
export function DateText({ date }: { date: IsoDate }) {
  return <time dateTime={date}>{formatDisplayDate(date)}</time>
}
