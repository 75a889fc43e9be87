import type { Locator, Page } from '@playwright/test'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { chooseIfGiven, fillIfGiven, RecordForm, selectByText } from './forms.ts'

/** The form's date fields take DD/MM/YYYY; tests may pass ISO dates, typed as a lender would. */
function asTyped(date: string | undefined): string | undefined {
  return date !== undefined && isIsoDate(date) ? formatDisplayDate(date) : date
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
export class LoanFormPage extends RecordForm<LoanFields> {
  constructor(page: Page) {
    super(page, 'Loan', '/loans')
  }

  /** The question asked before a change of terms rewrites recorded payments. */
  get termsDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Change this loan’s terms?' })
  }

  async fill(fields: LoanFields): Promise<void> {
    const { page } = this
    // The loan list's filters are labelled Person and Status too: be on the form first.
    await this.onForm()
    if (fields.person !== undefined) await selectByText(page.getByLabel('Person'), fields.person)
    await fillIfGiven(page.getByLabel('Amount'), fields.amount)
    await fillIfGiven(page.getByLabel('Interest Rate (%)'), fields.rate)
    await chooseIfGiven(page.getByLabel('Interest Type'), fields.type)
    await fillIfGiven(page.getByLabel('Start Date', { exact: true }), asTyped(fields.startDate))
    await fillIfGiven(page.getByLabel('Due Date', { exact: true }), asTyped(fields.dueDate))
    // Exact: the sync indicator is labelled "Sync status".
    await chooseIfGiven(page.getByLabel('Status', { exact: true }), fields.status)
    await fillIfGiven(page.getByLabel('Description'), fields.description)
    if (fields.rule !== undefined) {
      await page.getByRole('radio', { name: RULE_LABELS[fields.rule] }).check()
    }
    if (fields.oldDuesInterest !== undefined) {
      await page.getByRole('checkbox', { name: 'Bringing an old loan from a paper khata?' }).check()
      await page.getByLabel('Interest already due on the start date').fill(fields.oldDuesInterest)
    }
  }
}
