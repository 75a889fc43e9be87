import { expect, test } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import {
  backOnline,
  goOffline,
  goOnline,
  offlineReadyLender,
  secondDevice,
  unsaved,
} from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

const today = browserToday()

test('2. offline: the app reloads with no network, stays signed in, and takes every kind of edit', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { device, lender } = await offlineReadyLender(browser, 'Rampur', ['Meera'])
  const { page, shell } = device

  await goOffline(device)
  await page.reload()
  const people = new PeoplePage(page)
  await expect(people.row('Meera')).toHaveCount(1)
  await expect(page.getByText(lender.email)).toBeVisible()
  await expect(shell.sync).toHaveText('Offline')

  // Add a person, edit another, lend, take a deposit: each one change the server has not seen.
  const personForm = new PersonFormPage(page)
  await personForm.add({ name: 'Kiran', city: 'Rampur' })
  await people.row('Meera').getByRole('link', { name: 'Edit' }).click()
  await personForm.fill({ phone: '9876543210' })
  await personForm.submit()
  await expect(people.row('Meera')).toContainText('9876543210')
  await new LoanFormPage(page).add({
    person: 'Kiran',
    amount: '5000',
    rate: '2',
    type: 'Per Month',
    startDate: addDays(today, -30),
    dueDate: addDays(today, 60),
    description: 'Offline loan',
  })
  await people.goto()
  await people.row('Kiran').getByRole('link', { name: 'Loans' }).click()
  const personLoans = new PersonLoansPage(page)
  const kiranId = personLoans.personId()
  const deposit = new DepositPage(page)
  await deposit.goto(kiranId)
  await deposit.amount.fill('1000')
  await deposit.autoAllocate()
  await deposit.record()
  await expect(personLoans.figure(personLoans.card('Offline loan'), 'Paid')).toHaveText('₹1,000.00')
  await expect(shell.sync).toHaveText(/^Offline/)
  await expect(shell.sync).toContainText(unsaved(4))

  // Still offline, a second reload keeps the count: the changes are not forgotten either.
  await page.reload()
  await expect(shell.sync).toContainText(unsaved(4))

  await backOnline(device)
  await expect(shell.sync).not.toContainText('unsaved')

  // The server has all of it: a new device of the same lender sees it.
  const other = await secondDevice(browser, device)
  const otherPeople = new PeoplePage(other.page)
  await expect(otherPeople.row('Meera')).toContainText('9876543210')
  await otherPeople.row('Kiran').getByRole('link', { name: 'Loans' }).click()
  const otherLoans = new PersonLoansPage(other.page)
  await expect(otherLoans.figure(otherLoans.card('Offline loan'), 'Paid')).toHaveText('₹1,000.00')
})

test('a 100-edit offline backlog reaches the other device after reconnecting', async ({
  browser,
}) => {
  // Typing 100 people through the checked person form takes 1–2 s each on two cores.
  test.setTimeout(480_000)
  const { device: a } = await offlineReadyLender(browser, 'Rampur')
  const b = await secondDevice(browser, a)
  const peopleB = new PeoplePage(b.page)

  await goOffline(a)
  const people = new PeoplePage(a.page)
  await people.goto()
  const form = new PersonFormPage(a.page)
  const names = Array.from({ length: 100 }, (_, i) => `Backlog ${String(i + 1).padStart(3, '0')}`)
  for (const name of names) {
    // In-app navigation, as a lender entering a stack of records would do it.
    await a.page.getByRole('link', { name: 'Add', exact: true }).click()
    await form.fill({ name, city: 'Rampur' })
    await form.submit()
    await expect(people.count).toBeVisible()
  }
  await expect(people.count).toHaveText('Showing 100 of 100 people')
  await expect(a.shell.sync).toContainText(unsaved(100))
  await expect(peopleB.rows).toHaveCount(0)

  await goOnline(a)
  const start = Date.now()
  // The list renders only the rows on screen; its count line covers all of them.
  await expect(peopleB.count).toHaveText('Showing 100 of 100 people', { timeout: 30_000 })
  const elapsed = Date.now() - start
  await expect(peopleB.row(names[0]!)).toBeVisible()
  console.log(`100-edit offline backlog: on the other device ${elapsed} ms after reconnecting`)
  await a.shell.waitSynced()
})
