import { expect, type Page } from '@playwright/test'
import type { LedgerLoan } from '../../../shared/ledger/engine.ts'
import { paiseToRupeeInput } from '../../../shared/money.ts'
import { addCity, CitiesPage } from './CitiesPage.ts'
import { DashboardPage } from './DashboardPage.ts'
import { DepositPage } from './DepositPage.ts'
import { LoanFormPage, type LoanFields } from './LoanFormPage.ts'
import { signUpNewLender } from './LoginPage.ts'
import { PersonFormPage, type PersonFields } from './PersonFormPage.ts'
import { PersonLoansPage } from './PersonLoansPage.ts'
import { slow, visit } from './screens.ts'

/** A loan's terms as the engine sees them (for the figures a test expects); no payments yet. */
export function loanTerms(id: string, fields: Partial<LedgerLoan>): LedgerLoan {
  return {
    id,
    personId: 'p',
    amount: 10_000_00,
    interestRate: 2,
    interestType: 'per_month',
    startDate: '2026-01-01',
    dueDate: '2027-01-01',
    status: 'active',
    createdAt: id,
    payments: [],
    ...fields,
  }
}

/** A rate of `percent` a year, as the engine's loan fields (loanTerms' own is 2 % a month). */
export function perAnnum(percent: number): Pick<LedgerLoan, 'interestRate' | 'interestType'> {
  return { interestRate: percent, interestType: 'per_annum' }
}

/** A loan the engine knows, and the description it is entered under. */
export interface DescribedLoan {
  loan: LedgerLoan
  description: string
}

/** The loan form's fields for lending `loan` to `person`. */
export function loanFields(person: string, { loan, description }: DescribedLoan): LoanFields {
  return {
    person,
    amount: paiseToRupeeInput(loan.amount),
    rate: String(loan.interestRate),
    type: loan.interestType === 'per_month' ? 'Per Month' : 'Per Annum',
    startDate: loan.startDate,
    dueDate: loan.dueDate,
    description,
  }
}

/** Lends each loan to `person` through the loan form, in order; ends on the loan list. */
export async function lend(
  page: Page,
  person: string,
  loans: readonly DescribedLoan[],
): Promise<void> {
  const form = new LoanFormPage(page)
  for (const loan of loans) await form.add(loanFields(person, loan))
}

/** Adds the person's city, then the person, through the forms; ends on the people list. */
export async function addCityAndPerson(
  page: Page,
  person: PersonFields & { name: string; city: string },
): Promise<void> {
  await addCity(page, person.city)
  await new PersonFormPage(page).add(person)
}

/** Signs a brand-new lender up and adds their first borrower (and the borrower's city). */
export async function signUpWithBorrower(
  page: Page,
  person: PersonFields & { name: string; city: string },
): Promise<{ email: string; password: string }> {
  const lender = await signUpNewLender(page)
  await addCityAndPerson(page, person)
  return lender
}

/** Adds the person's city, then the person, through the forms, waiting patiently for each screen. */
export async function addCityAndPersonPatiently(
  page: Page,
  person: PersonFields & { name: string; city: string },
): Promise<void> {
  await visit(page, '/city', 'Cities')
  await new CitiesPage(page).add(person.city)
  await visit(page, '/people/add', 'Add Person')
  const form = new PersonFormPage(page)
  await form.fill(person)
  await form.submit()
  await slow(page).toHaveURL(/\/people$/)
}

/** Adds a loan through the form, waiting patiently for the form and then for the loan list. */
export async function addLoanPatiently(page: Page, fields: LoanFields): Promise<void> {
  await visit(page, '/loans/add', 'Add Loan')
  const form = new LoanFormPage(page)
  await form.fill(fields)
  await form.submit()
  await slow(page).toHaveURL(/\/loans$/)
}

/**
 * A borrower in `village` with these loans, entered through the forms, and (when `language` is
 * given) their language for reminders and statements set on the person form. Ends on the
 * person's loans page; returns their id and each loan's `Loan #xxxxxx` label, by description.
 */
export async function addBorrower(
  page: Page,
  {
    name,
    village,
    phone,
    language,
    loans,
  }: {
    name: string
    village: string
    phone?: string
    language?: 'en' | 'hi'
    loans: readonly DescribedLoan[]
  },
): Promise<{ personId: string; label: Record<string, string> }> {
  await addCity(page, village)
  const personForm = new PersonFormPage(page)
  await personForm.gotoAdd()
  await personForm.fill({ name, city: village, ...(phone !== undefined && { phone }) })
  if (language !== undefined) {
    await page.getByLabel('Language for reminders').selectOption(language)
  }
  await personForm.submit()
  await expect(page).toHaveURL(/\/people$/)
  await lend(page, name, loans)
  // To the person's page from the dashboard, found by name: a table row's View Details on a
  // wide screen, the name itself in a phone's list.
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.search(name)
  await page
    .getByRole('main')
    .getByRole('link', { name: 'View Details' })
    .or(page.getByRole('main').getByRole('link', { name, exact: true }))
    .first()
    .click()
  const personLoans = new PersonLoansPage(page)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 60_000 })
  const personId = personLoans.personId()
  const label = await personLoans.loanLabels(loans.map((l) => l.description))
  return { personId, label }
}

/** Records a one-loan deposit through the deposit page; ends on the person's loans page. */
export async function depositOn(
  page: Page,
  personId: string,
  loanLabel: string,
  date: string,
  paise: number,
): Promise<void> {
  const form = new DepositPage(page)
  await form.goto(personId, 60_000)
  await form.recordOn(loanLabel, paise, date)
  await expect(page).toHaveURL(new RegExp(`/users/${personId}/loans$`), { timeout: 60_000 })
}
