import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { signUpWithBorrower } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { phone } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

/**
 * Issue 13, "names, not ids": a loan is labelled by its borrower in the loan list, and, on the
 * borrower's own pages (where every loan has the same borrower), by what tells it apart: its
 * description, amount and start date. `Loan #xxxxxx` stays under it as the secondary label.
 */
const today = browserToday()
const tractor = { description: 'Tractor', amount: '50000', startDate: addDays(today, -30) }
const plain = { description: '', amount: '20000', startDate: addDays(today, -10) }
const tractorTitle = `Tractor · ₹50,000 from ${formatDisplayDate(tractor.startDate)}`
const plainTitle = `₹20,000 from ${formatDisplayDate(plain.startDate)}`

for (const [size, options] of [
  ['phone 390×844', phone],
  ['desktop 1280×800', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(size, () => {
    test.use(options)

    test('a loan is named by its borrower, or among their loans by what tells it apart, with Loan # under it', async ({
      page,
    }) => {
      test.setTimeout(150_000)
      await signUpWithBorrower(page, { name: 'Kamla Devi', city: 'Rampur' })
      const loanForm = new LoanFormPage(page)
      for (const loan of [tractor, plain]) {
        await loanForm.add({
          person: 'Kamla Devi',
          amount: loan.amount,
          rate: '12',
          startDate: loan.startDate,
          dueDate: addDays(loan.startDate, 60),
          ...(loan.description && { description: loan.description }),
        })
      }

      // The loan list: the borrower's name first, `Loan #xxxxxx` under it.
      await page.goto('/loans')
      const ids = page.getByRole('main').getByText(/^Loan #.{6}$/)
      await expect(ids).toHaveCount(2)
      for (const id of await ids.all()) {
        expect(await id.locator('..').innerText()).toMatch(/^Kamla Devi\s+Loan #.{6}$/)
      }

      // Her own page: each card is titled by its description, amount and start date.
      await page.getByRole('main').getByRole('link', { name: 'View Details' }).first().click()
      const personLoans = new PersonLoansPage(page)
      await expect(page.getByRole('heading', { name: 'Kamla Devi', level: 1 })).toBeVisible()
      const personId = personLoans.personId()
      for (const [description, title] of [
        ['Tractor', tractorTitle],
        [plainTitle, plainTitle],
      ] as const) {
        const card = personLoans.card(description)
        await expect(card.getByText(title, { exact: true })).toBeVisible()
        await expect(card.getByText(/^Loan #.{6}$/)).toBeVisible()
      }
      const tractorId = await personLoans.loanLabel('Tractor')

      // The deposit page names each allocation and each preview line the same way.
      const deposit = new DepositPage(page)
      await deposit.goto(personId)
      const tractorRow = page.getByRole('group', { name: `${tractorTitle} (${tractorId})` })
      await expect(tractorRow.getByText(tractorTitle, { exact: true })).toBeVisible()
      await expect(tractorRow.getByText(tractorId, { exact: true })).toBeVisible()
      await expect(page.getByRole('group', { name: plainTitle })).toBeVisible()
      // The amount opens at what is due today, so the preview covers both loans.
      await expect(deposit.preview).toContainText(tractorTitle)
      await expect(deposit.preview).toContainText(plainTitle)
      await expect(deposit.preview).toContainText(tractorId)
      await deposit.record()
      await expect(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))

      // Every payment line says which loan it paid, by name, with its Loan # under it.
      const payments = page.getByRole('main').getByLabel('All payments', { exact: true })
      await expect(payments).toContainText(tractorTitle)
      await expect(payments).toContainText(plainTitle)
      await expect(payments).toContainText(tractorId)
    })
  })
}
