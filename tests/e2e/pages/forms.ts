import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from './screens.ts'

/** Picks the option whose visible text contains `text` (labels may carry extras, e.g. a phone). */
export async function selectByText(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value')
  if (value === null) throw new Error(`no option "${text}"`)
  await select.selectOption(value)
}

/** The value shown in a labelled figure tile (a `group` named by its label, among the Totals). */
export function tile(scope: Locator, label: string): Locator {
  return scope
    .getByRole('region', { name: 'Totals', exact: true })
    .getByRole('group', { name: label, exact: true })
}

/** The body rows of the tables on the page that are in the DOM (header rows left out). */
export function tableRows(page: Page): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
}

/** The cell of `column` in a table row, found by the column header's position on the page. */
export async function cellOf(row: Locator, column: string): Promise<Locator> {
  const headers = await row.page().getByRole('columnheader').allInnerTexts()
  const index = headers.findIndex((h) => h.trim() === column)
  if (index < 0) throw new Error(`no column "${column}" in ${headers.join(', ')}`)
  return row.getByRole('cell').nth(index)
}

/** Types `value` into `field` when a test gives one; an omitted field keeps what it has. */
export async function fillIfGiven(field: Locator, value: string | undefined): Promise<void> {
  if (value !== undefined) await field.fill(value)
}

/** Chooses the option labelled `label` in `select` when a test gives one. */
export async function chooseIfGiven(select: Locator, label: string | undefined): Promise<void> {
  if (label !== undefined) await select.selectOption({ label })
}

/**
 * What the person and loan forms share: adding from their own route, the message beside a field,
 * the submit button, and adding a record through the whole form.
 */
export abstract class RecordForm<Fields> {
  constructor(
    readonly page: Page,
    /** The record's word in the headings and on the buttons: "Add Loan", "Update Person". */
    private readonly noun: 'Person' | 'Loan',
    /** The list the form belongs to, which the app shows once a record is saved. */
    private readonly list: '/people' | '/loans',
  ) {}

  /** Fills in the fields a test gives; omitted fields keep what they have. */
  abstract fill(fields: Fields): Promise<void>

  /** Opens the empty form that adds a record. */
  async gotoAdd(): Promise<void> {
    await openScreen(this.page, `${this.list}/add`)
    // The form's code (the loan form's with its calendar) loads on first use: allow a slow,
    // shared machine.
    await expect(this.page.getByRole('heading', { name: `Add ${this.noun}` })).toBeVisible({
      timeout: 60_000,
    })
  }

  /** Waits for the Add or Edit form: its list's filters carry some of the same labels. */
  protected async onForm(): Promise<void> {
    const heading = new RegExp(`^(Add|Edit) ${this.noun}$`)
    await expect(this.page.getByRole('heading', { name: heading })).toBeVisible()
  }

  /** The message beside the field with this label (its control is then aria-invalid). */
  error(label: string): Locator {
    return this.page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: this.page.locator('label', { hasText: new RegExp(`^${label}\\b`) }) })
      .locator('[data-part="error-text"]')
  }

  /** Presses Add or Update. */
  async submit(): Promise<void> {
    const button = new RegExp(`^(Add|Update) ${this.noun}$`)
    await this.page.getByRole('button', { name: button }).click()
  }

  /** Adds a record through the form and waits for its list. */
  async add(fields: Fields): Promise<void> {
    await this.gotoAdd()
    await this.fill(fields)
    await this.submit()
    await expect(this.page).toHaveURL(new RegExp(`${this.list}$`))
  }
}
