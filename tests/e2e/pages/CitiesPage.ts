import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from './screens.ts'

/** `/city`: add a city or village; the shared list. */
export class CitiesPage {
  constructor(readonly page: Page) {}

  get name(): Locator {
    return this.page.getByLabel('City or village name')
  }

  get rows(): Locator {
    return this.page.getByRole('table').getByRole('row')
  }

  async goto(timeout?: number): Promise<void> {
    await openScreen(this.page, '/city')
    await expect(this.page.getByRole('heading', { name: 'Cities' })).toBeVisible({ timeout })
  }

  async add(name: string): Promise<void> {
    await this.name.fill(name)
    await this.page.getByRole('button', { name: 'Add', exact: true }).click()
    if (name.trim() !== '') {
      await expect(this.rows.filter({ hasText: name.trim() })).toHaveCount(1)
    }
  }
}

/** Opens Cities and adds `name` there: the first step of every book entered through the forms. */
export async function addCity(page: Page, name: string): Promise<void> {
  const cities = new CitiesPage(page)
  await cities.goto()
  await cities.add(name)
}
