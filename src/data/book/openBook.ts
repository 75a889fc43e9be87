/**
 * A lender's book made ready to show, a slice at a time, once it is read from disk: the whole
 * read of the projection, then the dashboard's rows (each person's open loans replayed). Done at
 * once on the first screen that asked, this is seconds of a phone's CPU for a big book in one
 * task.
 */
import type * as Y from 'yjs'
import { nextTask, runInTasks } from '../sync/tasks.ts'
import { readToday } from './clock.ts'
import { activeOf, dashboardOf, projectionOf } from './views.ts'

export async function openBook(doc: Y.Doc): Promise<void> {
  const projection = projectionOf(doc)
  await runInTasks(projection.readSteps())
  const today = readToday()
  const { people } = activeOf(projection.snapshot())
  await runInTasks(dashboardOf(doc).steps(people, projection.activeLoansOf, today))
  // The screens draw the open book in a task of their own, not in the one that made it ready.
  await nextTask()
}
