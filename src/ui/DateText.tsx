import { formatDisplayDate, localToday } from '../../shared/dates.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'
import { useLanguage, type Language } from '../i18n/index.ts'

/** A calendar date shown as DD/MM/YYYY, with the ISO date kept machine-readable. */
export function DateText({ date }: { date: IsoDate }) {
  return <time dateTime={date}>{formatDisplayDate(date)}</time>
}

/** How each language writes an instant: "23/11/2026, 05:04 pm", "23/11/2026, शाम 5:04". */
const moments: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
  // Hindi says the part of the day (सुबह, दोपहर, शाम, रात) rather than am/pm.
  hi: new Intl.DateTimeFormat('hi-IN', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
  }),
}

/** An instant (an ISO timestamp) as `TimeText` shows it, or null when it is not one. */
export function formatMoment(at: string, language: Language): string | null {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? null : moments[language].format(date)
}

/** An instant (an ISO timestamp) in the device's time zone, in the app's language. */
export function TimeText({ at }: { at: string }) {
  const [language] = useLanguage()
  const text = formatMoment(at, language)
  if (text === null) return null
  return <time dateTime={at}>{text}</time>
}

/** The day of an instant (an ISO timestamp) in the device's time zone, as DD/MM/YYYY. */
export function DayText({ at }: { at: string }) {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return null
  return <time dateTime={at}>{formatDisplayDate(localToday(date))}</time>
}
