/**
 * The server draws a picture of a lender's dashboard only for a device's own day: the server's
 * UTC day or the one either side of it (India is five and a half hours ahead of UTC).
 */
import { describe, expect, it } from 'vitest'
import { pictureDay } from '../../../server/sync/dashboardPicture.ts'

describe('the day a picture is drawn for', () => {
  const now = new Date('2026-12-01T20:00:00Z') // 1:30 on 2 December in India

  it("is a device's own day: the server's UTC day, or the one either side", () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-02'].map((day) => pictureDay(day, now))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ])
  })

  it('is refused when it is further off, not a calendar date, or missing', () => {
    for (const asked of ['2026-11-29', '2026-12-03', '2026-02-30', '2 December', '', null]) {
      expect(pictureDay(asked, now)).toBeNull()
    }
  })
})
