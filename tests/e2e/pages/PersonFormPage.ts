import type { Page } from '@playwright/test'
import { chooseIfGiven, fillIfGiven, RecordForm, selectByText } from './forms.ts'

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
export class PersonFormPage extends RecordForm<PersonFields> {
  constructor(page: Page) {
    super(page, 'Person', '/people')
  }

  async fill(fields: PersonFields): Promise<void> {
    const { page } = this
    // The people list's filter is labelled Name too: be on the form before typing.
    await this.onForm()
    await fillIfGiven(page.getByLabel('Name'), fields.name)
    if (fields.city !== undefined) {
      // Over a long shared list the form offers a part of it: find the city first, as a lender
      // would.
      const find = page.getByLabel('Find a city')
      if (await find.isVisible()) await find.fill(fields.city)
      await selectByText(page.getByLabel('City', { exact: true }), fields.city)
    }
    await fillIfGiven(page.getByLabel('Note: balance from paper (not counted)'), fields.balance)
    await fillIfGiven(page.getByLabel('Aadhaar'), fields.aadhaar)
    await fillIfGiven(page.getByLabel('Relationship'), fields.relationship)
    await fillIfGiven(page.getByLabel('Phone'), fields.phone)
    await chooseIfGiven(page.getByLabel('Gender'), fields.gender)
  }
}
