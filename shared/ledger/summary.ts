/**
 * Person and dashboard tiles: sums of loan figures (engine notes, rules 8 and 9).
 */
import { compareAttention, personAttention, type Attention } from './attention.ts'
import { loanFigures, type FiguresOf, type LedgerLoan } from './figures.ts'
import { NO_RECKONING, sumReckonings } from './reckoning.ts'
import type { IsoDate, Paise, Reckoning } from './types.ts'
import { runSteps, STEP_ENTRIES, type Steps } from '../steps.ts'
import { onFirstUse } from '../intl.ts'

/** One person's tiles: their loans summed as of one day. */
export interface PersonSummary {
  /** Outstanding loans: those with something due today, whatever their stored label (rule 8). */
  activeLoans: number
  /** Every loan of the person. */
  loanCount: number
  principalRemaining: Paise
  currentInterest: Paise
  totalDue: Paise
  totalPaid: Paise
  /** Summed over every loan passed in, settled ones included: the person's arithmetic that closes. */
  reckoning: Reckoning
  /** Of `activeLoans`: those stored `defaulted` ("of which defaulted"; still counted in every sum). */
  defaultedLoans: number
  /** Of `totalDue`: what the defaulted loans owe today. */
  defaultedDue: Paise
  /** Cash received today on these loans (live payments dated today). */
  collectedToday: Paise
  /** Cash received this calendar month up to today on these loans. */
  collectedThisMonth: Paise
}

/** The fields of a person the dashboard shows. */
export interface DashboardPerson {
  id: string
  name: string
  phone?: string
  /** Their village or city (the id; the screen looks up the name). */
  cityId?: string
}

/** One dashboard row: a person, their tiles, and how soon their money falls due. */
export interface DashboardRow extends PersonSummary {
  personId: string
  name: string
  phone?: string
  cityId?: string
  /** As of the row's day: overdue, due soon, later, or nothing due (see `personAttention`). */
  attention: Attention
}

/** The dashboard: tiles that are sums of the rows, and rows by what needs action first. */
export interface DashboardSummary {
  totalUsers: number
  /** Σ activeLoans of the rows: loans with something due today, whatever their label. */
  activeLoans: number
  /** Σ principalRemaining of the rows. */
  totalPrincipal: Paise
  totalDue: Paise
  /** Σ of the rows' reckonings. */
  reckoning: Reckoning
  /** Σ defaultedLoans of the rows: of `activeLoans`, those stored defaulted. */
  defaultedLoans: number
  /** Σ defaultedDue of the rows: of `totalDue`, what defaulted loans owe. */
  defaultedDue: Paise
  /** Σ collectedToday of the rows: cash received today ("Collected today"). */
  collectedToday: Paise
  /** Σ collectedThisMonth of the rows: cash received this month so far. */
  collectedThisMonth: Paise
  rows: DashboardRow[]
}

/**
 * A person's tiles as of `today`. The money columns (principal remaining, current interest, total
 * due) sum the outstanding loans, which are every loan that owes anything today whatever its
 * stored label (rule 8: a loan that owes nothing adds 0 to each), so
 * principalRemaining + currentInterest === totalDue always holds; totalPaid sums every loan,
 * settled or not, because it answers "how much has this person given back". The reckoning also
 * sums every loan, so lent + interest − (paid − overpaid) − waived = due closes for the person.
 * Defaulted loans are counted like any other, and also apart in `defaultedLoans`/`defaultedDue`.
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
    reckoning: NO_RECKONING,
    defaultedLoans: 0,
    defaultedDue: 0,
    collectedToday: 0,
    collectedThisMonth: 0,
  }
  const reckonings: Reckoning[] = []
  for (const loan of loans) {
    const f = figuresOf(loan, today)
    summary.totalPaid += f.totalPaid
    summary.collectedToday += f.collected.today
    summary.collectedThisMonth += f.collected.month
    reckonings.push(f.reckoning)
    if (!f.outstanding) continue
    summary.activeLoans += 1
    summary.principalRemaining += f.principalRemaining
    summary.currentInterest += f.currentInterest
    summary.totalDue += f.totalDue
    if (f.defaulted) {
      summary.defaultedLoans += 1
      summary.defaultedDue += f.totalDue
    }
  }
  summary.reckoning = sumReckonings(reckonings)
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
    attention: personAttention(loans, today, figuresOf),
  }
  if (person.phone !== undefined) row.phone = person.phone
  if (person.cityId !== undefined) row.cityId = person.cityId
  return row
}

const collator = onFirstUse(() => new Intl.Collator('en-IN'))

/**
 * Dashboard order: what needs action first (`compareAttention`: overdue, then due within 7 days,
 * soonest first, then by total due, largest first), then name, then id (so the order is total).
 * Issue 13 replaced the spec's plain "total due descending", which still holds among people with
 * no loan overdue or due soon.
 */
