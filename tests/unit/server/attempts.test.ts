/** The per-account budget of failed sign-ins: a few at once, then one per refill interval. */
import { describe, expect, it } from 'vitest'
import { AttemptBudget } from '../../../server/auth/attempts.ts'

describe('attempt budget', () => {
  it('allows the capacity at once, then one per interval, and says how long to wait', () => {
    let now = 0
    const budget = new AttemptBudget(5, 20_000, 100, () => now)
    expect(Array.from({ length: 6 }, () => budget.take('a'))).toEqual([0, 0, 0, 0, 0, 20_000])
    now += 15_000
    expect(budget.take('a')).toBe(5_000)
    now += 5_000
    expect(budget.take('a')).toBe(0)
    expect(budget.take('a')).toBe(20_000)
    // Another key has its own budget.
    expect(budget.take('b')).toBe(0)
  })

  it('gives back an attempt that did not count, and forgets full budgets', () => {
    let now = 0
    const budget = new AttemptBudget(2, 1_000, 100, () => now)
    expect(budget.take('a')).toBe(0)
    budget.refund('a')
    expect(budget.size).toBe(0)
    expect(budget.take('a')).toBe(0)
    expect(budget.take('a')).toBe(0)
    expect(budget.take('a')).toBeGreaterThan(0)
    now += 2_000
    expect(budget.take('a')).toBe(0)
  })

  it('keeps at most maxKeys, forgetting the oldest', () => {
    const budget = new AttemptBudget(1, 60_000, 3, () => 0)
    for (const key of ['a', 'b', 'c', 'd']) expect(budget.take(key)).toBe(0)
    expect(budget.size).toBe(3)
    expect(budget.take('a')).toBe(0) // forgotten: a full budget again
    expect(budget.take('d')).toBe(60_000)
  })
})
