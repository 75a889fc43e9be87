import { describe, expect, it } from 'vitest'
import type { LedgerLoan } from '../../shared/ledger/engine.ts'
import { previewAllocation } from '../../src/features/deposit/depositPreview.ts'
import { filterLoans } from '../../src/features/loans/loanFilter.ts'

// The engine notes' worked example: ₹10,000 at 2 % a month from 2025-01-01.
const loan: LedgerLoan = {
  id: 'loan-1',
  personId: 'p1',
  amount: 1_000_000,
  interestRate: 2,
  interestType: 'per_month',
  startDate: '2025-01-01',
  dueDate: '2025-12-31',
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  payments: [
    { id: 'pay-1', date: '2025-01-31', amount: 10_000, createdAt: '2025-01-31T10:00:00Z' },
  ],
}
const now = '2025-03-02T12:00:00.000Z'

describe('deposit preview', () => {
  it('splits a payment into interest and principal exactly as the saved ledger will', () => {
    // ₹5,000 on 2025-03-02: 30 days, interest ₹199.18, new balance ₹5,296.44.
    expect(previewAllocation(loan, '2025-03-02', 500_000, now)).toEqual({
      balanceBefore: 1_029_644,
      balanceAfter: 529_644,
      interestPaid: 19_918,
      principalPaid: 480_082,
      overpaid: 0,
    })
  })

  it('leaves exactly ₹0.00 when the whole balance due is paid, and shows any excess', () => {
    const full = previewAllocation(loan, '2025-03-02', 1_029_644, now)
    expect(full.balanceAfter).toBe(0)
    expect(full.overpaid).toBe(0)
    expect(previewAllocation(loan, '2025-03-02', 1_030_000, now).overpaid).toBe(356)
  })

  it('accounts for a deposit dated before an existing payment', () => {
    // Back-dated to 2025-01-15: interest for 14 days only, and the later payment is replayed after.
    const back = previewAllocation(loan, '2025-01-15', 100_000, now)
    expect(back.interestPaid).toBe(9_205)
    expect(back.balanceBefore - back.balanceAfter).toBe(100_000)
  })
})

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
