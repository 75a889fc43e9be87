import { expect, test } from '@playwright/test'
import { signUpWithBorrower } from './pages/borrower.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { TrashPage } from './pages/TrashPage.ts'

test('deleting a loan or a person moves it to Trash, and Restore brings it back', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpWithBorrower(page, { name: 'Dev', city: 'Rampur' })
  await new LoanFormPage(page).add({
    person: 'Dev',
    amount: '2500',
    rate: '24',
    dueDate: '2099-01-01',
  })

  const loans = new LoansPage(page)
  await expect(loans.rows).toHaveCount(1)
  const label = (
    await loans.rows
      .first()
      .getByText(/^Loan #/)
      .innerText()
  ).trim()
  const trash = new TrashPage(page)

  await test.step('a loan', async () => {
    await loans.delete(label)
    await expect(page.getByText('No loans found.')).toBeVisible()
    await trash.goto()
    await expect(trash.loans).toContainText(label)
    await trash.restore(trash.loans, label)
    await expect(page.getByText('No deleted loans.')).toBeVisible()
    await loans.goto()
    await expect(loans.row(label)).toHaveCount(1)
  })

  await test.step('a person, with their loans', async () => {
    const people = new PeoplePage(page)
    await people.goto()
    await people.delete('Dev')
    await expect(page.getByText('No people found.', { exact: true })).toBeVisible()
    await loans.goto()
    await expect(page.getByText('No loans found.')).toBeVisible()

    await trash.goto()
    await expect(trash.people).toContainText('Dev')
    await trash.restore(trash.people, 'Dev')
    await expect(page.getByText('No deleted people.')).toBeVisible()

    await people.goto()
    await expect(people.row('Dev')).toHaveCount(1)
    await loans.goto()
    await expect(loans.row(label)).toHaveCount(1)
  })
})
