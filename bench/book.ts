/**
 * The app's own data path on a big book (issue "A big book stays fast"): a lender with 1,000
 * people, 10,000 loans and 100,000 payments, built with the app's own mutations (each naming
 * the device that made it, as the app's do), then measured
 * the way the screens use it. Unlike `engine.ts`, which starts from ready arrays, this starts from
 * the Y.Doc: decode the stored state, read the snapshot, compute the dashboard.
 */
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import {
  createDashboardCache,
  createFiguresCache,
  summarizeDashboard,
} from '../shared/ledger/engine.ts'
import { readLender } from '../shared/schema/lender.ts'
import { recordDeposit } from '../shared/deposit/writer.ts'
import { projectLender } from '../shared/schema/projection.ts'
import { buildBook, LENDER_DEVICE } from '../tests/fixtures/book.ts'
import type { LenderSnapshot } from '../shared/schema/types.ts'

const PEOPLE = 1_000
const LOANS = 10_000
const PAYMENTS = 100_000
const TODAY = '2026-11-21'
const NOW = '2026-11-21T10:00:00.000Z'
const SIZE = { people: PEOPLE, loans: LOANS, payments: PAYMENTS }

/** The dashboard as the screen computes it from a snapshot. */
function dashboardOf(snapshot: LenderSnapshot) {
  const people = snapshot.people.filter((person) => !person.archived)
  const loans = snapshot.loans.filter((loan) => !loan.archived)
  return summarizeDashboard(people, loans, TODAY)
}

function ms(start: number): string {
  return `${(performance.now() - start).toFixed(1)} ms`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** Prints the app-path figures of the big book. */
export async function benchBook(): Promise<void> {
  console.log(
    `\n## App data path: ${PEOPLE.toLocaleString('en-IN')} people, ` +
      `${LOANS.toLocaleString('en-IN')} loans, ${PAYMENTS.toLocaleString('en-IN')} payments`,
  )
  let start = performance.now()
  const { doc, loanIds } = buildBook(SIZE, { by: LENDER_DEVICE })
  console.log(`built with the app's mutations in ${ms(start)}`)

  const state = Y.encodeStateAsUpdate(doc)
  const mib = state.byteLength / 1024 / 1024
  console.log(`Y state: ${mib.toFixed(1)} MiB (goal ≤ 8 MiB)`)

  start = performance.now()
  const loaded = new Y.Doc()
  Y.applyUpdate(loaded, state)
  const decoded = performance.now() - start
  start = performance.now()
  const first = dashboardOf(readLender(loaded))
  const figures = performance.now() - start
  console.log(
    `doc → first dashboard figures: ${(decoded + figures).toFixed(0)} ms ` +
      `(decode ${decoded.toFixed(0)} ms, read + dashboard ${figures.toFixed(0)} ms; ` +
      `${first.rows.length} rows)`,
  )

  // One deposit, then what the screens do: the full read the app used to do on every change,
  // and the projection it uses now (re-reads the touched entries, replays the touched loan).
  const fullRead: number[] = []
  for (let i = 0; i < 5; i++) {
    start = performance.now()
    recordDeposit(
      loaded,
      { date: TODAY, allocations: [{ loanId: loanIds[i * 7] as string, amount: 10_000 }] },
      { now: NOW, by: LENDER_DEVICE },
    )
    dashboardOf(readLender(loaded))
    fullRead.push(performance.now() - start)
  }
  console.log(
    `one deposit → dashboard figures, full re-read (before): median ${median(fullRead).toFixed(1)} ms`,
  )

  // What `useDashboard` does: the projection's snapshot, rows cached per person.
  const projection = projectLender(loaded)
  const dashboard = createDashboardCache(createFiguresCache())
  const appDashboard = () => {
    const people = projection.snapshot().people.filter((person) => !person.archived)
    return dashboard(people, projection.activeLoansOf, TODAY)
  }
  start = performance.now()
  appDashboard()
  console.log(`projection: first snapshot + dashboard ${ms(start)}`)
  const incremental: number[] = []
  // 100 deposits: past the point (every 64 unread changes) where the full payment list is patched.
  for (let i = 0; i < 100; i++) {
    start = performance.now()
    recordDeposit(
      loaded,
      { date: TODAY, allocations: [{ loanId: loanIds[i * 13] as string, amount: 10_000 }] },
      { now: NOW, by: LENDER_DEVICE },
    )
    appDashboard()
    incremental.push(performance.now() - start)
  }
  console.log(
    `one deposit → dashboard figures updated (Node, app path): median ` +
      `${median(incremental).toFixed(2)} ms of ${incremental.length}, ` +
      `mean ${(incremental.reduce((a, b) => a + b, 0) / incremental.length).toFixed(2)} ms, ` +
      `slowest ${Math.max(...incremental).toFixed(2)} ms (goal ≤ 5 ms)`,
  )
  projection.destroy()
  doc.destroy()
  loaded.destroy()
}
