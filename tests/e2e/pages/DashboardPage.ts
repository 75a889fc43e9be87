import { expect, type Locator, type Page } from '@playwright/test'
import { tile } from './forms.ts'

/** `/dashboard`: the tiles, the search and one row per person. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard')
    await expect(this.page.getByRole('heading', { name: 'Loan Dashboard' })).toBeVisible()
  }

  tile(
    label:
      'Total Users' | 'Active Loans' | 'Principal left' | 'Interest due' | 'Paid' | 'Due today',
  ): Locator {
    return tile(this.page.getByRole('main'), label)
  }

  /** A person's row in the desktop table. */
  row(name: string): Locator {
    return this.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) })
  }

  /** The cell of `column` in a row, by the column header's position. */
  async cell(row: Locator, column: string): Promise<Locator> {
    const headers = await this.page.getByRole('columnheader').allInnerTexts()
    const index = headers.findIndex((h) => h.trim() === column)
    if (index < 0) throw new Error(`no column "${column}" in ${headers.join(', ')}`)
    return row.getByRole('cell').nth(index)
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search by name or phone').fill(text)
  }
}
