import { describe, expect, it } from 'vitest'
import {
  loanAgeText,
  loanFullName,
  loanLabel,
  loanTitle,
  rateText,
} from '../../src/features/loans/loanText.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'

await loadAppCatalogues()

describe('naming a loan among one borrower’s loans', () => {
  const tractor = {
    id: 'a1b2c3d4e5f6',
    description: 'Tractor',
    amount: 50_000_00,
    startDate: '2026-03-01',
  }

  it('names it by description, amount and start date, with Loan # kept apart', () => {
    expect(loanTitle(tractor)).toBe('Tractor · ₹50,000 from 01/03/2026')
    expect(loanLabel(tractor.id)).toBe('Loan #d4e5f6')
    expect(loanFullName(tractor)).toBe('Tractor · ₹50,000 from 01/03/2026 (Loan #d4e5f6)')
  })

  it('leaves out an empty or blank description, and never rounds the amount', () => {
    expect(loanTitle({ ...tractor, description: '  ' })).toBe('₹50,000 from 01/03/2026')
    expect(loanTitle({ amount: 2_50_000_50, startDate: '2026-11-23' })).toBe(
      '₹2,50,000.50 from 23/11/2026',
    )
  })
})

describe('a loan’s words in Hindi', () => {
  const hi = i18n.getFixedT('hi')
  const en = i18n.getFixedT('en')
  const loan = { id: 'a1b2c3d4e5f6', amount: 2_50_000_00, startDate: '2026-03-01' }

  it('keeps en-IN figures and DD/MM/YYYY dates, with the glossary’s words', () => {
    expect(loanFullName(loan, hi)).toBe('₹2,50,000, 01/03/2026 से (उधार #d4e5f6)')
    expect(rateText(2, 'per_month', hi)).toBe('2% प्रति माह')
    expect(rateText(24, 'per_annum', en)).toBe('24% per annum')
  })

  it('says a loan’s age with plurals in either language', () => {
    expect(loanAgeText('2025-01-31', '2026-03-01', en)).toBe('1 year, 1 month, 1 day')
    expect(loanAgeText('2025-01-01', '2027-04-03', en)).toBe('2 years, 3 months, 2 days')
    expect(loanAgeText('2025-01-01', '2027-04-03', hi)).toBe('2 साल, 3 महीने, 2 दिन')
    expect(loanAgeText('2026-03-01', '2026-03-01', hi)).toBe('आज')
    expect(loanAgeText('2026-03-02', '2026-03-01', en)).toBe('Not started yet')
  })
})
