import { expect, type Page } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { CitiesPage } from './CitiesPage.ts'
import { LoanFormPage, type LoanFields } from './LoanFormPage.ts'
import { PersonFormPage, type PersonFields } from './PersonFormPage.ts'

/** Other work may share this machine: screens get longer than usual to appear. */
export const slow = expect.configure({ timeout: 60_000 })

/** Opens a route and waits (patiently) for its heading. */
export async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path)
  await slow(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
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

/** Every screen of a signed-in lender, for a person and a loan of theirs. */
export function everyScreen(personId: string, loanId: string): string[] {
  return [
    '/dashboard',
    '/people',
    '/people/add',
    `/people/${personId}`,
    `/people/edit/${personId}`,
    `/users/${personId}/loans`,
    `/users/${personId}/deposit`,
    `/users/${personId}/statement`,
    '/loans',
    '/loans/add',
    `/loans/edit/${loanId}`,
    '/city',
    '/trash',
  ]
}

/** All the text of a PDF, whitespace removed (pdf.js splits runs at will). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data }).promise
  let text = ''
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    for (const item of content.items) if ('str' in item) text += item.str
  }
  return text.replace(/\s+/g, '')
}
