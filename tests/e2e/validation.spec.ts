import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { personMessages } from '../../src/features/people/personForm.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { signUpNewLender } from './pages/LoginPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

const today = browserToday()

test('every validation message of spec §5 appears for its input, and nothing is saved', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpNewLender(page)
  const alert = page.getByRole('main').getByRole('alert')

  await test.step('city: a blank name is ignored', async () => {
    const cities = new CitiesPage(page)
    await cities.goto()
    await cities.add('Rampur')
    await cities.add('   ')
    // Cities are shared by every lender (and every test), so look for a blank row, not a count.
    const names = await cities.rows.locator('td:first-child').allInnerTexts()
    expect(names.length).toBeGreaterThan(0)
    expect(names.filter((name) => name.trim() === '')).toEqual([])
  })

  await test.step('person: name and city are required, with a visible message', async () => {
    const form = new PersonFormPage(page)
    await form.gotoAdd()
    // Each message sits beside its field; the first field to fix gets the focus.
    await form.submit()
    await expect(form.error('Name')).toHaveText(personMessages.nameRequired)
    await expect(form.error('City')).toHaveText(personMessages.cityRequired)
    await expect(page.getByLabel('Name')).toBeFocused()
    await form.fill({ name: '   ' })
    await form.submit()
    await expect(form.error('Name')).toHaveText(personMessages.nameRequired)
    await form.fill({ name: 'Kiran' })
    await form.submit()
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(form.error('City')).toHaveText(personMessages.cityRequired)
    await expect(page.getByLabel('City')).toBeFocused()
    await expect(page).toHaveURL(/\/people\/add$/)
    const people = new PeoplePage(page)
    await people.goto()
    await expect(page.getByText('No people found.')).toBeVisible()
    await expect(people.count).toHaveText('Showing 0 of 0 people')
  })

  await test.step('loan: required fields, due after start, input limits', async () => {
    await new PersonFormPage(page).add({ name: 'Kiran', city: 'Rampur' })
    const form = new LoanFormPage(page)
    await form.gotoAdd()
    await expect(page.getByLabel('Amount')).toHaveAttribute('min', '1')
    await expect(page.getByLabel('Amount')).toHaveAttribute('step', '0.01')
    await expect(page.getByLabel('Interest Rate (%)')).toHaveAttribute('min', '0')
    await expect(page.getByLabel('Interest Rate (%)')).toHaveAttribute('step', '0.01')
    // Dates are DD/MM/YYYY whatever the browser's language; the calendar of the due date
    // offers no day up to the start date.
    await expect(page.getByLabel('Start Date', { exact: true })).toHaveValue(
      formatDisplayDate(today),
    )
    await page.getByRole('button', { name: 'Choose Due Date from a calendar' }).click()
    const day = (date: string) =>
      page
        .locator(`[data-part="table-cell-trigger"][data-value="${date}"]`)
        .filter({ visible: true })
    await expect(day(addDays(today, 1))).toBeVisible()
    await expect(day(addDays(today, 1))).not.toHaveAttribute('aria-disabled', 'true')
    await expect(day(today)).toHaveAttribute('aria-disabled', 'true')
    await page.keyboard.press('Escape')
    await form.submit()
    await expect(alert).toHaveText('Please fill in all required fields')
    await form.fill({
      person: 'Kiran',
      amount: '1000',
      rate: '12',
      startDate: today,
      dueDate: addDays(today, -1),
    })
    await form.submit()
    await expect(alert).toHaveText('Due date must be after start date')
    await form.fill({ dueDate: today })
    await form.submit()
    await expect(alert).toHaveText('Due date must be after start date')
    await new LoansPage(page).goto()
    await expect(page.getByText('No loans found.')).toBeVisible()

    await page.goto('/loans/edit/no-such-loan')
    await expect(page.getByText('Loan not found')).toBeVisible()
  })

  await test.step('deposit: each message in order; nothing is recorded', async () => {
    const form = new LoanFormPage(page)
    await form.add({
      person: 'Kiran',
      amount: '1000',
      rate: '12',
      startDate: addDays(today, -10),
      dueDate: addDays(today, 20),
      description: 'Seed money',
    })
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'Deposit' }).click()
    const personLoans = new PersonLoansPage(page)
    const personId = personLoans.personId()
    await personLoans.goto(personId, 'Kiran')
    const label = await personLoans.loanLabel('Seed money')

    const deposit = new DepositPage(page)
    await deposit.goto(personId)
    await expect(deposit.amount).toHaveAttribute('min', '0.01')
    // The form opens with what is due today; an emptied amount is refused.
    await deposit.amount.fill('')
    await deposit.record()
    await expect(deposit.error).toHaveText('Please enter a valid deposit amount')
    await deposit.amount.fill('0')
    await deposit.record()
    await expect(deposit.error).toHaveText('Please enter a valid deposit amount')

    await deposit.amount.fill('100')
    await deposit.fillDate('')
    await deposit.record()
    await expect(deposit.error).toHaveText('Please select a deposit date')

    await deposit.fillDate(addDays(today, 1))
    await deposit.record()
    await expect(deposit.error).toHaveText('Deposit date cannot be in the future')

    await deposit.fillDate(today)
    await deposit.allocation(label).fill('200')
    await deposit.record()
    await expect(deposit.error).toHaveText('Total allocated amount cannot exceed deposit amount')

    await deposit.allocation(label).fill('')
    await deposit.record()
    await expect(deposit.error).toHaveText(
      'Please allocate the deposit amount to at least one loan',
    )

    await personLoans.goto(personId, 'Kiran')
    await expect(page.getByText('No payments yet.').filter({ visible: true })).toBeVisible()
    await expect(personLoans.allPayments).toHaveCount(0)
  })
})

test('an unknown person shows Person not found on their loans and deposit pages', async ({
  page,
}) => {
  await signUpNewLender(page)
  await page.goto('/users/nobody/loans')
  await expect(page.getByText('Person not found')).toBeVisible()
  await page.goto('/users/nobody/deposit')
  await expect(page.getByText('Person not found')).toBeVisible()
})
