import { expect, type Locator, type Page } from '@playwright/test'

/** `/users/{personId}/deposit`: amount, date, description and one allocation per loan. */
export class DepositPage {
  constructor(readonly page: Page) {}

  async goto(personId: string): Promise<void> {
    await this.page.goto(`/users/${personId}/deposit`)
    await expect(this.page.getByRole('heading', { name: /^Deposit for / })).toBeVisible()
  }

  get amount(): Locator {
    return this.page.getByLabel('Deposit Amount')
  }

  get date(): Locator {
    return this.page.getByLabel('Deposit Date')
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

  async record(): Promise<void> {
    await this.page.getByRole('button', { name: 'Record Deposit' }).click()
  }

  /** The form's message line. */
  get error(): Locator {
    return this.page.getByRole('main').getByRole('alert')
  }
}
