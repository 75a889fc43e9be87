import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { strFromU8 } from 'fflate'
import { BOOK_VERSION, PAYMENT_CSV_FIELDS } from '../../shared/book/export.ts'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import {
  appInstalled,
  goOffline,
  goOnline,
  newLenderDevice,
  secondDevice,
  type Device,
} from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'
import { TrashPage } from './pages/TrashPage.ts'

const today = browserToday()
const day = (offset: number) => addDays(today, offset)
const TILES = ['Borrowers', 'Active Loans', 'Principal left', 'Interest due', 'Due today'] as const

/** A small book through the forms: a city, a person, two loans, two deposits, one voided. */
async function smallBook(page: Page): Promise<void> {
  // The first full load of a route can be slow on a busy two-core machine; later ones are not.
  await page.goto('/city')
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible({ timeout: 60_000 })
  await new CitiesPage(page).add('सीतापुर')
  await new PersonFormPage(page).add({ name: 'रमेश Kumar', city: 'सीतापुर' })
  const form = new LoanFormPage(page)
  for (const [description, amount, startDate] of [
    ['Tractor', '50000', day(-90)],
    ['Seeds', '12000.50', day(-30)],
  ] as const) {
    await form.add({
      person: 'रमेश Kumar',
      amount,
      rate: '2',
      type: 'Per Month',
      startDate,
      dueDate: day(200),
      description,
    })
  }
  const people = new PeoplePage(page)
  await people.goto()
  await people.row('रमेश Kumar').getByRole('link', { name: 'Loans' }).click()
  const personLoans = new PersonLoansPage(page)
  await expect(page.getByRole('heading', { name: 'रमेश Kumar', level: 1 })).toBeVisible()
  const personId = personLoans.personId()
  const tractor = await personLoans.loanLabel('Tractor')
  for (const amount of ['2000', '7000']) {
    const deposit = new DepositPage(page)
    await deposit.goto(personId)
    await deposit.amount.fill(amount)
    await deposit.fillDate(day(-10))
    await deposit.allocation(tractor).fill(amount)
    await deposit.record()
    await expect(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))
  }
  await personLoans.showDetails(personLoans.card('Tractor'))
  const typo = personLoans
    .dataRows(personLoans.history(tractor))
    .filter({ hasText: '₹7,000.00' })
    .first()
  await personLoans.voidRow(typo, 'Typed 7,000 for 700')
  await expect(typo.getByRole('deletion')).toHaveText('₹7,000.00')
}

async function tiles(page: Page): Promise<string[]> {
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.tile('Borrowers')).toHaveText(/^Borrowers\s*1$/)
  return Promise.all(TILES.map((label) => dashboard.tile(label).innerText()))
}

/** Downloads what the button in the Export book section gives; returns the file's path and name. */
async function exported(page: Page, button: string): Promise<{ path: string; name: string }> {
  const section = new SettingsPage(page).section('Export book')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: button }).click(),
  ])
  return { path: await download.path(), name: download.suggestedFilename() }
}

async function importFile(page: Page, file: { name: string; buffer: Buffer }): Promise<void> {
  const section = new SettingsPage(page).section('Import book')
  await section
    .getByLabel('Book file (JSON)')
    .setInputFiles({ ...file, mimeType: 'application/json' })
  await section.getByRole('button', { name: 'Import book' }).click()
}

