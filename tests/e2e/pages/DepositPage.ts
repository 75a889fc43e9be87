import { expect, type Locator, type Page } from '@playwright/test'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { paiseToRupeeInput } from '../../../shared/money.ts'
import { openScreen } from './screens.ts'

/** `/users/{personId}/deposit`: amount, date, description and one allocation per loan. */
export class DepositPage {
  constructor(readonly page: Page) {}

  /** `timeout`: how long the page may take to show, when a big book makes it longer. */
  async goto(personId: string, timeout?: number): Promise<void> {
    await openScreen(this.page, `/users/${personId}/deposit`)
    await expect(this.page.getByRole('heading', { name: /^Deposit for / })).toBeVisible({
      timeout,
    })
  }

  get amount(): Locator {
    return this.page.getByLabel('Deposit Amount')
  }

  /** The date's text box, which shows and takes DD/MM/YYYY. */
  get date(): Locator {
    return this.page.getByLabel('Deposit Date', { exact: true })
  }

  /** Types the deposit date as a lender would (DD/MM/YYYY); tests may pass an ISO date. */
  async fillDate(date: string): Promise<void> {
    await this.date.fill(isIsoDate(date) ? formatDisplayDate(date) : date)
  }

  get description(): Locator {
    return this.page.getByLabel('Description')
  }

  /** The allocation input of the loan labelled `Loan #xxxxxx`. */
  allocation(loanLabel: string): Locator {
    return this.page.getByLabel(`Allocation for ${loanLabel}`)
  }

  async payFull(loanLabel: string): Promise<void> {
    await this.page
      .getByRole('group', { name: loanLabel })
      .getByRole('button', { name: 'Pay Full' })
      .click()
  }

  async autoAllocate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Auto-allocate' }).click()
  }

  get recordButton(): Locator {
    return this.page.getByRole('button', { name: 'Record Deposit' })
  }

  async record(): Promise<void> {
    await this.recordButton.click()
  }

  /** Types a deposit of `paise` on `date` (with `description`, if any), all to one loan; records it. */
  async recordOn(
    loanLabel: string,
    paise: number,
    date: string,
    description?: string,
  ): Promise<void> {
    await this.amount.fill(paiseToRupeeInput(paise))
    await this.fillDate(date)
    if (description !== undefined) await this.description.fill(description)
    await this.allocation(loanLabel).fill(paiseToRupeeInput(paise))
    await this.record()
  }

  /** The live preview of what the deposit does (cards on a phone, a table on a wide screen). */
  get preview(): Locator {
    return this.page.getByRole('main').getByLabel('Preview', { exact: true })
  }

  /** The form's message line. */
  get error(): Locator {
    return this.page.getByRole('main').getByRole('alert')
  }

  /** The rest of the cash not on any loan, with the ways to place it (absent when none). */
  get rest(): Locator {
    return this.page.getByRole('main').getByRole('group', { name: 'Rest of the deposit' })
  }

  /** "Put ₹X on <loan>": the rest joins that loan's allocation, as overpaid. */
  async putRestOn(loan: string): Promise<void> {
    await this.rest.getByRole('button', { name: new RegExp(`^Put ₹[\\d,.]+ on ${loan}$`) }).click()
  }

  /** The offer to keep what goes beyond settling `loan` on it as overpaid (absent when none). */
  overSettling(loan: string): Locator {
    return this.page.getByRole('main').getByRole('group', { name: `More than settles ${loan}` })
  }
}
