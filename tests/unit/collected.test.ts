/**
 * The dashboard's "collected today / this month" (issue 27): live payments by their date, summed
 * per loan, per person and over the book, and kept by the same caches as the other figures.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  collected,
  createDashboardCache,
  createFiguresCache,
  dashboardRow,
  summarizeDashboard,
  withDashboardRow,
  type LedgerLoan,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'

const today = '2026-11-25'
const voided = { voidId: 'v', reason: 'typed twice', at: '2026-11-25T10:00:00.000Z' }
const pay = (id: string, date: string, amount: number, extra: Partial<PaymentFact> = {}) => ({
  id,
  date,
  amount,
  createdAt: `${date}T09:00:00.000Z`,
  ...extra,
})

function loan(id: string, personId: string, payments: PaymentFact[]): LedgerLoan {
  return {
    id,
    personId,
    amount: 1_00_000_00,
    interestRate: 24,
    interestType: 'per_annum',
    startDate: '2026-01-01',
    dueDate: '2027-03-31',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    payments,
  }
}

describe('collected', () => {
  it('counts live payments dated today, and from the 1st of the month to today', () => {
    const payments = [
      pay('a', today, 5_000_00),
      pay('b', today, 2_000_00, { voided }),
      pay('c', '2026-11-01', 1_000_00),
      pay('d', '2026-10-31', 9_000_00), // last month
      pay('e', '2026-11-26', 7_000_00), // tomorrow: not yet collected
      pay('f', '2025-11-25', 3_000_00), // the same day a year ago
    ]
    expect(collected(payments, today)).toEqual({ today: 5_000_00, month: 6_000_00 })
    expect(collected(payments, '2026-11-01')).toEqual({ today: 1_000_00, month: 1_000_00 })
    expect(collected([], today)).toEqual({ today: 0, month: 0 })
  })

  it('counts an overpaid payment whole: it is cash received', () => {
    const small = { ...loan('x', 'p', []), amount: 100_00, startDate: today }
    const over = { ...small, payments: [pay('o', today, 500_00)] }
    const row = dashboardRow({ id: 'p', name: 'P' }, [over], today)
    expect(row).toMatchObject({ collectedToday: 500_00, collectedThisMonth: 500_00 })
  })

  it('sums per person and over the book; one row replaced gives what a full count gives', () => {
    const people = [
      { id: 'ravi', name: 'Ravi' },
      { id: 'sita', name: 'Sita' },
    ]
    const loans = [
      loan('r1', 'ravi', [pay('a', today, 5_000_00), pay('b', '2026-11-03', 1_500_00)]),
      loan('r2', 'ravi', [pay('c', today, 2_000_00, { voided })]),
      loan('s1', 'sita', [pay('d', '2026-11-20', 3_000_00)]),
    ]
    const before = summarizeDashboard(people, loans, today)
    expect(before).toMatchObject({ collectedToday: 5_000_00, collectedThisMonth: 9_500_00 })
    expect(before.rows.find((r) => r.personId === 'ravi')).toMatchObject({
      collectedToday: 5_000_00,
      collectedThisMonth: 6_500_00,
    })
    const sitaAfter = [loan('s1', 'sita', [pay('d', '2026-11-20', 3_000_00), pay('e', today, 100)])]
    const after = withDashboardRow(before, dashboardRow(people[1]!, sitaAfter, today))
    expect(after).toEqual(summarizeDashboard(people, [...loans.slice(0, 2), ...sitaAfter], today))
    expect(after).toMatchObject({ collectedToday: 5_001_00, collectedThisMonth: 9_501_00 })
  })

  it('is kept by the caches: a render with nothing changed counts nothing again', () => {
    const figuresOf = createFiguresCache()
    const dashboard = createDashboardCache(figuresOf)
    const people = [{ id: 'ravi', name: 'Ravi' }]
    const loans = [loan('r1', 'ravi', [pay('a', today, 5_000_00)])]
    const first = dashboard(people, () => loans, today)
    const again = dashboard(people, () => loans, today)
    expect(again.rows[0]).toBe(first.rows[0])
    expect(figuresOf(loans[0]!, today)).toBe(figuresOf(loans[0]!, today))
    expect(again.collectedToday).toBe(5_000_00)
    // The next day the same payment is this month's but no longer today's.
    const tomorrow = dashboard(people, () => loans, addDays(today, 1))
    expect(tomorrow).toMatchObject({ collectedToday: 0, collectedThisMonth: 5_000_00 })
  })

  it('made in steps, is the same dashboard, and a later call reuses its rows', () => {
    const people = Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}` }))
    const loansOf = new Map(
      people.map((person, i) => [
        person.id,
        [loan(`l${i}`, person.id, [pay(`d${i}`, addDays(today, -(i % 40)), (i + 1) * 100_00)])],
      ]),
    )
    const of = (personId: string) => loansOf.get(personId) ?? []
    const dashboard = createDashboardCache(createFiguresCache())
    const steps = dashboard.steps(people, of, today)
    let stops = 0
    let step = steps.next()
    while (!step.done) {
      stops++
      step = steps.next()
    }
    expect(stops).toBeGreaterThan(1)
    expect(step.value).toEqual(summarizeDashboard(people, [...loansOf.values()].flat(), today))
    expect(dashboard(people, of, today).rows[0]).toBe(step.value.rows[0])
  })

  it('for any payments: today ≤ this month, and each is the sum of the live payments it names', () => {
    const arb = fc.array(
      fc.record({
        offset: fc.integer({ min: -70, max: 10 }),
        amount: fc.integer({ min: 1, max: 1_000_000_00 }),
        voided: fc.boolean(),
      }),
      { maxLength: 30 },
    )
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 400 }), (raw, shift) => {
        const day = addDays('2026-01-01', shift)
        const payments = raw.map((p, i) =>
          pay(`p${i}`, addDays(day, p.offset), p.amount, p.voided ? { voided } : {}),
        )
        const got = collected(payments, day)
        const live = payments.filter((p) => !p.voided)
        const sum = (ps: typeof live) => ps.reduce((s, p) => s + p.amount, 0)
        expect(got.today).toBe(sum(live.filter((p) => p.date === day)))
        expect(got.month).toBe(
          sum(live.filter((p) => p.date <= day && p.date.slice(0, 7) === day.slice(0, 7))),
        )
        expect(got.today).toBeLessThanOrEqual(got.month)
      }),
    )
  })
})
