/**
 * The app's statement builder (src/features/statement/statement.ts) over the engine's statement of
 * a period (issue 27, harms 3 and 9): rows, words, copies and the sum that joins opening and
 * closing. The engine has its own property tests; these check what the screen and the PDF draw.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  loanFigures,
  loanPosition,
  replayLoan,
  type LedgerLoan,
} from '../../shared/ledger/engine.ts'
import { formatINR } from '../../shared/money.ts'
import type { Loan } from '../../shared/schema/types.ts'
import {
  buildStatement,
  periodOf,
  periodProblem,
  periodText,
  sumText,
  type Period,
  type Statement,
  type StatementCopy,
  type StatementRow,
  type SumTerm,
} from '../../src/features/statement/statement.ts'
import { textRuns } from '../../src/features/statement/textRuns.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'
import { anyLoan } from './ledgerArbs.ts'
import { exampleLoan, goodwillWaiver } from './bookFacts.ts'

await loadAppCatalogues()

// The engine notes' worked example: ₹10,000 at 2 % a month from 2025-01-01.
const base: Loan = exampleLoan({ id: 'loan-000001', description: 'Seeds' })
const payment = (id: string, date: string, amount: number, description?: string) => ({
  id,
  date,
  amount,
  createdAt: `${date}T10:00:00.000Z`,
  ...(description !== undefined && { description }),
})
const voided = { voidId: 'v1', reason: 'Typed 5,000 for 500', at: '2025-03-03T09:00:00.000Z' }
const loan: Loan = {
  ...base,
  payments: [
    payment('pay-1', '2025-01-31', 10_000),
    { ...payment('pay-2', '2025-03-02', 500_000), voided },
    payment('pay-3', '2025-04-15', 200_000, 'Cash'),
  ],
  waivers: [goodwillWaiver()],
}
const other: Loan = { ...base, id: 'loan-000002', amount: 300_000, startDate: '2025-02-01' }
const today = '2025-05-01'

function statementFor(
  period: Period,
  { loans = [loan, other], copy = 'lender' as StatementCopy, language = 'en' } = {},
) {
  return buildStatement({
    loans,
    figuresOf: (l: LedgerLoan) => loanFigures(l, today),
    period,
    today,
    copy,
    t: i18n.getFixedT(language),
  })
}

/** What a row does to what is due: added − (paid − overpaid) − waived; voided rows nothing. */
function movement(row: StatementRow): number {
  if (row.voided || row.kind === 'opening' || row.kind === 'closing') return 0
  return (row.added ?? 0) - ((row.paid ?? 0) - (row.overpaid ?? 0)) - (row.waived ?? 0)
}

/** The value a sum's terms give: each term signed, up to the `=`. */
function evaluate(terms: readonly SumTerm[]): { left: number; right: number } {
  let left = 0
  for (const term of terms) {
    if (term.sign === '=') return { left, right: term.paise }
    left += term.sign === '−' ? -term.paise : term.paise
  }
  throw new Error('a sum without =')
}

/** Opening + every row's movement = closing, row by row, for each loan and for the person. */
function expectCloses(statement: Statement) {
  let personOpening = 0
  let personClosing = 0
  for (const s of statement.loans) {
    let due = s.opening.due
    for (const row of s.rows) {
      due += movement(row)
      if (!row.voided) expect(row.due).toBe(due)
    }
    expect(due).toBe(s.closing.due)
    const { left, right } = evaluate(s.sum)
    expect(left).toBe(right)
    expect(right).toBe(s.closing.due)
    // The columns' sums are the totals, and the split adds up to what was paid.
    const live = s.rows.filter((row) => !row.voided)
    const column = (pick: (row: StatementRow) => number | undefined) =>
      live.reduce((sum, row) => sum + (pick(row) ?? 0), 0)
    expect(column((row) => row.paid)).toBe(s.totals.paid)
    expect(column((row) => row.interestPaid)).toBe(s.totals.interestPaid)
    expect(column((row) => row.principalPaid)).toBe(s.totals.principalPaid)
    expect(s.totals.interestPaid + s.totals.principalPaid + s.totals.overpaid).toBe(s.totals.paid)
    personOpening += s.opening.due
    personClosing += s.closing.due
  }
  expect(statement.opening.due).toBe(personOpening)
  expect(statement.closing.due).toBe(personClosing)
  const { left, right } = evaluate(statement.sum)
  expect(left).toBe(right)
  expect(right).toBe(statement.closing.due)
}

