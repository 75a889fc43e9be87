import { expect, test, type BrowserContextOptions, type Locator } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'

/**
 * Issue 13, "who owes me what at a glance": the dashboard puts the people whose money needs
 * action first (overdue, then due within 7 days), flags them, and finds a person by village or
 * phone; on a phone each person is one compact row with a Deposit button a thumb can hit.
 */
const today = browserToday()

// Later Lal owes the most, so the old "largest due first" order would have put him first.
const people = [
  {
    name: 'Overdue Om',
    city: 'Bhainsa Kheda',
    phone: '9811111111',
    loan: { amount: '2000', startDate: addDays(today, -60), dueDate: addDays(today, -5) },
    badge: 'Overdue',
  },
  {
    name: 'Soon Sita',
    city: 'Chandpur Khurd',
    phone: '9822222222',
    loan: { amount: '5000', startDate: addDays(today, -30), dueDate: addDays(today, 3) },
    badge: 'Due in 3 days',
  },
  {
    name: 'Later Lal',
    city: 'Dongarpur',
    phone: '9833333333',
    loan: { amount: '90000', startDate: addDays(today, -10), dueDate: addDays(today, 90) },
    badge: null,
  },
] as const

const sizes: [string, BrowserContextOptions][] = [
  ['phone 390×844', phone],
  ['desktop 1280×800', { viewport: { width: 1280, height: 800 } }],
]

for (const [size, options] of sizes) {
  test(`${size}: overdue first, then due soon, then the rest; search by village and phone; People shows what each owes today`, async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const { device } = await newLenderDevice(browser, options)
    const { page } = device
    // Each screen's code loads on first use: on a slow, shared machine allow more than 10 s.
    const open = async (path: string, heading: string) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 60_000 })
    }
    const cities = new CitiesPage(page)
    await open('/city', 'Cities')
    for (const p of people) await cities.add(p.city)
    const personForm = new PersonFormPage(page)
    const loanForm = new LoanFormPage(page)
    // Added in the opposite order to the one the dashboard must show.
    for (const p of [...people].reverse()) {
      await open('/people/add', 'Add Person')
      await personForm.fill({ name: p.name, city: p.city, phone: p.phone })
      await personForm.submit()
      await expect(page).toHaveURL(/\/people$/, { timeout: 60_000 })
      await open('/loans/add', 'Add Loan')
      await loanForm.fill({ person: p.name, rate: '12', description: `for ${p.name}`, ...p.loan })
      await loanForm.submit()
      await expect(page).toHaveURL(/\/loans$/, { timeout: 60_000 })
    }

    const dashboard = new DashboardPage(page)
    await open('/dashboard', 'Loan Dashboard')
    const wide = size.startsWith('desktop')
    const rows = wide ? dashboard.tableRows : dashboard.items
    const rowOf = (name: string): Locator => (wide ? dashboard.row(name) : dashboard.item(name))
    await expect(rows).toHaveCount(3)
    for (const [i, p] of people.entries()) {
      const row = rows.nth(i)
      await expect(row).toContainText(p.name)
      await expect(row).toContainText(p.city)
      if (p.badge) await expect(row).toContainText(p.badge)
    }
    // Only the two that need action carry a badge.
    await expect(rowOf('Later Lal')).not.toContainText(/Overdue|Due in/)
    await expect(rowOf('Soon Sita')).not.toContainText('Overdue')

    if (wide) {
      await expect(await dashboard.cell(dashboard.row('Overdue Om'), 'Next due')).toHaveText(
        'Overdue',
      )
      await expect(await dashboard.cell(dashboard.row('Soon Sita'), 'Next due')).toHaveText(
        'Due in 3 days',
      )
      // Each row's actions are thumb-sized (44×44 px at least), not small table buttons.
      const row = dashboard.row('Overdue Om')
      for (const action of [
        row.getByRole('link', { name: 'View Details' }),
        row.getByRole('link', { name: 'Deposit' }),
        row.getByRole('button', { name: 'More for Overdue Om' }),
      ]) {
        const box = await action.boundingBox()
        expect(box?.height, String(action)).toBeGreaterThanOrEqual(44)
        expect(box?.width, String(action)).toBeGreaterThanOrEqual(44)
      }
      // Loan More is one tap further, in the row's More menu; the row stays one line high.
      const menu = await dashboard.rowMenu('Overdue Om')
      await expect(menu.getByRole('menuitem', { name: 'Loan More' })).toBeVisible()
      await page.keyboard.press('Escape')
      expect((await row.boundingBox())?.height).toBeLessThan(80)
    } else {
      // One compact row per person, and a Deposit button a thumb can hit.
      for (const p of people) {
        const row = dashboard.item(p.name)
        const box = await row.boundingBox()
        expect(box?.height).toBeGreaterThanOrEqual(56)
        expect(box?.height).toBeLessThanOrEqual(72)
        const deposit = await row.getByRole('link', { name: 'Deposit' }).boundingBox()
        expect(deposit?.height).toBeGreaterThanOrEqual(44)
      }
      // Nothing is wider than the phone.
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(wider).toBeLessThanOrEqual(0)
    }

    // Search by village (any case) and by phone (however it is spaced); the box says so.
    await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveAttribute(
      'placeholder',
      'Search by name, phone or village',
    )
    await dashboard.search('chandpur')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Soon Sita')
    await dashboard.search('98333 33333')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Later Lal')
    await dashboard.search('')
    await expect(rows).toHaveCount(3)

    // People shows what each person owes today, the same figure as the dashboard (never the
    // stored opening balance), and sorting by it puts the largest first.
    const dueOnDashboard = new Map<string, string>()
    for (const p of people) {
      const text = wide
        ? await (await dashboard.cell(dashboard.row(p.name), 'Due today')).innerText()
        : await dashboard.item(p.name).innerText()
      const due = /₹[\d,]+\.\d{2}/.exec(text)?.[0] ?? ''
      expect(due).not.toBe('')
      dueOnDashboard.set(p.name, due)
    }
    const peoplePage = new PeoplePage(page)
    await peoplePage.goto()
    const personOf = (name: string): Locator =>
      wide ? peoplePage.row(name) : page.getByRole('article', { name, exact: true })
    for (const p of people) {
      await expect(personOf(p.name)).toContainText(dueOnDashboard.get(p.name) ?? '')
    }
    await expect(personOf('Later Lal')).not.toContainText('₹0.00')
    await peoplePage.sortBy('Due today', 'Descending')
    const order = wide
      ? await peoplePage.names()
      : await page
          .getByRole('main')
          .getByRole('article')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''))
    expect(order[0]).toBe('Later Lal')
    await dashboard.goto()

    // The Deposit link of the overdue person leads to their deposit page.
    await rowOf('Overdue Om').getByRole('link', { name: 'Deposit' }).click()
    await expect(page).toHaveURL(/\/users\/[^/]+\/deposit$/)
  })
}
