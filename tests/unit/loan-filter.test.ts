import { describe, expect, it } from 'vitest'
import { filterLoans } from '../../src/features/loans/loanFilter.ts'

describe('loan list filters', () => {
  const rows = [
    { id: 'a', personId: 'p1', status: 'Active' as const },
    { id: 'b', personId: 'p2', status: 'Overdue' as const },
    { id: 'c', personId: 'p1', status: 'Paid' as const },
  ]
  it('filters by shown status and by person', () => {
    expect(filterLoans(rows, { status: '', personId: 'p1' }).map((r) => r.id)).toEqual(['a', 'c'])
    expect(filterLoans(rows, { status: 'Overdue', personId: '' }).map((r) => r.id)).toEqual(['b'])
    expect(filterLoans(rows, { status: 'Paid', personId: 'p2' })).toEqual([])
  })
})
