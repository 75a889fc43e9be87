/**
 * Issue 27: the dashboard says what was collected today and this month, as a Khatabook user
 * expects. Deposits today (one voided), one earlier this month and one last month: only the live
 * ones by their date count, on a 390 px phone and at 1280 px.
 */
import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { formatINR } from '../../shared/money.ts'
import { addBorrower, depositOn, loanTerms } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

const today = browserToday()
const day = (offset: number) => addDays(today, offset)
const monthStart = `${today.slice(0, 8)}01`

test('390 px and 1280 px: Collected today and this month count live deposits by their date', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const { device } = await newLenderDevice(browser, phone)
  const { page } = device
  const loan = loanTerms('shop', {
    amount: 50_000_00,
    interestRate: 2,
    interestType: 'per_month',
    startDate: day(-90),
    dueDate: day(90),
  })
  const { personId, label } = await addBorrower(page, {
    name: 'Kamla',
    village: 'Rampur',
    loans: [{ loan, description: 'Shop' }],
  })
  const shop = label.Shop as string
  const deposits = [
    { date: today, paise: 1_500_00 },
    { date: today, paise: 700_00 }, // voided below
    { date: monthStart, paise: 2_000_00 }, // the 1st of this month (today, on the 1st)
    { date: addDays(monthStart, -1), paise: 900_00 }, // last month
  ]
  for (const d of deposits) await depositOn(page, personId, shop, d.date, d.paise)
  const personLoans = new PersonLoansPage(page)
  const payments = page.getByRole('list', { name: 'All payments' })
  await personLoans.voidRow(
    payments.getByRole('listitem').filter({ hasText: formatINR(700_00) }),
    'Counted twice',
  )

  const expectedToday = 1_500_00 + (monthStart === today ? 2_000_00 : 0)
  const expectedMonth = 1_500_00 + 2_000_00
  const dashboard = new DashboardPage(page)
  const collected = page.getByRole('group', { name: 'Cash collected' })
  const figure = (name: string) =>
    collected.getByRole('group', { name, exact: true }).locator('[data-figure]')
  for (const viewport of [phone.viewport, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport as { width: number; height: number })
    await dashboard.goto()
    await expect(figure('Collected today')).toHaveText(formatINR(expectedToday))
    await expect(figure('Collected this month')).toHaveText(formatINR(expectedMonth))
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0)
  }
  test.info().annotations.push({
    type: 'collected',
    description: `today ${formatINR(expectedToday)} (₹700.00 voided left out), this month ${formatINR(expectedMonth)} (₹900.00 on ${formatDisplayDate(addDays(monthStart, -1))} left out)`,
  })

  // Undo the void: the ₹700.00 counts again, at once.
  await personLoans.goto(personId, 'Kamla')
  await page
    .getByRole('table', { name: 'All payments' })
    .getByRole('row')
    .filter({ hasText: formatINR(700_00) })
    .getByRole('button', { name: 'Undo void' })
    .click()
  await dashboard.goto()
  await expect(figure('Collected today')).toHaveText(formatINR(expectedToday + 700_00))
  await expect(figure('Collected this month')).toHaveText(formatINR(expectedMonth + 700_00))
})
