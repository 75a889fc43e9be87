import { expect, type Locator, type Page } from '@playwright/test'
import { tile } from './forms.ts'

/** `/users/{personId}/loans`: tiles, one card per loan, all payments. */
export class PersonLoansPage {
  constructor(readonly page: Page) {}

  async goto(personId: string, name: string): Promise<void> {
    await this.page.goto(`/users/${personId}/loans`)
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible()
  }

  /** The id in the URL (the page is reached by links, so tests learn ids from it). */
  personId(): string {
    const match = /\/users\/([^/]+)\/(loans|deposit)$/.exec(new URL(this.page.url()).pathname)
    if (!match?.[1]) throw new Error(`not a person page: ${this.page.url()}`)
    return match[1]
  }

  tile(label: 'Active Loans' | 'Total Principal' | 'Current Interest' | 'Total Outstanding') {
    return tile(this.page.getByRole('main'), label)
  }

  /** The card of the loan with this description. */
  card(description: string): Locator {
    return this.page.getByRole('article').filter({ hasText: description })
  }

  /** The `Loan #xxxxxx` label of the loan with this description. */
  async loanLabel(description: string): Promise<string> {
    const label = await this.card(description).getAttribute('aria-label')
    expect(label).toMatch(/^Loan #.{6}$/)
    return label ?? ''
  }

  /** A figure on a loan card (e.g. 'Balance Due'). */
  figure(card: Locator, label: string): Locator {
    return card.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]')
  }

  get allPayments(): Locator {
    return this.page.getByRole('table', { name: 'All payments' })
  }
}