test('a book exported by one lender and imported by another shows the same figures', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { device: a } = await newLenderDevice(browser)
  await smallBook(a.page)
  const figuresOfA = await tiles(a.page)

  const settingsA = new SettingsPage(a.page)
  await settingsA.goto()
  const json = await exported(a.page, 'Download book (JSON)')
  expect(json.name).toBe(`rin-khata-book-${today}.json`)
  const text = await readFile(json.path, 'utf8')
  const book = JSON.parse(text)
  expect(book).toMatchObject({ format: 'rin-khata-book', version: BOOK_VERSION })
  expect(book.loans).toHaveLength(2)
  expect(book.payments).toHaveLength(2)
  expect(book.voids).toHaveLength(1)

  // The spreadsheets: one CSV download each (a phone opens a CSV, not a ZIP); payments.csv
  // starts with the BOM and the header row, and says when each payment was recorded in local time.
  const bytes = async (button: string, name: string) => {
    const file = await exported(a.page, button)
    expect(file.name).toBe(`rin-khata-${name}-${today}.csv`)
    return new Uint8Array(await readFile(file.path))
  }
  const payments = await bytes('Download payments (CSV)', 'payments')
  expect([...payments.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = strFromU8(payments.slice(3)).split('\r\n')
  expect(lines[0]).toBe(PAYMENT_CSV_FIELDS.join(','))
  expect(lines).toHaveLength(3)
  expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30,/)
  const peopleCsv = await bytes('Download people (CSV)', 'people')
  expect(strFromU8(peopleCsv.slice(3))).toContain('रमेश Kumar,सीतापुर')
  const loansCsv = await bytes('Download loans (CSV)', 'loans')
  expect(strFromU8(loansCsv.slice(3)).split('\r\n')).toHaveLength(3)

  // A broken record: B is told which record and field, and B's book stays empty.
  const { device: b } = await newLenderDevice(browser)
  const settingsB = new SettingsPage(b.page)
  await settingsB.goto()
  const section = settingsB.section('Import book')
  await expect(section).toContainText('Import works into an empty book only.')
  const broken = JSON.parse(text)
  broken.payments[1].amount = 12.5
  await importFile(b.page, { name: 'broken.json', buffer: Buffer.from(JSON.stringify(broken)) })
  await expect(section.getByRole('alert')).toContainText('Nothing was imported.')
  await expect(section.getByRole('alert')).toContainText(
    `Payment from रमेश Kumar on ${formatDisplayDate(day(-10))}: the amount is not a proper sum of money (more than ₹0, in whole paise).`,
  )
  const people = new PeoplePage(b.page)
  await people.goto()
  await expect(b.page.getByText('No people found.')).toBeVisible()

  // The real file goes in, and B's dashboard shows A's figures.
  await settingsB.goto()
  await importFile(b.page, { name: json.name, buffer: Buffer.from(text) })
  await expect(section.getByRole('status')).toHaveText('Imported 1 people, 2 loans and 2 payments.')
  expect(await tiles(b.page)).toEqual(figuresOfA)

  // A second import into the now non-empty book is refused.
  await settingsB.goto()
  await importFile(b.page, { name: json.name, buffer: Buffer.from(text) })
  await expect(section.getByRole('alert')).toContainText(
    'Import works into an empty book only. This book already has people or loans',
  )
  await a.context.close()
  await b.context.close()
})

/** Voids the ₹2,000.00 deposit on रमेश Kumar's Tractor loan, on one device. */
async function voidTheDeposit(device: Device, personId: string, reason: string): Promise<void> {
  const personLoans = new PersonLoansPage(device.page)
  await personLoans.goto(personId, 'रमेश Kumar')
  const tractor = await personLoans.loanLabel('Tractor')
  await personLoans.showDetails(personLoans.card('Tractor'))
  const row = personLoans
    .dataRows(personLoans.history(tractor))
    .filter({ hasText: '₹2,000.00' })
    .first()
  await personLoans.voidRow(row, reason)
  await expect(row.getByRole('deletion')).toHaveText('₹2,000.00')
}

/** The book file's text without the moment it was exported. */
function sameBook(text: string): unknown {
  const { exportedAt: _, ...book } = JSON.parse(text) as Record<string, unknown>
  return book
}

