import { expect, test, type Page } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { balanceDue, type LedgerLoan } from '../../shared/ledger/engine.ts'
import { paiseToRupeeInput } from '../../shared/money.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import {
  appInstalled,
  goOffline,
  newLenderDevice,
  phone,
  unsaved,
  type Device,
} from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { animationsDone, goInApp } from './pages/screens.ts'
import { scan, tapTargets, type Impact } from './pages/a11y.ts'

const today = browserToday()
const desktop = { viewport: { width: 1280, height: 800 } }

/** The loan that gets paid off: started today, so its balance due is its principal. */
const paidLoan: LedgerLoan = {
  id: 'B',
  personId: 'p',
  amount: 5_000_00,
  interestRate: 12,
  interestType: 'per_annum',
  startDate: today,
  dueDate: addDays(today, 30),
  status: 'active',
  createdAt: '2',
  payments: [],
}

/** Waits for the screen's heading (or the error page's text) and for Chakra's entry animations. */
async function settled(page: Page): Promise<void> {
  await page
    .getByRole('heading', { level: 1 })
    .or(page.getByText('Some Error Occured in Application'))
    .first()
    .waitFor()
  await animationsDone(page)
}

/** A lender's book on `device`: one person, two loans (one paid off) and a deposit, synced. */
async function sweepBook(device: Device): Promise<{ personId: string; loanId: string }> {
  const { page } = device
  // Screens may take longer than usual to appear while the scans share the machine, so this
  // setup waits up to a minute.
  const slow = expect.configure({ timeout: 60_000 })
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 })
  await page.goto('/city')
  await slow(heading('Cities')).toBeVisible()
  await new CitiesPage(page).add('Sitapur')
  const person = new PersonFormPage(page)
  await page.goto('/people/add')
  await slow(heading('Add Person')).toBeVisible()
  await person.fill({ name: 'Kamla Devi', city: 'Sitapur', phone: '9876543210' })
  await person.submit()
  await slow(page).toHaveURL(/\/people$/)
  const personHref = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
  const personId = personHref?.split('/').pop() ?? ''
  expect(personId).not.toBe('')
  const form = new LoanFormPage(page)
  for (const loan of [
    {
      amount: '10000',
      rate: '2',
      type: 'Per Month' as const,
      startDate: addDays(today, -45),
      dueDate: addDays(today, 60),
      description: 'Seeds for the rabi crop',
    },
    {
      amount: '5000',
      rate: '12',
      startDate: paidLoan.startDate,
      dueDate: paidLoan.dueDate,
      description: 'School fees',
    },
  ]) {
    await page.goto('/loans/add')
    await slow(heading('Add Loan')).toBeVisible()
    await form.fill({ person: 'Kamla Devi', ...loan })
    await form.submit()
    await slow(page).toHaveURL(/\/loans$/)
  }
  const editHref = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
  const loanId = editHref?.split('/').pop() ?? ''
  expect(loanId).not.toBe('')
  const personLoans = new PersonLoansPage(page)
  await page.goto(`/users/${personId}/loans`)
  await slow(personLoans.card('School fees')).toBeVisible()
  const paidLabel = await personLoans.loanLabel('School fees')
  const deposit = new DepositPage(page)
  await page.goto(`/users/${personId}/deposit`)
  await slow(deposit.amount).toBeVisible()
  await deposit.amount.fill(paiseToRupeeInput(balanceDue(paidLoan, today)))
  await deposit.payFull(paidLabel)
  await deposit.record()
  await slow(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))
  await slow(personLoans.card('School fees')).toContainText('Paid')
  await device.shell.waitSynced()
  await appInstalled(device)
  return { personId, loanId }
}

/** Every route of the app for a book with this person and loan, the not-found page last. */
function routesOf(personId: string, loanId: string): string[] {
  return [
    '/dashboard',
    '/city',
    '/people',
    '/people/add',
    `/people/edit/${personId}`,
    `/people/${personId}`,
    `/users/${personId}/loans`,
    `/users/${personId}/deposit`,
    `/users/${personId}/statement`,
    '/loans',
    `/loans/add?personId=${personId}`,
    `/loans/edit/${loanId}`,
    '/trash',
    '/settings',
    '/no/such/page',
  ]
}

// The phone and the desk are two lenders' devices, swept at the same time.
test.describe.configure({ mode: 'parallel' })

for (const [name, options] of [
  ['phone 390×844', phone],
  ['desktop 1280×800', desktop],
] as const) {
  test(`${name}: every screen, synced and offline with an unsaved change, and signed out: no serious or critical axe violation, every button a 44 px target`, async ({
    browser,
  }) => {
    test.setTimeout(900_000)
    const { device } = await newLenderDevice(browser, options)
    const { personId, loanId } = await sweepBook(device)
    const routes = routesOf(personId, loanId)
    const problems: string[] = []
    const report: Record<string, Record<Impact, number>> = {}

    async function scanAll(state: string): Promise<void> {
      const counts = { minor: 0, moderate: 0, serious: 0, critical: 0 }
      report[state] = counts
      for (const route of routes) {
        await goInApp(device.page, route)
        await settled(device.page)
        await scan(device.page, `${state} ${route}`, counts, problems)
        await tapTargets(device.page, `${state} ${route}`, problems)
      }
    }

    await scanAll(`${name}, synced`)

    await device.page.goto('/dashboard')
    await settled(device.page)
    await goOffline(device)
    await new PersonFormPage(device.page).add({ name: 'Offline Omkar', city: 'Sitapur' })
    await expect(device.shell.sync).toContainText(unsaved(1))
    await scanAll(`${name}, offline, 1 unsaved`)
    // The last route scanned is the not-found page, which has no shell: back to one that has.
    await device.page.goto('/dashboard')
    await settled(device.page)
    await expect(device.shell.sync).toContainText(unsaved(1))

    // The login page, signed out (offline, so the lender is asked first).
    const state = `${name}, signed out`
    const counts = { minor: 0, moderate: 0, serious: 0, critical: 0 }
    report[state] = counts
    await device.shell.pressLogout()
    await device.page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Log out anyway' })
      .click()
    await expect(device.page).toHaveURL(/\/login$/)
    await settled(device.page)
    await scan(device.page, `${state} /login`, counts, problems)
    await tapTargets(device.page, `${state} /login`, problems)

    // For the lead to quote: axe's violations (affected elements) by impact, per state.
    for (const [state, counts] of Object.entries(report)) {
      console.log(
        `axe ${state}: critical ${counts.critical}, serious ${counts.serious}, moderate ${counts.moderate}, minor ${counts.minor}`,
      )
    }
    expect(problems).toEqual([])
  })
}
