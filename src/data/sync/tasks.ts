/**
 * Long work in short tasks: a big book is read and made ready a slice at a time, and between
 * slices the page draws and answers taps.
 */
import type { Steps } from '../../../shared/steps.ts'

/** How long a slice runs before it gives the page a turn (a phone-class CPU is about 4× slower). */
export const TASK_BUDGET_MS = 30

/**
 * Gives the page a turn, then resolves: a task of its own, queued behind whatever else waits
 * (input, a frame, the network's callbacks), with no timer's clamp. Not `scheduler.yield`: its
 * continuation goes ahead of every other waiting task, so a book's opening would still starve
 * the rest of the page (only input and frames got through).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
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