test('a book in which two devices voided one deposit while apart imports whole; a broken file changes nothing', async ({
  browser,
}) => {
  // Three accounts, two devices offline and back, some 25 page loads: a few minutes on CI.
  test.setTimeout(480_000)
  const { device: a } = await newLenderDevice(browser)
  await smallBook(a.page)
  // Gopal goes to the Trash with his loan: the attack's half import brought him back.
  await new PersonFormPage(a.page).add({ name: 'Gopal', city: 'सीतापुर' })
  await new LoanFormPage(a.page).add({
    person: 'Gopal',
    amount: '3000',
    rate: '1',
    type: 'Per Month',
    startDate: day(-20),
    dueDate: day(100),
    description: 'Bullock',
  })
  const people = new PeoplePage(a.page)
  await people.goto()
  await people.delete('Gopal')
  await people.row('रमेश Kumar').getByRole('link', { name: 'Loans' }).click()
  const personId = new PersonLoansPage(a.page).personId()
  await a.shell.waitSynced()

  const b = await secondDevice(browser, a)
  await new PersonLoansPage(b.page).goto(personId, 'रमेश Kumar')
  await expect(b.page.getByRole('article')).toHaveCount(2)
  await b.shell.waitSynced()
  await Promise.all([appInstalled(a), appInstalled(b)])

  // Apart, both devices void the same deposit; together again, both voids stand.
  await Promise.all([goOffline(a), goOffline(b)])
  await voidTheDeposit(a, personId, 'Counted twice')
  await voidTheDeposit(b, personId, 'Not his money')
  await Promise.all([goOnline(a), goOnline(b)])
  await Promise.all([a.shell.waitSynced(), b.shell.waitSynced()])

  const figuresOfA = await tiles(a.page)
  await new SettingsPage(a.page).goto()
  const file = await exported(a.page, 'Download book (JSON)')
  const text = await readFile(file.path, 'utf8')
  const book = JSON.parse(text) as { voids: { targetId: string; reason: string }[] }
  const voidsOfOne = book.voids.filter((v) => v.targetId === book.voids.at(-1)?.targetId)
  expect(voidsOfOne.map((v) => v.reason).sort()).toEqual(['Counted twice', 'Not his money'])
  expect(book.voids).toHaveLength(3)

  const { device: c } = await newLenderDevice(browser)
  const settings = new SettingsPage(c.page)
  await settings.goto()
  const section = settings.section('Import book')
  const button = section.getByRole('button', { name: 'Import book' })
  const alert = section.getByRole('alert')

  // A file that fails the check: what is wrong, named as the lender knows it; nothing written.
  const broken = JSON.parse(text)
  broken.payments[0].amount = -200000
  await importFile(c.page, { name: 'broken.json', buffer: Buffer.from(JSON.stringify(broken)) })
  await expect(alert).toContainText('Nothing was imported. The file has these problems:')
  await expect(alert).toContainText(
    `Payment from रमेश Kumar on ${formatDisplayDate(day(-10))}: the amount is not a proper sum of money`,
  )
  await expect(alert).not.toContainText('payments[')
  await expect(button).toBeEnabled()

  // A file that passes the check but that the book cannot take as it is (an id edited by
  // hand): the book is built apart and never copied in, so nothing of it is left behind.
  const edited = JSON.parse(text)
  const gopal = edited.people.find((p: { name: string }) => p.name === 'Gopal')
  for (const loan of edited.loans) {
    if (loan.personId === gopal.id) loan.personId = ` ${gopal.id}`
    if (loan.archivedWith === gopal.id) loan.archivedWith = ` ${gopal.id}`
  }
  gopal.id = ` ${gopal.id}`
  await importFile(c.page, { name: 'edited.json', buffer: Buffer.from(JSON.stringify(edited)) })
  await expect(alert).toContainText('Nothing was imported, and your book is as it was.')
  await expect(alert).toContainText(
    `Gopal’s loan of ₹3,000.00 from ${formatDisplayDate(day(-20))}: the book could not take it as the file has it.`,
  )
  await expect(button).toBeEnabled()
  const peopleOfC = new PeoplePage(c.page)
  await peopleOfC.goto()
  await expect(c.page.getByText('No people found.')).toBeVisible()
  const trash = new TrashPage(c.page)
  await trash.goto()
  await expect(trash.people.getByRole('row').filter({ hasText: 'Gopal' })).toHaveCount(0)

  // The real file, on the same account: whole, with A's figures, Gopal still in the Trash.
  await settings.goto()
  await importFile(c.page, { name: file.name, buffer: Buffer.from(text) })
  await expect(section.getByRole('status')).toHaveText('Imported 2 people, 3 loans and 2 payments.')
  expect(await tiles(c.page)).toEqual(figuresOfA)
  await peopleOfC.goto()
  expect(await peopleOfC.names()).toEqual(['रमेश Kumar'])
  await trash.goto()
  await expect(trash.people.getByRole('row').filter({ hasText: 'Gopal' })).toHaveCount(1)
  // And it exports as the very file it came from.
  await settings.goto()
  const again = await exported(c.page, 'Download book (JSON)')
  expect(sameBook(await readFile(again.path, 'utf8'))).toEqual(sameBook(text))
  for (const device of [a, b, c]) await device.context.close()
})
