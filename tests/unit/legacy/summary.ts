// Frozen copy of shared/ledger/summary.ts before issue 11 (commit 3c05d9e): the oracle of the
// no-voids-no-waivers property in ledger.compat.properties.test.ts. Do not edit.
/**
 * Person and dashboard tiles: sums of loan figures (engine notes, rules 8 and 9).
 */
import { loanFigures, type FiguresOf, type LedgerLoan } from './figures.ts'
import type { IsoDate, Paise } from './types.ts'

/** One person's tiles: their loans summed as of one day. */
export interface PersonSummary {
  /** Outstanding loans: stored active and not settled. */
  activeLoans: number
  /** Every loan of the person. */
  loanCount: number
  principalRemaining: Paise
  currentInterest: Paise
  totalDue: Paise
  totalPaid: Paise
}

/** The fields of a person the dashboard shows. */
export interface DashboardPerson {
  id: string
  name: string
  phone?: string
}

/** One dashboard row: a person and their tiles. */
export interface DashboardRow extends PersonSummary {
  personId: string
  name: string
  phone?: string
}

/** The dashboard: tiles that are sums of the rows, and rows by total due, largest first. */
export interface DashboardSummary {
  totalUsers: number
  activeLoans: number
  /** Σ principalRemaining of the rows. */
  totalPrincipal: Paise
  totalDue: Paise
  rows: DashboardRow[]
}

/**
 * A person's tiles as of `today`. The money columns (principal remaining, current interest, total
 * due) sum only outstanding loans, the way the dashboard counts "active loans", so
 * principalRemaining + currentInterest === totalDue always holds; totalPaid sums every loan,
 * settled or not, because it answers "how much has this person given back".
 */
export function summarizePerson(
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): PersonSummary {
  const summary: PersonSummary = {
    activeLoans: 0,
    loanCount: loans.length,
    principalRemaining: 0,
    currentInterest: 0,
    totalDue: 0,
    totalPaid: 0,
  }
  for (const loan of loans) {
    const f = figuresOf(loan, today)
    summary.totalPaid += f.totalPaid
    if (!f.outstanding) continue
    summary.activeLoans += 1
    summary.principalRemaining += f.principalRemaining
    summary.currentInterest += f.currentInterest
    summary.totalDue += f.totalDue
  }
  return summary
}

/** One person's dashboard row. */
export function dashboardRow(
  person: DashboardPerson,
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): DashboardRow {
  const row: DashboardRow = {
    personId: person.id,
    name: person.name,
    ...summarizePerson(loans, today, figuresOf),
  }
  if (person.phone !== undefined) row.phone = person.phone
  return row
}

const collator = new Intl.Collator('en-IN')

/** Dashboard order: total due descending, then name, then id (so the order is total). */
export function compareRows(a: DashboardRow, b: DashboardRow): number {
  if (a.totalDue !== b.totalDue) return b.totalDue - a.totalDue
  const byName = collator.compare(a.name, b.name)
  if (byName !== 0) return byName
  return a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0
}

/**
 * The dashboard as of `today`: one row per person passed in (loans of anyone else are ignored),
 * sorted by `compareRows`, and tiles that are sums of the rows. Pass a cached `figuresOf`
 * (`createFiguresCache`) so a re-render replays only the loans that changed.
 */
export function summarizeDashboard(
  people: readonly DashboardPerson[],
  loans: readonly LedgerLoan[],
  today: IsoDate,
  figuresOf: FiguresOf = loanFigures,
): DashboardSummary {
  const loansByPerson = new Map<string, LedgerLoan[]>()
  for (const person of people) loansByPerson.set(person.id, [])
  for (const loan of loans) loansByPerson.get(loan.personId)?.push(loan)
  const rows = people.map((person) =>
    dashboardRow(person, loansByPerson.get(person.id) ?? [], today, figuresOf),
  )
  rows.sort(compareRows)
  const summary: DashboardSummary = {
    totalUsers: people.length,
    activeLoans: 0,
    totalPrincipal: 0,
    totalDue: 0,
    rows,
  }
  for (const row of rows) {
    summary.activeLoans += row.activeLoans
    summary.totalPrincipal += row.principalRemaining
    summary.totalDue += row.totalDue
  }
  return summary
}

/**
 * The dashboard with one person's row replaced (or added): the incremental path after a deposit
 * or a loan edit. The tiles move by the row's difference and the row is re-inserted in order, so
 * the cost is one person's loans plus a copy of the rows, not the whole book.
 */
export function withDashboardRow(prev: DashboardSummary, row: DashboardRow): DashboardSummary {
  const old = prev.rows.find((r) => r.personId === row.personId)
  const rows = prev.rows.filter((r) => r !== old)
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (compareRows(rows[mid] as DashboardRow, row) <= 0) lo = mid + 1
    else hi = mid
  }
  rows.splice(lo, 0, row)
  return {
    totalUsers: prev.totalUsers + (old ? 0 : 1),
    activeLoans: prev.activeLoans - (old?.activeLoans ?? 0) + row.activeLoans,
    totalPrincipal: prev.totalPrincipal - (old?.principalRemaining ?? 0) + row.principalRemaining,
    totalDue: prev.totalDue - (old?.totalDue ?? 0) + row.totalDue,
    rows,
  }
}
