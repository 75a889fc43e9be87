/**
 * Work that can stop between steps: a generator that yields now and then and returns its
 * result. Run whole (`runSteps`), it is a plain call; the app runs a big book's first read a few
 * steps per task instead, so the page is never held for long (see `src/data/book/openBook.ts`).
 */
export type Steps<T> = Generator<void, T, void>

/** How many entries a loop reads between two chances to stop. */
export const STEP_ENTRIES = 256

/** Runs `steps` to the end, at once. */
export function runSteps<T>(steps: Steps<T>): T {
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/**
 * `items` sorted by `compare`, a few thousand comparisons per step: runs of `STEP_ENTRIES` sorted
 * by `Array.prototype.sort`, then merged pairwise. Stable, as `sort` is, so it returns what
 * `[...items].sort(compare)` would. Sorting a big book's 10,000 loans in one go was one task of
 * 200 ms on a phone-class CPU.
 */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  let from = [...items]
  const n = from.length
  for (let start = 0; start < n; start += STEP_ENTRIES) {
    const run = from.slice(start, start + STEP_ENTRIES).sort(compare)
    for (let i = 0; i < run.length; i++) from[start + i] = run[i] as T
    yield
  }
  let into = new Array<T>(n)
  let sinceYield = 0
  for (let width = STEP_ENTRIES; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n)
      const high = Math.min(low + 2 * width, n)
      let left = low
      let right = middle
      for (let out = low; out < high; out++) {
        // Ties go to the left run: the earlier item stays first.
        if (right >= high || (left < middle && compare(from[left] as T, from[right] as T) <= 0)) {
          into[out] = from[left++] as T
        } else {
          into[out] = from[right++] as T
        }
        if (++sinceYield === STEP_ENTRIES * 8) {
          sinceYield = 0
          yield
        }
      }
    }
    ;[from, into] = [into, from]
  }
  return from
}
