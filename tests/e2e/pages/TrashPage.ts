import { expect, type Locator, type Page } from '@playwright/test'

/** `/trash`: deleted people and loans, each restorable. */
export class TrashPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/trash')
    await expect(this.page.getByRole('heading', { name: 'Trash' })).toBeVisible()
  }

  get people(): Locator {
    return this.page.getByRole('table', { name: 'Deleted people' })
  }

  get loans(): Locator {
    return this.page.getByRole('table', { name: 'Deleted loans' })
  }

  async restore(table: Locator, text: string): Promise<void> {
    await table
      .getByRole('row')
      .filter({ hasText: text })
      .getByRole('button', { name: 'Restore' })
      .click()
  }
}