export function compareRows(a: DashboardRow, b: DashboardRow): number {
  const byAttention = compareAttention(a, b)
  if (byAttention !== 0) return byAttention
  const byName = collator().compare(a.name, b.name)
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
  return dashboardFromRows(rows)
}

/**
 * The dashboard from one row per person (in any order): the rows sorted by `compareRows` and
 * tiles that are their sums. With rows cached per person, this is what a change costs.
 */
export function dashboardFromRows(rows: DashboardRow[]): DashboardSummary {
  rows.sort(compareRows)
  const summary: DashboardSummary = {
    totalUsers: rows.length,
    activeLoans: 0,
    totalPrincipal: 0,
    totalDue: 0,
    reckoning: sumReckonings(rows.map((row) => row.reckoning)),
    defaultedLoans: 0,
    defaultedDue: 0,
    collectedToday: 0,
    collectedThisMonth: 0,
    rows,
  }
  for (const row of rows) {
    summary.activeLoans += row.activeLoans
    summary.totalPrincipal += row.principalRemaining
    summary.totalDue += row.totalDue
    summary.defaultedLoans += row.defaultedLoans
    summary.defaultedDue += row.defaultedDue
    summary.collectedToday += row.collectedToday
    summary.collectedThisMonth += row.collectedThisMonth
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
    reckoning: sumReckonings([
      prev.reckoning,
      negated(old?.reckoning ?? NO_RECKONING),
      row.reckoning,
    ]),
    defaultedLoans: prev.defaultedLoans - (old?.defaultedLoans ?? 0) + row.defaultedLoans,
    defaultedDue: prev.defaultedDue - (old?.defaultedDue ?? 0) + row.defaultedDue,
    collectedToday: prev.collectedToday - (old?.collectedToday ?? 0) + row.collectedToday,
    collectedThisMonth:
      prev.collectedThisMonth - (old?.collectedThisMonth ?? 0) + row.collectedThisMonth,
    rows,
  }
}

/**
 * A dashboard that remembers each person's row (see `createDashboardCache`); `steps` makes the
 * same, a few people per step (a book opening in slices warms the rows that way).
 */
export interface CachedDashboard {
  (...book: DashboardBook): DashboardSummary
  steps(...book: DashboardBook): Steps<DashboardSummary>
}

/** What a dashboard is made of: the people, each one's loans, and the day. */
type DashboardBook = [
  people: readonly DashboardPerson[],
  loansOf: (personId: string) => readonly LedgerLoan[],
  today: IsoDate,
]

/** Rows kept from the last dashboard that are taken between two chances to stop. */
const PEOPLE_PER_STEP = STEP_ENTRIES / 4

/**
 * `summarizeDashboard` for a book that changes a little at a time. A person's row is reused
 * while the person object, the array of their loans (`loansOf`) and the day are the same; the
 * app's projection hands out the same objects for what did not change, so a deposit rebuilds one
 * row, and the rest is a sort and a sum over the rows.
 */
export function createDashboardCache(figuresOf: FiguresOf = loanFigures): CachedDashboard {
  let cache = new Map<
    string,
    { person: object; loans: object; today: IsoDate; row: DashboardRow }
  >()
  const steps: CachedDashboard['steps'] = function* (people, loansOf, today) {
    const next = new Map<
      string,
      { person: object; loans: object; today: IsoDate; row: DashboardRow }
    >()
    const rows: DashboardRow[] = []
    let kept = 0
    for (const person of people) {
      const loans = loansOf(person.id)
      const hit = cache.get(person.id)
      const fresh = !(hit && hit.person === person && hit.loans === loans && hit.today === today)
      const entry = fresh
        ? { person, loans, today, row: dashboardRow(person, loans, today, figuresOf) }
        : hit
      next.set(person.id, entry)
      rows.push(entry.row)
      // A row worked out replays the person's loans: a chance to stop after each.
      if (fresh || ++kept % PEOPLE_PER_STEP === 0) yield
    }
    // Only the people passed in this time are kept, so removed people leave nothing behind.
    cache = next
    return dashboardFromRows(rows)
  }
  return Object.assign((...book: DashboardBook) => runSteps(steps(...book)), { steps })
}

function negated(r: Reckoning): Reckoning {
  return {
    lent: -r.lent,
    interest: -r.interest,
    paid: -r.paid,
    overpaid: -r.overpaid,
    waived: -r.waived,
    due: -r.due,
  }
}
