import { expect, type Locator, type Page } from '@playwright/test'
import { selectByText, tableRows } from './forms.ts'
import { openScreen } from './screens.ts'

/** `/people`: filters, sorting, the count line and the list. */
export class PeoplePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await openScreen(this.page, '/people')
    await expect(this.page.getByRole('heading', { name: 'People', exact: true })).toBeVisible()
  }

  get count(): Locator {
    return this.page.getByText(/^Showing \d+ of \d+ people$/)
  }

  /** Data rows of the desktop table (the header row excluded). */
  get rows(): Locator {
    return tableRows(this.page)
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name, exact: true }) })
  }

  /** Opens the list and follows a person's Loans link to their loans page. */
  async openLoans(name: string): Promise<void> {
    await this.goto()
    await this.row(name).getByRole('link', { name: 'Loans' }).click()
  }

  /** The names in the order the table shows them. */
  async names(): Promise<string[]> {
    return this.rows.locator('td:first-child').allInnerTexts()
  }

  async filterName(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Name' }).fill(text)
  }

  async filterCity(city: string): Promise<void> {
    const select = this.page.getByRole('combobox', { name: 'City' })
    if (city === '') await select.selectOption('')
    else await selectByText(select, city)
  }

  async filterGender(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Gender' }).selectOption({ label })
  }

  async sortBy(field: 'Name' | 'Due today' | 'City' | 'Gender', order: 'Ascending' | 'Descending') {
    await this.page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: field })
    await this.page.getByRole('combobox', { name: 'Order' }).selectOption({ label: order })
  }

  /** Deletes through the confirmation dialog, checking its question. */
  async delete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Delete' }).click()
    const dialog = this.page.getByRole('alertdialog')
    // The question names the person and says Trash can bring them back.
    await expect(dialog).toContainText(`Delete ${name}`)
    await expect(dialog).toContainText('Trash keeps')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(this.row(name)).toHaveCount(0)
    await expect(this.page.getByText(new RegExp(`^${name} deleted`))).toBeVisible()
  }
}
