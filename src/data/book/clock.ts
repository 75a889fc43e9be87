import { localToday } from '../../../shared/dates.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'

/** Milliseconds until the next local midnight, plus a second of slack for timer jitter. */
function msToMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return next.getTime() - now.getTime() + 1000
}

/**
 * Calls `onChange` at local midnight and whenever the tab comes back (a sleeping laptop or a
 * backgrounded phone tab misses timers), so a ledger left open overnight accrues the new day.
 */
export function subscribeToday(onChange: () => void): () => void {
  let timer = 0
  const arm = (): void => {
    window.clearTimeout(timer)
    timer = window.setTimeout(recheck, msToMidnight(new Date()))
  }
  const recheck = (): void => {
    onChange()
    arm()
  }
  arm()
  window.addEventListener('focus', recheck)
  document.addEventListener('visibilitychange', recheck)
  return () => {
    window.clearTimeout(timer)
    window.removeEventListener('focus', recheck)
    document.removeEventListener('visibilitychange', recheck)
  }
}

/** The device's local calendar date now (a string, so React compares it by value). */
export function readToday(): IsoDate {
  return localToday(new Date())
}
