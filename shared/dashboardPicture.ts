import type { DashboardSummary } from './ledger/summary.ts'
import type { IsoDate } from './ledger/types.ts'

/**
 * A picture of a lender's dashboard (its rows and tiles) for one day, shown before the book
 * itself is open: the one a device kept the last time it had the book open, or, on a device that
 * has none of the book yet, one the server drew from its copy as the download began. It is a
 * picture, never a source: nothing is computed from it, the screen says where it is from and how
 * old it is, and the book's own dashboard replaces it as soon as the book is open.
 */
export interface DashboardPicture {
  /** The day its figures are as of (interest accrues daily: another day's are not today's). */
  day: IsoDate
  /** When it was drawn (an ISO timestamp), for "figures as of". */
  savedAt: string
  summary: DashboardSummary
  /** The names of the villages and cities its rows name, by id (the cities doc loads later). */
  places: Record<string, string>
}

/** The picture of `summary`, with the names of the places its rows name. */
export function pictureOf(
  summary: DashboardSummary,
  cityNames: ReadonlyMap<string, string>,
  day: IsoDate,
  savedAt: string,
): DashboardPicture {
  const places: Record<string, string> = {}
  for (const row of summary.rows) {
    const name = row.cityId === undefined ? undefined : cityNames.get(row.cityId)
    if (name !== undefined) places[row.cityId!] = name
  }
  return { day, savedAt, summary, places }
}

const isCount = (value: unknown): boolean => Number.isSafeInteger(value)

/**
 * Whether `value` has the shape `pictureOf` gives (rows and tiles the screen can draw): a picture
 * read from the device's storage or from the server is checked before it is shown.
 */
export function isDashboardPicture(value: unknown): value is DashboardPicture {
  if (typeof value !== 'object' || value === null) return false
  const saved = value as Partial<DashboardPicture>
  const summary = saved.summary as Partial<DashboardSummary> | undefined
  return (
    typeof saved.day === 'string' &&
    typeof saved.savedAt === 'string' &&
    typeof saved.places === 'object' &&
    saved.places !== null &&
    Object.values(saved.places).every((name) => typeof name === 'string') &&
    typeof summary === 'object' &&
    summary !== null &&
    Array.isArray(summary.rows) &&
    [
      summary.activeLoans,
      summary.totalPrincipal,
      summary.totalDue,
      summary.defaultedLoans,
      summary.defaultedDue,
      summary.collectedToday,
      summary.collectedThisMonth,
    ].every(isCount) &&
    summary.rows.every(
      (row) =>
        typeof row?.personId === 'string' &&
        typeof row.name === 'string' &&
        typeof row.attention?.kind === 'string' &&
        [
          row.activeLoans,
          row.loanCount,
          row.principalRemaining,
          row.currentInterest,
          row.totalDue,
          row.totalPaid,
        ].every(isCount),
    )
  )
}
