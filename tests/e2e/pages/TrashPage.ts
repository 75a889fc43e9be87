import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from './screens.ts'

/** `/trash`: deleted people and loans, each restorable: tables when wide, cards on a phone. */
export class TrashPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await openScreen(this.page, '/trash')
    await expect(this.page.getByRole('heading', { name: 'Trash' })).toBeVisible()
  }

  get people(): Locator {
    return this.page
      .getByRole('table', { name: 'Deleted people' })
      .or(this.page.getByRole('group', { name: 'Deleted people' }))
  }

  get loans(): Locator {
    return this.page
      .getByRole('table', { name: 'Deleted loans' })
      .or(this.page.getByRole('group', { name: 'Deleted loans' }))
  }

  async restore(table: Locator, text: string): Promise<void> {
    await table
      .getByRole('row')
      .or(table.getByRole('article'))
      .filter({ hasText: text })
      .getByRole('button', { name: 'Restore' })
      .click()
  }
}