describe('a statement', () => {
  it('lists every movement with the truthful split; the lender’s copy keeps the voided one, struck', () => {
    const statement = statementFor({})
    const [seeds] = statement.loans
    expect(seeds?.rows.map((r) => [r.kind, r.id ?? '', r.voided])).toEqual([
      ['lent', '', false],
      ['interest', '', false],
      ['payment', 'pay-1', false],
      ['payment', 'pay-2', true],
      ['interest', '', false],
      ['waiver', 'w-1', false],
      ['interest', '', false],
      ['payment', 'pay-3', false],
      ['interest', '', false],
      ['closing', '', false],
    ])
    const ledger = loanFigures(loan, today).ledger
    const entry = (id: string) => ledger.entries.find((e) => e.paymentId === id)
    const row = (id: string) => seeds?.rows.find((r) => r.id === id)
    expect(row('pay-1')).toMatchObject({
      paid: 10_000,
      interestPaid: entry('pay-1')?.interestPart,
      principalPaid: entry('pay-1')?.principalPart,
      details: 'Payment',
    })
    // A voided payment has no split and says why it was voided; a waiver shows what it forgave.
    expect(row('pay-2')).toMatchObject({
      paid: 500_000,
      details: `Voided: ${voided.reason} · Payment`,
    })
    expect(row('pay-2')?.interestPaid).toBeUndefined()
    expect(row('w-1')).toMatchObject({ waived: entry('w-1')?.waived, details: 'Waiver · Goodwill' })
    expect(row('pay-3')).toMatchObject({ details: 'Payment · Cash' })
    expect(seeds?.rows[1]?.details).toBe('Interest for 30 days')
    expectCloses(statement)
  })

  it('all time: closing is each loan’s Due today, and the Interest column is Interest so far once paid off', () => {
    const statement = statementFor({})
    for (const l of [loan, other]) {
      const figures = loanFigures(l, today)
      const s = statement.loans.find((x) => x.id === l.id)
      expect(s?.closing.due).toBe(figures.totalDue)
      expect(s?.totals.interestCharged).toBe(figures.reckoning.interest)
      expect(s?.totals.paid).toBe(figures.reckoning.paid)
    }
    expect(statement.dueToday).toBe(
      loanFigures(loan, today).totalDue + loanFigures(other, today).totalDue,
    )
    expect(statement.periodText).toBe('All time')
    expect(statement.loans[0]).toMatchObject({ label: 'Loan #000001', rate: '2% per month' })
  })

  it('a paid-off loan whose first payment left interest unpaid: principal sums to what was lent', () => {
    // ₹50,000 at 24 % a year; ₹1,000 after 180 days leaves interest unpaid; then paid off.
    const lent = 5_000_000
    const first = payment('a', '2025-06-30', 100_000)
    const paidOff: Loan = { ...base, amount: lent, interestRate: 24, interestType: 'per_annum' }
    const due = loanFigures({ ...paidOff, payments: [first] }, '2025-12-31').totalDue
    const closed: Loan = { ...paidOff, payments: [first, payment('b', '2025-12-31', due)] }
    const s = buildStatement({
      loans: [closed],
      figuresOf: (l: LedgerLoan) => loanFigures(l, '2025-12-31'),
      period: {},
      today: '2025-12-31',
    }).loans[0]
    const rows = s?.rows.filter((r) => r.kind === 'payment') ?? []
    const principal = rows.reduce((sum, r) => sum + (r.principalPaid ?? 0), 0)
    const interest = rows.reduce((sum, r) => sum + (r.interestPaid ?? 0), 0)
    const figures = loanFigures(closed, '2025-12-31')
    expect(principal).toBe(lent)
    expect(interest).toBe(figures.reckoning.interest)
    expect(s?.closing.due).toBe(0)
    // The old app's labels on the same payments: principal above what was lent.
    const old = replayLoan(closed, closed.payments).entries
    expect(old.reduce((sum, e) => sum + e.principalPaid, 0)).toBeGreaterThan(lent)
  })

  it('a period: opening on the first day, only its movements, Paid of the period, closing on the last', () => {
    const period = { from: '2025-03-01', to: '2025-04-10' }
    const statement = statementFor(period)
    const [seeds] = statement.loans
    expect(seeds?.rows[0]).toMatchObject({ kind: 'opening', date: '2025-03-01' })
    expect(seeds?.rows.at(-1)).toMatchObject({ kind: 'closing', date: '2025-04-10' })
    expect(seeds?.rows.filter((r) => r.id).map((r) => r.id)).toEqual(['pay-2', 'w-1'])
    // pay-1 (January) and pay-3 (15 April) are outside: nothing was paid in the period.
    expect(seeds?.totals.paid).toBe(0)
    const figures = (day: string) => loanFigures(loan, day).position
    expect(seeds?.opening.due).toBe(figures('2025-02-28').due)
    expect(seeds?.closing.due).toBe(figures('2025-04-10').due)
    expect(statement.periodText).toBe('01/03/2025 to 10/04/2025')
    expect(sumText(seeds?.sum ?? [], i18n.getFixedT('en'), formatINR)).toBe(
      `Opening ${formatINR(seeds?.opening.due ?? 0)} + interest ${formatINR(seeds?.totals.interestCharged ?? 0)} − paid ₹0.00 − waived ${formatINR(5_000)} = closing ${formatINR(seeds?.closing.due ?? 0)}`,
    )
    expectCloses(statement)
  })

  it('names a payment by what the lender typed, not by the deposit’s default words', () => {
    const typed = { ...loan, payments: [payment('d', '2025-01-31', 10_000, 'Deposit payment')] }
    const rows = statementFor({}, { loans: [typed] }).loans[0]?.rows ?? []
    expect(rows.find((r) => r.id === 'd')?.details).toBe('Payment')
  })

  it('leaves out a loan that starts after the period', () => {
    const statement = statementFor({ to: '2025-01-20' })
    expect(statement.loans.map((l) => l.id)).toEqual([loan.id])
    expect(statement.periodText).toBe('Up to 20/01/2025')
  })

  it('the borrower’s copy: no voided entry, the same figures, in the borrower’s language', () => {
    const lender = statementFor({})
    const borrower = statementFor({}, { copy: 'borrower', language: 'hi' })
    const rows = borrower.loans[0]?.rows ?? []
    expect(rows.some((r) => r.voided)).toBe(false)
    expect(rows.map((r) => r.id).filter(Boolean)).toEqual(['pay-1', 'w-1', 'pay-3'])
    expect(borrower.closing).toEqual(lender.closing)
    expect(borrower.totals).toEqual(lender.totals)
    expect(borrower.periodText).toBe('शुरू से अब तक')
    expect(rows[0]?.details).toBe('उधार दिया')
    expect(rows.find((r) => r.id === 'pay-3')?.details).toBe('जमा · Cash')
    expect(borrower.loans[0]?.label).toBe('उधार #000001')
    expectCloses(borrower)
  })

  it('opening + movements = closing for random loans and random periods, in both copies', () => {
    const book = fc.array(anyLoan, { minLength: 1, maxLength: 3 }).chain((loans) =>
      fc.record({
        loans: fc.constant(loans),
        from: fc.option(fc.integer({ min: -60, max: 1500 }), { nil: undefined }),
        length: fc.integer({ min: 0, max: 900 }),
        copy: fc.constantFrom('lender' as const, 'borrower' as const),
      }),
    )
    fc.assert(
      fc.property(book, ({ loans, from, length, copy }) => {
        const stored = loans.map((l, i): Loan => ({
          ...l,
          id: `loan-${i}`,
          description: '',
          updatedAt: l.createdAt,
          archived: false,
          waivers: l.waivers ?? [],
        }))
        const first = stored[0]?.startDate ?? '2020-01-01'
        const start = from === undefined ? undefined : addDays(first, from)
        const to = addDays(start ?? first, length)
        const day = to > '2034-01-01' ? to : '2034-01-01'
        const statement = buildStatement({
          loans: stored,
          figuresOf: (l: LedgerLoan) => loanFigures(l, day),
          period: start === undefined ? { to } : { from: start, to },
          today: day,
          copy,
        })
        expectCloses(statement)
        // The edges are where the loan stood: at the end of the day before, and of the last day.
        for (const s of statement.loans) {
          const l = stored.find((x) => x.id === s.id) as Loan
          expect(s.closing.due).toBe(loanPosition(l, to).due)
          if (start !== undefined && start > l.startDate) {
            expect(s.opening.due).toBe(loanPosition(l, addDays(start, -1)).due)
          }
          if (copy === 'borrower') expect(s.rows.some((r) => r.voided)).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('periods', () => {
  it('reads open ends in words', () => {
    expect(periodText({ from: '2025-04-01' })).toBe('From 01/04/2025')
    expect(periodText({ to: '2025-09-30' })).toBe('Up to 30/09/2025')
  })

  it('offers the financial years, and refuses a period that runs backwards or past today', () => {
    const typed = { from: '', to: '' } as const
    expect(periodOf('all', '2026-11-25', typed)).toEqual({})
    expect(periodOf('thisYear', '2026-11-25', typed)).toEqual({ from: '2026-04-01' })
    expect(periodOf('lastYear', '2026-11-25', typed)).toEqual({
      from: '2025-04-01',
      to: '2026-03-31',
    })
    expect(periodOf('thisYear', '2027-02-10', typed)).toEqual({ from: '2026-04-01' })
    expect(periodOf('dates', '2026-11-25', { from: '2026-08-01', to: '' })).toEqual({
      from: '2026-08-01',
    })
    expect(periodProblem({ from: '2026-08-01', to: '2026-07-01' }, '2026-11-25')).toBe('badRange')
    expect(periodProblem({ to: '2026-12-01' }, '2026-11-25')).toBe('future')
    expect(periodProblem({ from: '2026-12-01' }, '2026-11-25')).toBe('future')
    expect(periodProblem({ from: '2026-08-01', to: '2026-11-25' }, '2026-11-25')).toBeNull()
  })
})

describe('PDF text runs', () => {
  it('sets Devanagari (with ₹) apart from Latin, keeping a run whole across spaces', () => {
    expect(textRuns('Borrower रमेश कुमार (Rampur) ₹1,000.00')).toEqual([
      { text: 'Borrower ', deva: false },
      { text: 'रमेश कुमार ', deva: true },
      { text: '(Rampur) ', deva: false },
      { text: '₹', deva: true },
      { text: '1,000.00', deva: false },
    ])
    expect(textRuns('')).toEqual([])
  })
})
