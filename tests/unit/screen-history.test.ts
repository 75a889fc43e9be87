import { describe, expect, it } from 'vitest'
import { loanFigures, summarizeDashboard } from '../../shared/ledger/engine.ts'
import type { Loan, Payment } from '../../shared/schema/types.ts'
import { withColumnTotals } from '../../src/features/dashboard/dashboardTotals.ts'
import { loanHistory } from '../../src/features/loans/history.ts'
import { exampleLoan, goodwillWaiver } from './bookFacts.ts'

// The engine notes' worked example: ₹10,000 at 2 % a month from 2025-01-01.
const base: Loan = exampleLoan()
const by = { account: 'lender@example.com', device: 'Chrome on Android' }
const stored = (id: string, depositId: string, date: string, amount: number): Payment => ({
  id,
  loanId: base.id,
  depositId,
  date,
  amount,
  createdAt: `${date}T10:00:00.000Z`,
  createdBy: by,
})

describe("a loan's history", () => {
  const first = stored('pay-1', 'dep-1', '2025-01-31', 10_000)
  const typo = stored('pay-2', 'dep-2', '2025-03-02', 500_000)
  const voided = { voidId: 'v1', reason: 'Typed 5,000 for 500', at: '2025-03-03T09:00:00.000Z', by }
  const loan: Loan = {
    ...base,
    payments: [
      { id: first.id, date: first.date, amount: first.amount, createdAt: first.createdAt },
      { id: typo.id, date: typo.date, amount: typo.amount, createdAt: typo.createdAt, voided },
    ],
    waivers: [goodwillWaiver({ createdBy: by })],
  }
  const payments = new Map([first, typo].map((p) => [p.id, p]))
  const items = loanHistory(loan, loanFigures(loan, '2025-05-01').ledger, payments)

  it('keeps a voided payment in its place, without a replayed entry, with its void', () => {
    expect(items.map((i) => i.id)).toEqual(['pay-1', 'pay-2', 'w-1'])
    expect(items[1]?.voided).toEqual(voided)
    expect(items[1]?.entry).toBeUndefined()
    // The void acts on the whole deposit the payment belongs to.
    expect(items[1]?.target).toEqual({ kind: 'deposit', id: 'dep-2' })
  })

  it('replays around the voided payment: the next line sees only the first payment', () => {
    // ₹100 on 31/01 leaves ₹10,097.26 (worked example); the waiver then faces 60 days of interest.
    expect(items[0]?.entry?.newBalance).toBe(1_009_726)
    expect(items[2]?.entry?.balanceBefore).toBe(1_009_726)
    expect(items[2]?.entry?.waived).toBe(5_000)
  })

  it('says who recorded each line, and targets a waiver by its own id', () => {
    expect(items[0]?.createdBy).toEqual(by)
    expect(items[2]).toMatchObject({ kind: 'waiver', description: 'Goodwill', createdBy: by })
    expect(items[2]?.target).toEqual({ kind: 'waiver', id: 'w-1' })
  })
})

describe('dashboard tiles', () => {
  it('has a tile for every money column, each the sum of its column', () => {
    const loans = [
      { ...base, payments: [{ id: 'a', date: '2025-01-31', amount: 10_000, createdAt: '1' }] },
      { ...base, id: 'loan-2', personId: 'p2', amount: 500_000 },
    ]
    const board = withColumnTotals(
      summarizeDashboard(
        [
          { id: 'p1', name: 'Asha' },
          { id: 'p2', name: 'Ravi' },
        ],
        loans,
        '2025-03-01',
      ),
    )
    const sum = (pick: (r: (typeof board.rows)[number]) => number) =>
      board.rows.reduce((total, r) => total + pick(r), 0)
    expect(board.totalInterest).toBe(sum((r) => r.currentInterest))
    expect(board.totalPaid).toBe(10_000)
    expect(board.totalPrincipal + board.totalInterest).toBe(board.totalDue)
  })
})
