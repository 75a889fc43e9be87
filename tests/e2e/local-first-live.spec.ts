import { expect, test } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { addCity } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { ackValve, newLenderDevice, secondDevice, unsaved } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

const today = browserToday()
// The promise: what one device saves shows on the other within a second, without a reload.
// `waitFor` watches the page continuously (expect's retries back off), so the times are exact.
const LIVE = { state: 'visible', timeout: 1_000 } as const

test('1. live: a person, a loan and a deposit made on one device show on the other within 1 s', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { device: a } = await newLenderDevice(browser)
  await addCity(a.page, 'Rampur')
  const b = await secondDevice(browser, a)
  const seen: string[] = []
  const timed = async (what: string, act: () => Promise<void>, shown: () => Promise<void>) => {
    await act()
    // Timed from the moment the click has landed on the first device.
    const start = Date.now()
    await shown()
    seen.push(`${what} ${Date.now() - start} ms`)
  }

  const peopleB = new PeoplePage(b.page)
  const personForm = new PersonFormPage(a.page)
  await personForm.gotoAdd()
  await personForm.fill({ name: 'Asha', city: 'Rampur' })
  await timed(
    'person',
    () => personForm.submit(),
    () => peopleB.row('Asha').waitFor(LIVE),
  )

  const loansB = new LoansPage(b.page)
  await loansB.goto()
  const loanForm = new LoanFormPage(a.page)
  await loanForm.gotoAdd()
  await loanForm.fill({
    person: 'Asha',
    amount: '5000',
    rate: '2',
    type: 'Per Month',
    startDate: addDays(today, -30),
    dueDate: addDays(today, 60),
    description: 'Live loan',
  })
  await timed(
    'loan',
    () => loanForm.submit(),
    () => loansB.rows.first().waitFor(LIVE),
  )

  await loansB.rows.first().getByRole('link', { name: 'View Details' }).click()
  const personLoansB = new PersonLoansPage(b.page)
  const totalPaidB = personLoansB.figure(personLoansB.card('Live loan'), 'Paid')
  await expect(totalPaidB).toHaveText('₹0.00')
  const deposit = new DepositPage(a.page)
  await deposit.goto(personLoansB.personId())
  await deposit.amount.fill('500')
  await deposit.autoAllocate()
  await timed(
    'deposit',
    () => deposit.record(),
    () => totalPaidB.filter({ hasText: '₹500.00' }).waitFor(LIVE),
  )
  console.log(`live: shown on the other device after ${seen.join(', ')}`)
})

test('3. honest "Synced": shown only once the server has acknowledged storing the change', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const { device: a } = await newLenderDevice(browser)
  await addCity(a.page, 'Rampur')
  await a.shell.waitSynced()
  const acks = await ackValve(a.context)
  // Only sockets opened from here on pass the valve: the page opens its own again.
  await a.page.reload()
  const b = await secondDevice(browser, a)

  acks.hold()
  await new PersonFormPage(a.page).add({ name: 'Honest', city: 'Rampur' })
  // The other device has it, so the server has applied and stored it; the socket is open. But
  // the acknowledgement is held back, so this device must not claim the change is saved.
  await expect(new PeoplePage(b.page).row('Honest')).toHaveCount(1)
  await expect(a.shell.sync).toHaveText(/^Syncing/)
  await expect(a.shell.sync).toContainText(unsaved(1))

  acks.release()
  await expect(a.shell.sync).toHaveText('Synced')
})
