import { describe, expect, it } from 'vitest'
import { loanFigures, summarizePerson, type LedgerLoan } from '../../shared/ledger/engine.ts'
import type { Loan, Payment } from '../../shared/schema/types.ts'
import {
  buildStatement,
  inPeriod,
  periodText,
  type Period,
} from '../../src/features/statement/statement.ts'
import { textRuns } from '../../src/features/statement/textRuns.ts'
import { loadAppCatalogues } from '../../src/i18n/index.ts'

await loadAppCatalogues()

// The engine notes' worked example: ₹10,000 at 2 % a month from 2025-01-01.
const base: Loan = {
  id: 'loan-000001',
  personId: 'p1',
  amount: 1_000_000,
  interestRate: 2,
  interestType: 'per_month',
  startDate: '2025-01-01',
  dueDate: '2025-12-31',
  status: 'active',
  description: 'Seeds',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  archived: false,
  payments: [],
  waivers: [],
}
const stored = (id: string, date: string, amount: number): Payment => ({
  id,
  loanId: base.id,
  depositId: `dep-${id}`,
  date,
  amount,
  createdAt: `${date}T10:00:00.000Z`,
})
const first = stored('pay-1', '2025-01-31', 10_000)
const typo = stored('pay-2', '2025-03-02', 500_000)
const second = stored('pay-3', '2025-04-15', 200_000)
const voided = { voidId: 'v1', reason: 'Typed 5,000 for 500', at: '2025-03-03T09:00:00.000Z' }
const fact = (p: Payment) => ({ id: p.id, date: p.date, amount: p.amount, createdAt: p.createdAt })
const loan: Loan = {
  ...base,
  payments: [fact(first), { ...fact(typo), voided }, { ...fact(second), description: 'Cash' }],
  waivers: [
    {
      id: 'w-1',
      date: '2025-04-01',
      amount: 5_000,
      note: 'Goodwill',
      createdAt: '2025-04-01T10:00:00.000Z',
    },
  ],
}
const other: Loan = { ...base, id: 'loan-000002', amount: 300_000, startDate: '2025-02-01' }
const today = '2025-05-01'
const payments = new Map([first, typo, second].map((p) => [p.id, p]))

function statementFor(period: Period) {
  const figuresOf = (l: LedgerLoan) => loanFigures(l, today)
  return buildStatement({
    loans: [loan, other],
    figuresOf,
    payments,
    total: summarizePerson([loan, other], today, figuresOf).reckoning,
    period,
    today,
  })
}

describe('a statement', () => {
  it("lists every payment and waiver with the engine's split, voided ones marked", () => {
    const statement = statementFor({})
    const [seeds] = statement.loans
    const ledger = loanFigures(loan, today).ledger
    const entry = (id: string) => ledger.entries.find((e) => e.paymentId === id)
    expect(seeds?.rows.map((r) => [r.id, r.kind, r.voided])).toEqual([
      ['pay-1', 'payment', false],
      ['pay-2', 'payment', true],
      ['w-1', 'waiver', false],
      ['pay-3', 'payment', false],
    ])
    expect(seeds?.rows[0]).toMatchObject({
      amount: 10_000,
      interest: entry('pay-1')?.interestPaid,
      principal: entry('pay-1')?.principalPaid,
    })
    // A voided payment has no split; a waiver shows what it forgave.
    expect(seeds?.rows[1]?.interest).toBeUndefined()
    expect(seeds?.rows[2]).toMatchObject({ amount: entry('w-1')?.waived, note: 'Goodwill' })
    expect(seeds?.rows[3]).toMatchObject({ note: 'Cash', principal: entry('pay-3')?.principalPaid })
  })

  it("carries each loan's terms and today's figures, and the person's reckoning", () => {
    const statement = statementFor({})
    const figures = loanFigures(loan, today)
    expect(statement.loans[0]).toMatchObject({
      label: 'Loan #000001',
      rate: '2% per month',
      status: figures.status,
      reckoning: figures.reckoning,
      dueToday: figures.totalDue,
    })
    expect(statement.total.due).toBe(figures.totalDue + loanFigures(other, today).totalDue)
    expect(statement.loans[1]?.rows).toEqual([])
    expect(statement.periodText).toBe('All time')
  })

  it('lists only the lines of the period, both ends included; figures stay as of today', () => {
    const statement = statementFor({ from: '2025-03-02', to: '2025-04-01' })
    expect(statement.loans[0]?.rows.map((r) => r.id)).toEqual(['pay-2', 'w-1'])
    expect(statement.loans[0]?.dueToday).toBe(loanFigures(loan, today).totalDue)
    expect(statement.periodText).toBe('02/03/2025 to 01/04/2025')
  })
})

describe('periods', () => {
  it('reads open ends in words', () => {
    expect(periodText({ from: '2025-04-01' })).toBe('From 01/04/2025')
    expect(periodText({ to: '2025-09-30' })).toBe('Up to 30/09/2025')
    expect(inPeriod('2025-01-01', {})).toBe(true)
    expect(inPeriod('2025-01-01', { from: '2025-01-02' })).toBe(false)
    expect(inPeriod('2025-01-03', { to: '2025-01-02' })).toBe(false)
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
