/**
 * The server's picture of a lender's dashboard (see `shared/dashboardPicture.ts`): what a device
 * that has none of the book yet shows while the book itself downloads, a few kilobytes where the
 * book is megabytes. Drawn by the engine from the server's copy, as the device would draw it.
 */
import { setImmediate as turn } from 'node:timers/promises'
import type * as Y from 'yjs'
import { pictureOf, type DashboardPicture } from '../../shared/dashboardPicture.ts'
import { addDays, isIsoDate } from '../../shared/dates.ts'
import { createDashboardCache } from '../../shared/ledger/summary.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'
import { readCities } from '../../shared/schema/city.ts'
import type { LenderProjection } from '../../shared/schema/projection.ts'

/**
 * The day a picture is asked for, if it may be drawn: a device's own calendar day, which is the
 * server's UTC day or, east or west of it, the one either side.
 */
export function pictureDay(asked: string | null, now: Date): IsoDate | null {
  if (!isIsoDate(asked)) return null
  const utcDay = now.toISOString().slice(0, 10) as IsoDate
  return asked >= addDays(utcDay, -1) && asked <= addDays(utcDay, 1) ? asked : null
}

/**
 * The dashboard of `book` on `day`, its people's rows worked out a few at a time with the
 * process's other work between them (a book of thousands of people takes a while).
 */
export async function drawPicture(
  book: LenderProjection,
  cities: Y.Doc,
  day: IsoDate,
  now: Date,
): Promise<DashboardPicture> {
  const cityNames = new Map(readCities(cities).map((city) => [city.id, city.name]))
  const people = book.snapshot().people.filter((person) => !person.archived)
  const steps = createDashboardCache().steps(people, book.activeLoansOf, day)
  let step = steps.next()
  while (!step.done) {
    await turn()
    step = steps.next()
  }
  return pictureOf(step.value, cityNames, day, now.toISOString())
}
