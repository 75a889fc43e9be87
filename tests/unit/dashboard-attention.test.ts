/**
 * Issue 13: who owes me what at a glance. Which people are overdue or due soon, and the dashboard
 * order that puts them first, derived from the engine's figures and the loans' due dates.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  attentionOf,
  compareRows,
  loanFigures,
  nextDueDate,
  personAttention,
  summarizeDashboard,
  type Attention,
  type DashboardRow,
  type LedgerLoan,
} from '../../shared/ledger/engine.ts'

const today = '2026-03-15'

function loan(id: string, personId: string, extra: Partial<LedgerLoan> = {}): LedgerLoan {
  return {
    id,
    personId,
    amount: 10_000_00,
    interestRate: 12,
    interestType: 'per_annum',
    startDate: '2026-01-01',
    dueDate: '2026-12-31',
    status: 'active',
    createdAt: `2026-01-01T00:00:00.000Z`,
    payments: [],
    ...extra,
  }
}

/** A payment that settles `l` on `date` (the engine's own balance, so nothing is left due). */
function paidOff(l: LedgerLoan, date: string): LedgerLoan {
  const due = loanFigures(l, date).totalDue
  return { ...l, payments: [{ id: `${l.id}-pay`, date, amount: due, createdAt: '1' }] }
}

describe('attention of a due date', () => {
  test.each([
    { due: undefined, kind: 'none' },
    { due: addDays(today, -30), kind: 'overdue', days: -30 },
    { due: addDays(today, -1), kind: 'overdue', days: -1 },
    // Due today is not yet overdue: the loans list calls a loan Overdue only once the day passes.
    { due: today, kind: 'dueSoon', days: 0 },
    { due: addDays(today, 1), kind: 'dueSoon', days: 1 },
    { due: addDays(today, 7), kind: 'dueSoon', days: 7 },
    { due: addDays(today, 8), kind: 'later', days: 8 },
  ] as const)('due $due → $kind', ({ due, ...expected }) => {
    const attention = attentionOf(due, today)
    expect(attention).toEqual(due === undefined ? expected : { ...expected, dueDate: due })
  })
})

describe('a person’s next due date', () => {
  test('is the earliest due date among loans with money still due', () => {
    const loans = [
      loan('a', 'p', { dueDate: '2026-06-01' }),
      loan('b', 'p', { dueDate: '2026-03-20' }),
      loan('c', 'p', { dueDate: '2026-09-01' }),
    ]
    expect(nextDueDate(loans, today)).toBe('2026-03-20')
    expect(personAttention(loans, today)).toEqual({
      kind: 'dueSoon',
      dueDate: '2026-03-20',
      days: 5,
    })
  })

  test('a loan past its due date but paid off does not make the person overdue', () => {
    const settled = paidOff(loan('a', 'p', { dueDate: '2026-02-01' }), '2026-03-01')
    expect(loanFigures(settled, today).totalDue).toBe(0)
    expect(personAttention([settled], today)).toEqual({ kind: 'none' })
    const other = loan('b', 'p', { dueDate: '2026-08-01' })
    expect(personAttention([settled, other], today)).toMatchObject({ kind: 'later' })
  })

  test('a loan past its due date with money still due makes the person overdue', () => {
    const partly = loan('a', 'p', {
      dueDate: '2026-03-01',
      payments: [{ id: 'x', date: '2026-02-01', amount: 1_000_00, createdAt: '1' }],
    })
    expect(loanFigures(partly, today).status).toBe('Overdue')
    expect(personAttention([partly], today)).toEqual({
      kind: 'overdue',
      dueDate: '2026-03-01',
      days: -14,
    })
  })

  test('a label never hides a loan that owes: marked defaulted or overdue by hand, it still counts (rule 8)', () => {
    // Before issue 27 these two were left out and the person showed nothing due: that was the bug.
    const loans = [
      loan('a', 'p', { dueDate: '2026-01-31', status: 'defaulted' }),
      loan('b', 'p', { dueDate: '2026-02-28', status: 'overdue' }),
    ]
    expect(personAttention(loans, today)).toEqual({
      kind: 'overdue',
      dueDate: '2026-01-31',
      days: -43,
    })
    // Even stored `paid` (two devices merged one): it owes, so it counts.
    expect(personAttention([loan('c', 'p', { status: 'paid' })], today)).toMatchObject({
      kind: 'later',
    })
  })
})

