import { expect, type Locator, type Page } from '@playwright/test'
import { cellOf, selectByText, tableRows } from './forms.ts'
import { openScreen } from './screens.ts'

/** `/loans`: the loan list with its status and person filters. */
export class LoansPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await openScreen(this.page, '/loans')
    await expect(this.page.getByRole('heading', { name: 'Loans', exact: true })).toBeVisible()
  }

  get rows(): Locator {
    return tableRows(this.page)
  }

  /** The row of the loan labelled `Loan #xxxxxx`. */
  row(label: string): Locator {
    return this.rows.filter({ hasText: label })
  }

  /** The cell of `column` in a loan's row. */
  cell(row: Locator, column: string): Promise<Locator> {
    return cellOf(row, column)
  }

  async filterStatus(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Status' }).selectOption({ label })
  }

  async filterPerson(name: string): Promise<void> {
    await selectByText(this.page.getByRole('combobox', { name: 'Person' }), name)
  }

  /** Deletes through the confirmation dialog, checking its question. */
  async delete(label: string): Promise<void> {
    await this.row(label).getByRole('button', { name: 'Delete' }).click()
    const dialog = this.page.getByRole('alertdialog')
    // The question names the loan, its borrower and what is due, and says Trash keeps it.
    await expect(dialog).toContainText('Delete the loan ')
    await expect(dialog).toContainText('Trash keeps it')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(this.row(label)).toHaveCount(0)
  }
}
