/**
 * `sortSteps` returns what `Array.prototype.sort` would, whatever the list's length and its
 * ties, and stops between steps on a long list (a big book's loans are sorted that way).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runSteps, sortSteps, STEP_ENTRIES } from '../../shared/steps.ts'

interface Entry {
  key: number
  at: number
}

const byKey = (a: Entry, b: Entry) => a.key - b.key

describe('sortSteps', () => {
  it('sorts as Array.prototype.sort does, ties kept in their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: STEP_ENTRIES * 9 }),
        (keys) => {
          const entries = keys.map((key, at) => ({ key, at }))
          expect(runSteps(sortSteps(entries, byKey))).toEqual([...entries].sort(byKey))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('leaves the list it was given as it was', () => {
    const entries = [3, 1, 2].map((key, at) => ({ key, at }))
    runSteps(sortSteps(entries, byKey))
    expect(entries.map((entry) => entry.key)).toEqual([3, 1, 2])
  })

  it('stops between steps, each of a bounded number of comparisons', () => {
    const entries = Array.from({ length: 20_000 }, (_, at) => ({ key: (at * 7919) % 10_007, at }))
    let compared = 0
    let most = 0
    let steps = 0
    const counting = (a: Entry, b: Entry) => {
      compared++
      return byKey(a, b)
    }
    const sorting = sortSteps(entries, counting)
    let step = sorting.next()
    while (!step.done) {
      steps++
      most = Math.max(most, compared)
      compared = 0
      step = sorting.next()
    }
    expect(step.value).toEqual([...entries].sort(byKey))
    expect(steps).toBeGreaterThan(20)
    // A run of STEP_ENTRIES sorted by `sort` (n log n), or STEP_ENTRIES × 8 merged.
    expect(most).toBeLessThanOrEqual(STEP_ENTRIES * 8)
  })
})
