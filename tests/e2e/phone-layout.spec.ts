import { expect, test, type Page } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { addCityAndPerson } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { goOffline, newLenderDevice, readyForOffline, unsaved } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { everyScreen, goInApp } from './pages/screens.ts'

const today = browserToday()
const WIDTH = 360
const HEIGHT = 740

/** How far the page is wider than the screen (0 when nothing overflows). */
async function overflow(page: Page, screenWidth = WIDTH): Promise<number> {
  return page.evaluate(
    (width) =>
      Math.max(
        document.documentElement.scrollWidth - window.innerWidth,
        document.documentElement.scrollWidth - width,
      ),
    screenWidth,
  )
}

/** The desktop size the done-when names beside the phone's. */
const DESKTOP = { width: 1280, height: 800 }

/** The shell's controls are whole and on screen: Menu (with Logout) and the bottom tabs. */
async function shellOnScreen(page: Page): Promise<string[]> {
  const problems: string[] = []
  for (const [name, locator] of [
    ['Menu', page.getByRole('button', { name: 'Menu' })],
    [
      'Cities tab',
      page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Cities' }),
    ],
  ] as const) {
    const box = await locator.boundingBox()
    const whole = await locator.evaluate((el) => el.scrollWidth <= el.clientWidth)
    if (!box || box.x < 0 || box.x + box.width > WIDTH || box.y + box.height > HEIGHT || !whole) {
      problems.push(`${name} is cut off or off screen`)
    }
  }
  return problems
}

test('360 px (and 1280×800): no route scrolls sideways, online and synced or offline with unsaved changes', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const { device } = await newLenderDevice(browser, {
    viewport: { width: WIDTH, height: HEIGHT },
    isMobile: true,
    hasTouch: true,
  })
  const { page, shell } = device
  await addCityAndPerson(page, {
    name: 'Ramesh Chandra Prasad Srivastava',
    city: 'Khurd Kalan Basti',
    phone: '9876543210',
  })
  await new LoanFormPage(page).add({
    person: 'Ramesh Chandra',
    amount: '2500000',
    rate: '24',
    startDate: addDays(today, -40),
    dueDate: addDays(today, 300),
    description: 'Tractor for the kharif season, to be repaid after harvest',
  })
  const editHref = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
  const loanId = editHref?.split('/').pop() ?? ''
  await page.goto('/people')
  const personHref = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
  const personId = personHref?.split('/').pop() ?? ''
  expect(loanId).not.toBe('')
  expect(personId).not.toBe('')
  await readyForOffline(device)

  const routes = everyScreen(personId, loanId)
  const problems: string[] = []
  async function visitAll(state: string): Promise<void> {
    for (const route of routes) {
      await goInApp(page, route)
      const wider = await overflow(page)
      if (wider > 0) problems.push(`${state} ${route}: ${wider}px wider than the screen`)
      for (const p of await shellOnScreen(page)) problems.push(`${state} ${route}: ${p}`)
    }
  }
  // The same routes on a laptop screen: wide tables scroll inside their frame, never the page.
  async function visitAllOnDesktop(state: string): Promise<void> {
    await page.setViewportSize(DESKTOP)
    for (const route of routes) {
      await goInApp(page, route)
      const wider = await overflow(page, DESKTOP.width)
      if (wider > 0) problems.push(`desktop ${state} ${route}: ${wider}px wider than the screen`)
    }
    await page.setViewportSize({ width: WIDTH, height: HEIGHT })
  }

  await visitAll('synced')
  await visitAllOnDesktop('synced')
  await goOffline(device)
  await new PersonFormPage(page).add({ name: 'Offline Omkar', city: 'Khurd Kalan Basti' })
  await expect(shell.sync).toContainText(unsaved(1))
  await visitAll('offline, 1 unsaved')
  await visitAllOnDesktop('offline, 1 unsaved')
  await expect(shell.sync).toContainText(unsaved(1))

  // The login page, signed out (offline: the lender is asked first).
  await shell.logOutAnyway()
  const wider = await overflow(page)
  if (wider > 0) problems.push(`signed out /login: ${wider}px wider than the screen`)

  expect(problems).toEqual([])
})
