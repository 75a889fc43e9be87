import { expect, type Page } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** Other work may share this machine: screens get longer than usual to appear. */
export const slow = expect.configure({ timeout: 60_000 })

/** Opens a route and waits (patiently) for its heading. */
export async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path)
  await slow(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
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
