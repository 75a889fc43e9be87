import { describe, expect, it } from 'vitest'
import { matchesDashboardSearch } from '../../src/features/dashboard/dashboardSearch.ts'

describe('dashboard search by name, phone or city', () => {
  const row = { name: 'Sunita Devi', phone: '98765 43210' }
  it('matches the village or city in any case', () => {
    expect(matchesDashboardSearch(row, 'Chandpur Khurd', 'chandpur')).toBe(true)
    expect(matchesDashboardSearch(row, 'Chandpur Khurd', 'rampur')).toBe(false)
  })
  it('still matches by name and by phone however it is spaced', () => {
    expect(matchesDashboardSearch(row, 'Rampur', 'devi')).toBe(true)
    expect(matchesDashboardSearch(row, undefined, '9876543210')).toBe(true)
    expect(matchesDashboardSearch(row, undefined, '98765 432')).toBe(true)
  })
  it('a person with no known city is found only by name or phone', () => {
    expect(matchesDashboardSearch(row, undefined, 'rampur')).toBe(false)
  })
  it('matches everyone when the box is empty', () => {
    expect(matchesDashboardSearch(row, undefined, '  ')).toBe(true)
  })
})
