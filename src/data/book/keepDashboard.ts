import { readCities } from '../../../shared/schema/city.ts'
import { snapshotStore } from '../sync/snapshotStore.ts'
import type { Room } from '../sync/room.ts'
import { readToday } from './clock.ts'
import type { SavedDashboardStore } from './savedDashboard.ts'
import { activeOf, dashboardOf, projectionOf } from './views.ts'

/** How long the book must stay still before the dashboard is kept again. */
const QUIET_MS = 1_000

/**
 * Keeps the lender's dashboard in `store` once the book is open and a second after each change
 * (and at once when the page is hidden, as a phone's app is before it is killed), so that the
 * next start can show it before the book is read. Returns what stops it.
 */
export function keepDashboard(lender: Room, cities: Room, store: SavedDashboardStore): () => void {
  let timer = 0
  let stopped = false
  const keep = (): void => {
    window.clearTimeout(timer)
    timer = 0
    if (stopped) return
    const projection = projectionOf(lender.doc)
    const day = readToday()
    const summary = dashboardOf(lender.doc)(
      activeOf(projection.snapshot()).people,
      projection.activeLoansOf,
      day,
    )
    const cityNames = new Map(
      snapshotStore(cities.doc, readCities)
        .getSnapshot()
        .map((city) => [city.id, city.name]),
    )
    void store.keep(summary, cityNames, day)
  }
  const soon = (): void => {
    window.clearTimeout(timer)
    timer = window.setTimeout(keep, QUIET_MS)
  }
  const hidden = (): void => {
    if (document.visibilityState === 'hidden' && timer !== 0) keep()
  }
  void lender.whenOnDisk.then(() => {
    if (stopped) return
    // In a task of its own: the book's first dashboard is drawn in this one, and storing a big
    // book's (3,000 rows) took 140 ms at 4× CPU.
    timer = window.setTimeout(keep)
    lender.doc.on('update', soon)
    document.addEventListener('visibilitychange', hidden)
  })
  return () => {
    stopped = true
    window.clearTimeout(timer)
    lender.doc.off('update', soon)
    document.removeEventListener('visibilitychange', hidden)
  }
}
