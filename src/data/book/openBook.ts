/**
 * A lender's book made ready to show, a slice at a time, once it is read from disk: the whole
 * read of the projection, then each open loan's figures, then the dashboard's rows. Done at once
 * on the first screen that asked, this is seconds of a phone's CPU for a big book in one task.
 */
import type * as Y from 'yjs'
import type { FiguresOf } from '../../../shared/ledger/engine.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import type { Steps } from '../../../shared/steps.ts'
import { nextTask, runInTasks } from '../sync/tasks.ts'
import { readToday } from './clock.ts'
import { activeOf, dashboardOf, figuresOfDoc, projectionOf } from './views.ts'

export async function openBook(doc: Y.Doc): Promise<void> {
  const projection = projectionOf(doc)
  await runInTasks(projection.readSteps())
  const today = readToday()
  const { people, loans } = activeOf(projection.snapshot())
  await runInTasks(figuresSteps(loans, today, figuresOfDoc(doc)))
  await runInTasks(dashboardOf(doc).steps(people, projection.activeLoansOf, today))
  // The screens draw the open book in a task of their own, not in the one that made it ready.
  await nextTask()
}

/** Each loan's figures as of `today`, into the doc's cache, a loan per step. */
function* figuresSteps(loans: readonly Loan[], today: IsoDate, figuresOf: FiguresOf): Steps<void> {
  for (const loan of loans) {
    figuresOf(loan, today)
    yield
  }
}
