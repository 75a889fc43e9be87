import type { TFunction } from 'i18next'
import { maskAadhaar } from '../../../shared/identity.ts'
import { financialYear } from '../../../shared/ledger/statement.ts'
import type { LedgerLoan, LoanFigures } from '../../../shared/ledger/engine.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import type { City, Language, Loan, Person } from '../../../shared/schema/types.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import { messageLanguage } from '../reminders/messages.ts'
import type { PdfStatement } from './statementPdf.ts'
import { buildStatement, type Period } from './statement.ts'

/**
 * The financial year that starts on 1 April of `startYear`, up to today when it has not ended:
 * the period of a yearly statement (Maharashtra's Act asks for one a year to every debtor).
 */
export function yearlyPeriod(startYear: number, today: IsoDate): Required<Period> {
  const year = financialYear(startYear)
  return { from: year.from, to: year.to < today ? year.to : today }
}

/** The financial years a book's statements can be asked for: from its first loan's to today's. */
export function financialYears(
  loans: readonly Pick<Loan, 'startDate'>[],
  today: IsoDate,
): number[] {
  const startOf = (day: IsoDate) => Number(day.slice(0, 4)) - (day.slice(5) < '04-01' ? 1 : 0)
  const last = startOf(today)
  const first = loans.reduce((year, loan) => Math.min(year, startOf(loan.startDate)), last)
  return Array.from({ length: last - first + 1 }, (_, i) => last - i)
}

/**
 * Every borrower's statement of one financial year, as each borrower is handed it: the borrower's
 * copy (voided entries left out), in the borrower's language, with where each loan stood on 1
 * April (principal and interest due), the loans made, the repayments and waivers, and where it
 * stood at the year's end. A person with nothing in the year (no loan then, nothing due) is left
 * out. `figuresOf` gives a loan's figures today (the book's cache).
 */
export function yearlyStatements({
  people,
  loansOf,
  cities,
  figuresOf,
  startYear,
  today,
  lender,
  appLanguage,
  wordsIn,
}: {
  people: readonly Person[]
  loansOf: (personId: string) => readonly Loan[]
  cities: readonly City[]
  figuresOf: (loan: LedgerLoan) => LoanFigures
  startYear: number
  today: IsoDate
  lender: string
  appLanguage: Language
  wordsIn: (language: Language) => TFunction
}): PdfStatement[] {
  const period = yearlyPeriod(startYear, today)
  const places = cityIndex(cities)
  const statements: PdfStatement[] = []
  for (const person of [...people].sort((a, b) => a.name.localeCompare(b.name))) {
    const loans = loansOf(person.id)
    if (loans.length === 0) continue
    const t = wordsIn(messageLanguage(person, appLanguage))
    const statement = buildStatement({ loans, figuresOf, period, today, copy: 'borrower', t })
    if (statement.loans.length === 0) continue
    statements.push({
      statement,
      parties: {
        lender,
        borrower: person.name,
        village: places.get(person.cityId)?.name ?? '—',
        aadhaar: person.aadhaar ? maskAadhaar(person.aadhaar) : '',
      },
      qr: null,
      t,
    })
  }
  return statements
}
