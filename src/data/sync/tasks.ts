/**
 * Long work in short tasks: a big book is read and made ready a slice at a time, and between
 * slices the page draws and answers taps.
 */
import type { Steps } from '../../../shared/steps.ts'

/** How long a slice runs before it gives the page a turn (a phone-class CPU is about 4× slower). */
export const TASK_BUDGET_MS = 30

/** Gives the page a turn (input, a frame, other tasks), then resolves. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Runs `steps` to the end, a slice of about `TASK_BUDGET_MS` per task; resolves with the result. */
export async function runInTasks<T>(steps: Steps<T>): Promise<T> {
  let start = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - start > TASK_BUDGET_MS) {
      await nextTask()
      start = performance.now()
    }
  }
}
