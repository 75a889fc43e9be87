import { formatDisplayDate } from '../../shared/dates.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'

/** A calendar date shown as DD/MM/YYYY, with the ISO date kept machine-readable. */
export function DateText({ date }: { date: IsoDate }) {
  return <time dateTime={date}>{formatDisplayDate(date)}</time>
}

const moment = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** An instant (an ISO timestamp) in the device's time zone: "23/11/2026, 05:04 pm". */
export function TimeText({ at }: { at: string }) {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return null
  return <time dateTime={at}>{moment.format(date)}</time>
}
