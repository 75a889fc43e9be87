/**
 * The yearly statement (issue 32, item 4) of every borrower of the benchmark's book (1,000 people,
 * 10,000 loans, 100,000 payments), for every financial year it spans, in English and in Hindi:
 * opening + movements = closing, for principal and for interest, per loan and per borrower; the
 * words change with the language, never a figure; one year's closing is the next one's opening.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createFiguresCache } from '../../shared/ledger/engine.ts'
import type { StatementBalance, StatementTotals } from '../../shared/ledger/statement.ts'
import { formatINR } from '../../shared/money.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import type { LenderSnapshot, Loan } from '../../shared/schema/types.ts'
import { sumText } from '../../src/features/statement/statement.ts'
import type { PdfStatement } from '../../src/features/statement/statementPdf.ts'
import { financialYears, yearlyStatements } from '../../src/features/statement/yearly.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'
import { buildBook } from '../fixtures/book.ts'

await loadAppCatalogues()

const today = '2026-11-28'
let book: LenderSnapshot
const figuresOf = createFiguresCache()

beforeAll(() => {
  const { doc } = buildBook({ people: 1_000, loans: 10_000, payments: 100_000 })
  book = projectLender(doc).snapshot()
}, 120_000)

function statementsOf(startYear: number, language: 'en' | 'hi'): PdfStatement[] {
  const byPerson = new Map<string, Loan[]>()
  for (const loan of book.loans) {
    byPerson.set(loan.personId, [...(byPerson.get(loan.personId) ?? []), loan])
  }
  return yearlyStatements({
    people: book.people.map((person) => ({ ...person, language })),
    loansOf: (personId) => byPerson.get(personId) ?? [],
    cities: [],
    figuresOf: (loan) => figuresOf(loan, today),
    startYear,
    today,
    lender: 'Suresh Finance',
    appLanguage: 'en',
    wordsIn: (lng) => i18n.getFixedT(lng),
  })
}

/** Where the year left principal and interest, from where it found them and what moved them. */
function closes(opening: StatementBalance, totals: StatementTotals, closing: StatementBalance) {
  expect(opening.principalLeft + totals.lent - totals.principalPaid - totals.principalWaived).toBe(
    closing.principalLeft,
  )
  expect(
    opening.interestOwed + totals.interestCharged - totals.interestPaid - totals.interestWaived,
  ).toBe(closing.interestOwed)
  expect(totals.interestPaid + totals.principalPaid + totals.overpaid).toBe(totals.paid)
}

describe('yearly statements of the benchmark’s book', () => {
  it('opening + movements = closing for every borrower and loan, every year, in English and Hindi; years chain', () => {
    const years = financialYears(book.loans, today).reverse()
    expect(years).toEqual([2022, 2023, 2024, 2025, 2026])
    let checked = 0
    let previous = new Map<string, StatementBalance>()
    for (const year of years) {
      const english = statementsOf(year, 'en')
      const hindi = statementsOf(year, 'hi')
      expect(english.length).toBeGreaterThan(0)
      expect(hindi.map((s) => s.parties.borrower)).toEqual(english.map((s) => s.parties.borrower))
      const closings = new Map<string, StatementBalance>()
      english.forEach(({ statement, parties, t }, index) => {
        const other = hindi[index]!
        closes(statement.opening, statement.totals, statement.closing)
        for (const loan of statement.loans) closes(loan.opening, loan.totals, loan.closing)
        // The words are the borrower's language; the figures are the same figures.
        expect(other.statement.opening).toEqual(statement.opening)
        expect(other.statement.totals).toEqual(statement.totals)
        expect(other.statement.closing).toEqual(statement.closing)
        expect(other.statement.periodText).not.toBe(statement.periodText)
        const closing = formatINR(statement.closing.due)
        expect(sumText(statement.sum, t, formatINR)).toContain(closing)
        expect(sumText(other.statement.sum, other.t, formatINR)).toContain(closing)
        // Where last year left this borrower is where this year found them.
        const before = previous.get(parties.borrower)
        if (before) expect(statement.opening).toEqual(before)
        closings.set(parties.borrower, statement.closing)
        checked += 1
      })
      previous = closings
    }
    expect(checked).toBeGreaterThan(3_000)
  }, 300_000)
})
