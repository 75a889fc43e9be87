import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  addDays,
  compareIsoDates,
  daysBetween,
  epochDay,
  FIRST_EPOCH_DAY,
  formatDisplayDate,
  fromEpochDay,
  LAST_EPOCH_DAY,
  isIsoDate,
  loanAgeText,
  localToday,
  parseDisplayDate,
} from '../../shared/dates.ts'

describe('isIsoDate', () => {
  test.each(['2025-01-01', '2024-02-29', '2000-02-29', '2025-12-31', '0001-01-01', '9999-12-31'])(
    '%s is a date',
    (s) => {
      expect(isIsoDate(s)).toBe(true)
    },
  )
  test.each([
    '0000-01-01', // no year 0, and the engine would count days from it
    '10000-01-01',
    '+10000-01-01',
    '-0001-01-01',
    '2025-02-30',
    '2025-02-29',
    '1900-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-1-1',
    '2025/01/01',
    '',
    'abcd-ef-gh',
    '2025-01-01T00:00',
  ])('%j is not', (s) => {
    expect(isIsoDate(s)).toBe(false)
  })
})

describe('day arithmetic', () => {
  test('known epoch days', () => {
    expect(epochDay('1970-01-01')).toBe(0)
    expect(epochDay('2025-01-01')).toBe(20089)
    expect(epochDay('1969-12-31')).toBe(-1)
    expect(fromEpochDay(20089)).toBe('2025-01-01')
  })

  test('daysBetween counts whole calendar days across month ends and leap days', () => {
    expect(daysBetween('2025-01-01', '2025-01-31')).toBe(30)
    expect(daysBetween('2025-01-31', '2025-03-02')).toBe(30)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2025-03-02', '2025-01-31')).toBe(-30)
    expect(addDays('2024-12-31', 60)).toBe('2025-03-01')
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28')
  })

  test('epochDay throws on an invalid date', () => {
    expect(() => epochDay('2025-02-30')).toThrow(RangeError)
    expect(() => epochDay('0000-03-01')).toThrow(RangeError)
  })

  test('fromEpochDay and epochDay round-trip over years 0001–9999', () => {
    const days = fc.integer({ min: FIRST_EPOCH_DAY, max: LAST_EPOCH_DAY })
    expect([fromEpochDay(FIRST_EPOCH_DAY), fromEpochDay(LAST_EPOCH_DAY)]).toEqual([
      '0001-01-01',
      '9999-12-31',
    ])
    fc.assert(
      fc.property(days, (n) => {
        const d = fromEpochDay(n)
        expect(isIsoDate(d)).toBe(true)
        expect(epochDay(d)).toBe(n)
      }),
      { numRuns: 1000 },
    )
  })

  test('addDays moves by exactly n days and keeps order', () => {
    const arb = fc.record({
      start: fc.integer({ min: 0, max: 40_000 }).map(fromEpochDay),
      n: fc.integer({ min: -5000, max: 5000 }),
    })
    fc.assert(
      fc.property(arb, ({ start, n }) => {
        const moved = addDays(start, n)
        expect(daysBetween(start, moved)).toBe(n)
        expect(Math.sign(compareIsoDates(moved, start))).toBe(Math.sign(n))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('display', () => {
  test('formatDisplayDate is DD/MM/YYYY', () => {
    expect(formatDisplayDate('2025-03-07')).toBe('07/03/2025')
  })

  test('localToday uses the local calendar date, not UTC', () => {
    // A Date built from local parts is that local day whatever the machine's zone is; in India,
    // 01:00 on 2 March is still 1 March in UTC, which is the bug this avoids.
    expect(localToday(new Date(2025, 2, 2, 1, 0))).toBe('2025-03-02')
    expect(localToday(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31')
  })
})

describe('loanAgeText', () => {
  test.each([
    ['2025-03-02', '2025-03-01', 'Not started yet'],
    ['2025-03-01', '2025-03-01', 'Today'],
    ['2025-03-01', '2025-03-02', '1 day'],
    ['2025-03-01', '2025-03-06', '5 days'],
    ['2025-01-15', '2025-03-15', '2 months'],
    ['2024-01-01', '2025-01-04', '1 year, 3 days'],
    ['2023-12-29', '2025-03-01', '1 year, 2 months, 1 day'],
    ['2022-01-10', '2025-03-13', '3 years, 2 months, 3 days'],
    ['2025-01-31', '2025-03-01', '1 month, 1 day'],
    ['2024-02-29', '2025-02-28', '1 year'],
  ])('from %s to %s: %s', (start, today, text) => {
    expect(loanAgeText(start, today)).toBe(text)
  })
})

describe('parseDisplayDate', () => {
  test.each([
    ['23/11/2026', '2026-11-23'],
    ['3/4/2026', '2026-04-03'],
    ['23-11-2026', '2026-11-23'],
    ['23.11.2026', '2026-11-23'],
    [' 29/02/2024 ', '2024-02-29'],
    ['23112026', '2026-11-23'],
  ])('%j → %s', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso)
  })

  test.each(['', '11/23/2026', '29/02/2025', '31/04/2026', '23/11/26', '2026-11-23', 'today'])(
    '%j is refused',
    (text) => {
      expect(parseDisplayDate(text)).toBeNull()
    },
  )

  test('reads back every date it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: epochDay('1900-01-01'), max: epochDay('2199-12-31') }), (n) => {
        const d = fromEpochDay(n)
        expect(parseDisplayDate(formatDisplayDate(d))).toBe(d)
      }),
    )
  })
})
