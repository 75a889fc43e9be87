import { expect, type Locator, type Page } from '@playwright/test'
import { selectByText } from './forms.ts'

/** What a test fills in on the person form; omitted fields are left as they are. */
export interface PersonFields {
  name?: string
  city?: string
  balance?: string
  aadhaar?: string
  relationship?: string
  phone?: string
  gender?: 'Male' | 'Female' | 'Other'
}

/** `/people/add` and `/people/edit/{id}`. */
export class PersonFormPage {
  constructor(readonly page: Page) {}

  async gotoAdd(): Promise<void> {
    await this.page.goto('/people/add')
    // The form's code loads on first use: allow a slow, shared machine.
    await expect(this.page.getByRole('heading', { name: 'Add Person' })).toBeVisible({
      timeout: 60_000,
    })
  }

  async fill(fields: PersonFields): Promise<void> {
    const { page } = this
    // The people list's filter is labelled Name too: be on the form before typing.
    await expect(page.getByRole('heading', { name: /^(Add|Edit) Person$/ })).toBeVisible()
    if (fields.name !== undefined) await page.getByLabel('Name').fill(fields.name)
    if (fields.city !== undefined) await selectByText(page.getByLabel('City'), fields.city)
    if (fields.balance !== undefined)
      await page.getByLabel('Note: balance from paper (not counted)').fill(fields.balance)
    if (fields.aadhaar !== undefined) await page.getByLabel('Aadhaar').fill(fields.aadhaar)
    if (fields.relationship !== undefined) {
      await page.getByLabel('Relationship').fill(fields.relationship)
    }
    if (fields.phone !== undefined) await page.getByLabel('Phone').fill(fields.phone)
    if (fields.gender !== undefined) {
      await page.getByLabel('Gender').selectOption({ label: fields.gender })
    }
  }

  /** The message shown beside the field with this label (its control is then aria-invalid). */
  error(label: string): Locator {
    return this.page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: this.page.locator('label', { hasText: new RegExp(`^${label}\\b`) }) })
      .locator('[data-part="error-text"]')
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Add|Update) Person$/ }).click()
  }

  /** Adds a person through the form and waits for the people list. */
  async add(fields: PersonFields): Promise<void> {
    await this.gotoAdd()
    await this.fill(fields)
    await this.submit()
    await expect(this.page).toHaveURL(/\/people$/)
  }
}
