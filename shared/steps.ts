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
