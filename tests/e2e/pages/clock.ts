import { addDays } from '../../../shared/dates.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'

/**
 * The browser runs in India's time zone, whatever the machine's: between 18:30 and 24:00 UTC
 * India is already on the next day, which is exactly when a UTC-based "today" would go wrong.
 */
export const TIME_ZONE = 'Asia/Kolkata'

/** Today's date in the browser's time zone, as the app computes it. */
export function browserToday(): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date())
}

/**
 * Today in the browser's time zone, and the date `offset` days from it: fixed when a spec calls
 * this at its top, so all of its dates agree.
 */
export function browserCalendar(): { today: IsoDate; day: (offset: number) => IsoDate } {
  const today = browserToday()
  return { today, day: (offset) => addDays(today, offset) }
}
