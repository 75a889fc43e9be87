import { describe, expect, it } from 'vitest'
import { filterLoans } from '../../src/features/loans/loanFilter.ts'

describe('loan list filters', () => {
  const rows = [
    { id: 'a', personId: 'p1', status: 'Active' as const, balance: 1_000_00 },
    { id: 'b', personId: 'p2', status: 'Overdue' as const, balance: 500_00 },
    { id: 'c', personId: 'p1', status: 'Paid' as const, balance: 0 },
    { id: 'd', personId: 'p1', status: 'Defaulted' as const, balance: 2_64_643_84 },
  ]
  it('filters by shown status and by person', () => {
    expect(filterLoans(rows, { status: '', personId: 'p1' }).map((r) => r.id)).toEqual([
      'a',
      'c',
      'd',
    ])
    expect(filterLoans(rows, { status: 'Overdue', personId: '' }).map((r) => r.id)).toEqual(['b'])
    expect(filterLoans(rows, { status: 'Paid', personId: 'p2' })).toEqual([])
  })

  it('"Owes money" lists every loan with something due today, whatever its label (rule 8)', () => {
    // The Defaulted loan owes and is listed beside the Active and Overdue ones; the Paid one is not.
    expect(filterLoans(rows, { status: 'owing', personId: '' }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'd',
    ])
    expect(filterLoans(rows, { status: 'owing', personId: 'p1' }).map((r) => r.id)).toEqual([
      'a',
      'd',
    ])
  })
})
