/**
 * Engine benchmark: how long the dashboard takes for a large book, cold and cached, and how long
 * one deposit takes to show up when the app recomputes incrementally.
 *
 * The incremental path is the one the app is meant to use: per-loan figures come from
 * `createFiguresCache` (reused while a loan's payments array is the same object), so a deposit
 * replays only the loan it touched; that person's row is rebuilt and `withDashboardRow` moves the
 * tiles by the row's difference and re-inserts it in order.
 */
import { addDays } from '../shared/dates.ts'
import {
  createFiguresCache,
  dashboardRow,
  payoffQuote,
  previewDeposit,
  settlingAmount,
  summarizeDashboard,
  withDashboardRow,
  type DashboardPerson,
  type LedgerLoan,
  type PaymentFact,
} from '../shared/ledger/engine.ts'
import { prng } from '../tests/fixtures/book.ts'

const PEOPLE = 2_000
const LOANS = 10_000
const PAYMENTS = 100_000
const TODAY = '2026-11-21'

/** A deterministic book: people, their loans, and payments spread over each loan's life. */
function generateBook(): { people: DashboardPerson[]; loans: LedgerLoan[] } {
  const random = prng(20_251_121)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `person-${i}`,
    name: `Person ${int(1, 500)}`,
    phone: `98${String(i).padStart(8, '0')}`,
  }))
  const statuses = [
    'active',
    'active',
    'active',
    'active',
    'active',
    'active',
    'overdue',
    'defaulted',
  ] as const
  const loans: LedgerLoan[] = []
  for (let i = 0; i < LOANS; i++) {
    const startDate = addDays('2022-01-01', int(0, 1700))
    loans.push({
      id: `loan-${i}`,
      personId: `person-${int(0, PEOPLE - 1)}`,
      amount: int(10, 5_000) * 100_00,
      interestRate: int(100, 3600) / 100,
      interestType: random() < 0.5 ? 'per_annum' : 'per_month',
      startDate,
      dueDate: addDays(startDate, int(90, 1000)),
      status: statuses[int(0, statuses.length - 1)] ?? 'active',
      createdAt: `2022-01-01T00:00:00.${String(i % 1000).padStart(3, '0')}Z`,
      payments: [],
    })
  }
  // Each payment goes to a random loan; a loan's payments are then dated in order after its start.
  const counts = new Array<number>(LOANS).fill(0)
  for (let i = 0; i < PAYMENTS; i++) counts[int(0, LOANS - 1)]! += 1
  let paymentId = 0
  for (const [i, loan] of loans.entries()) {
    const payments: PaymentFact[] = []
    let date = loan.startDate
    for (let k = 0; k < (counts[i] ?? 0); k++) {
      date = addDays(date, int(1, 60))
      payments.push({
        id: `payment-${paymentId++}`,
        date,
        amount: int(1, 2_000) * 100,
        createdAt: `${date}T12:00:00.000Z`,
      })
    }
    loan.payments = payments
  }
  return { people, loans }
}

/** Median of `runs` timings of `fn`, in milliseconds. */
function medianMs(runs: number, fn: (run: number) => void): number {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const start = performance.now()
    fn(run)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

/** Prints the engine's numbers, one figure per line. */
export async function benchEngine(): Promise<void> {
  const { people, loans } = generateBook()
  const size = `${LOANS.toLocaleString('en-US')} loans, ${PAYMENTS.toLocaleString('en-US')} payments`

  // Warm up the JIT so the medians measure steady state, as in a running app.
  summarizeDashboard(people, loans, TODAY)
  const cold = medianMs(9, () => summarizeDashboard(people, loans, TODAY))
  console.log(`engine: full dashboard, no cache (${size}) median ${cold.toFixed(1)} ms`)

  const figuresOf = createFiguresCache()
  let dashboard = summarizeDashboard(people, loans, TODAY, figuresOf)
  const warm = medianMs(9, () => summarizeDashboard(people, loans, TODAY, figuresOf))
  console.log(`engine: full dashboard, all figures cached (${size}) median ${warm.toFixed(1)} ms`)

  // One deposit per run, each on a different person's loan: replace that loan's payments array
  // (as a snapshot would), then rebuild only that person's row and splice it into the dashboard.
  const loansByPerson = new Map<string, LedgerLoan[]>()
  for (const loan of loans) {
    const list = loansByPerson.get(loan.personId) ?? []
    list.push(loan)
    loansByPerson.set(loan.personId, list)
  }
  const withLoans = people.filter((p) => loansByPerson.has(p.id))
  const deposit = medianMs(21, (run) => {
    const person = withLoans[(run * 97) % withLoans.length] as DashboardPerson
    const personLoans = loansByPerson.get(person.id) ?? []
    const target = personLoans[0] as LedgerLoan
    const payment: PaymentFact = {
      id: `bench-deposit-${run}`,
      date: TODAY,
      amount: 500_00,
      createdAt: `${TODAY}T12:00:00.000Z`,
    }
    const updated = personLoans.map((l) =>
      l === target ? { ...l, payments: [...l.payments, payment] } : l,
    )
    loansByPerson.set(person.id, updated)
    dashboard = withDashboardRow(dashboard, dashboardRow(person, updated, TODAY, figuresOf))
  })
  console.log(
    `engine: one deposit, incremental (1 loan replayed, 1 row re-sorted) median ${deposit.toFixed(3)} ms`,
  )

  // Pay Full and the payoff quote search over paise, replaying the loan each step: time them on
  // the loan with the most payments, dated back to before half of them, and on the person with
  // the most loans.
  const busiest = loans.reduce((a, b) => (b.payments.length > a.payments.length ? b : a))
  const middle = busiest.payments[Math.floor(busiest.payments.length / 2)]?.date ?? TODAY
  const settle = medianMs(21, () => settlingAmount(busiest, middle, TODAY))
  console.log(
    `engine: back-dated Pay Full (settlingAmount, ${busiest.payments.length} payments) median ${settle.toFixed(3)} ms`,
  )
  const preview = medianMs(21, () =>
    previewDeposit(
      [busiest],
      { date: middle, allocations: [{ loanId: busiest.id, amount: 500_00 }] },
      TODAY,
    ),
  )
  console.log(`engine: deposit preview of that loan median ${preview.toFixed(3)} ms`)
  const mostLoans = [...loansByPerson.values()].reduce((a, b) => (b.length > a.length ? b : a))
  const quote = medianMs(21, () => payoffQuote(mostLoans, TODAY, TODAY))
  console.log(
    `engine: payoff quote for a person with ${mostLoans.length} loans median ${quote.toFixed(3)} ms`,
  )

  // The incremental dashboard must equal a from-scratch one on the same data, or it is no use.
  const fresh = summarizeDashboard(people, [...loansByPerson.values()].flat(), TODAY)
  if (
    fresh.totalDue !== dashboard.totalDue ||
    fresh.rows.some((r, i) => r.personId !== dashboard.rows[i]?.personId)
  ) {
    throw new Error('incremental dashboard drifted from the full recomputation')
  }
}
