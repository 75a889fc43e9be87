import { expect, type Locator, type Page } from '@playwright/test'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { selectByText } from './forms.ts'

/** The form's date fields take DD/MM/YYYY; tests may pass ISO dates, typed as a lender would. */
function asTyped(date: string): string {
  return isIsoDate(date) ? formatDisplayDate(date) : date
}

/** What a test fills in on the loan form; omitted fields keep their defaults. */
export interface LoanFields {
  person?: string
  amount?: string
  rate?: string
  type?: 'Per Annum' | 'Per Month'
  startDate?: string
  dueDate?: string
  description?: string
  status?: 'Active' | 'Paid' | 'Overdue' | 'Defaulted'
  /** How unpaid interest is treated: the old rule, or simple interest on principal only. */
  rule?: 'earns interest' | 'simple'
  /** Ticks "Bringing an old loan from a paper khata?" and types the interest already due. */
  oldDuesInterest?: string
}

/** The two rules' radio buttons, by their words on the form and in Settings. */
export const RULE_LABELS = {
  'earns interest': 'Unpaid interest earns interest (as before)',
  simple: 'Interest on principal only (simple)',
} as const

/** `/loans/add` and `/loans/edit/{id}`. */
export class LoanFormPage {
  constructor(readonly page: Page) {}

  async gotoAdd(): Promise<void> {
    await this.page.goto('/loans/add')
    // The form's code (with the calendar) loads on first use: allow a slow, shared machine.
    await expect(this.page.getByRole('heading', { name: 'Add Loan' })).toBeVisible({
      timeout: 60_000,
    })
  }

  async fill(fields: LoanFields): Promise<void> {
    const { page } = this
    // The loan list's filters are labelled Person and Status too: be on the form first.
    await expect(page.getByRole('heading', { name: /^(Add|Edit) Loan$/ })).toBeVisible()
    if (fields.person !== undefined) await selectByText(page.getByLabel('Person'), fields.person)
    if (fields.amount !== undefined) await page.getByLabel('Amount').fill(fields.amount)
    if (fields.rate !== undefined) await page.getByLabel('Interest Rate (%)').fill(fields.rate)
    if (fields.type !== undefined) {
      await page.getByLabel('Interest Type').selectOption({ label: fields.type })
    }
    if (fields.startDate !== undefined) {
      await page.getByLabel('Start Date', { exact: true }).fill(asTyped(fields.startDate))
    }
    if (fields.dueDate !== undefined) {
      await page.getByLabel('Due Date', { exact: true }).fill(asTyped(fields.dueDate))
    }
    if (fields.status !== undefined) {
      // Exact: the sync indicator is labelled "Sync status".
      await page.getByLabel('Status', { exact: true }).selectOption({ label: fields.status })
    }
    if (fields.description !== undefined) {
      await page.getByLabel('Description').fill(fields.description)
    }
    if (fields.rule !== undefined) {
      await page.getByRole('radio', { name: RULE_LABELS[fields.rule] }).check()
    }
    if (fields.oldDuesInterest !== undefined) {
      await page.getByRole('checkbox', { name: 'Bringing an old loan from a paper khata?' }).check()
      await page.getByLabel('Interest already due on the start date').fill(fields.oldDuesInterest)
    }
  }

  /** The question asked before a change of terms rewrites recorded payments. */
  get termsDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Change this loan’s terms?' })
  }

  /** The message beside the field with this label (its control is then aria-invalid). */
  error(label: string): Locator {
    return this.page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: this.page.locator('label', { hasText: new RegExp(`^${label}\\b`) }) })
      .locator('[data-part="error-text"]')
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Add|Update) Loan$/ }).click()
  }

  /** Adds a loan through the form and waits for the loan list. */
  async add(fields: LoanFields): Promise<void> {
    await this.gotoAdd()
    await this.fill(fields)
    await this.submit()
    await expect(this.page).toHaveURL(/\/loans$/)
  }
}