describe('dashboard order: what needs action first', () => {
  test('overdue, then due within 7 days (soonest first), then by amount due; nothing due last', () => {
    const people = ['big', 'soon', 'sooner', 'late', 'later', 'none', 'small'].map((id) => ({
      id,
      name: id,
    }))
    const loans = [
      loan('1', 'big', { amount: 9_00_000_00, dueDate: '2026-12-31' }),
      loan('2', 'soon', { amount: 1_000_00, dueDate: addDays(today, 6) }),
      loan('3', 'sooner', { amount: 500_00, dueDate: addDays(today, 2) }),
      loan('4', 'late', { amount: 200_00, dueDate: addDays(today, -3) }),
      loan('5', 'later', { amount: 5_00_000_00, dueDate: addDays(today, -1) }),
      paidOff(loan('6', 'none', { dueDate: addDays(today, -40) }), '2026-02-01'),
      loan('7', 'small', { amount: 100_00, dueDate: addDays(today, 8) }),
    ]
    const dash = summarizeDashboard(people, loans, today)
    expect(dash.rows.map((r) => r.personId)).toEqual([
      'late',
      'later',
      'sooner',
      'soon',
      'big',
      'small',
      'none',
    ])
    expect(dash.rows.map((r) => r.attention.kind)).toEqual([
      'overdue',
      'overdue',
      'dueSoon',
      'dueSoon',
      'later',
      'later',
      'none',
    ])
  })

  test('on the same due date the larger amount due comes first', () => {
    const people = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]
    const loans = [
      loan('1', 'a', { amount: 100_00, dueDate: addDays(today, -2) }),
      loan('2', 'b', { amount: 900_00, dueDate: addDays(today, -2) }),
    ]
    expect(summarizeDashboard(people, loans, today).rows.map((r) => r.personId)).toEqual(['b', 'a'])
  })

  test('a row carries the person’s city for the screen to name', () => {
    const dash = summarizeDashboard([{ id: 'a', name: 'A', cityId: 'c-1' }], [], today)
    expect(dash.rows[0]).toMatchObject({ cityId: 'c-1', attention: { kind: 'none' } })
  })

  const attention: fc.Arbitrary<Attention> = fc.oneof(
    fc.constant<Attention>({ kind: 'none' }),
    fc.integer({ min: -60, max: 60 }).map((days) => attentionOf(addDays(today, days), today)),
  )
  const row: fc.Arbitrary<DashboardRow> = fc
    .record({
      id: fc.string({ maxLength: 4 }),
      name: fc.constantFrom('Asha', 'Ravi', 'Sita'),
      totalDue: fc.integer({ min: 0, max: 1_000_000 }),
      attention,
    })
    .map(({ id, name, totalDue, attention }) => ({
      personId: id,
      name,
      attention,
      activeLoans: 0,
      loanCount: 0,
      principalRemaining: totalDue,
      currentInterest: 0,
      totalDue,
      totalPaid: 0,
      reckoning: { lent: 0, interest: 0, paid: 0, overpaid: 0, waived: 0, due: 0 },
      defaultedLoans: 0,
      defaultedDue: 0,
      collectedToday: 0,
      collectedThisMonth: 0,
    }))

  test('sorted rows: every overdue row before every due-soon row, before the rest', () => {
    fc.assert(
      // One row per person: a book never holds two rows of one person id.
      fc.property(fc.uniqueArray(row, { maxLength: 30, selector: (r) => r.personId }), (rows) => {
        const sorted = [...rows].sort(compareRows)
        const ranks = sorted.map((r) =>
          r.attention.kind === 'overdue' ? 0 : r.attention.kind === 'dueSoon' ? 1 : 2,
        )
        expect(ranks).toEqual([...ranks].sort((x, y) => x - y))
        // Any order of the same rows sorts the same way (the order is total).
        expect([...rows].reverse().sort(compareRows)).toEqual(sorted)
      }),
    )
  })
})
