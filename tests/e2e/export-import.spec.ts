import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { PAYMENT_CSV_FIELDS } from '../../shared/book/export.ts'
import { addDays } from '../../shared/dates.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

const today = browserToday()
const day = (offset: number) => addDays(today, offset)
const TILES = [
  'Total Users',
  'Active Loans',
  'Principal left',
  'Interest due',
  'Due today',
] as const

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
  await expect(dashboard.tile('Total Users')).toHaveText(/^Total Users\s*1$/)
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
  expect(book).toMatchObject({ format: 'rin-khata-book', version: 1 })
  expect(book.loans).toHaveLength(2)
  expect(book.payments).toHaveLength(2)
  expect(book.voids).toHaveLength(1)

  // The spreadsheets: a ZIP whose payments.csv starts with the BOM and the header row.
  const zip = await exported(a.page, 'Download spreadsheets (CSV)')
  const files = unzipSync(new Uint8Array(await readFile(zip.path)))
  expect(Object.keys(files).sort()).toEqual(['loans.csv', 'payments.csv', 'people.csv'])
  const payments = files['payments.csv']!
  expect([...payments.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = strFromU8(payments.slice(3)).split('\r\n')
  expect(lines[0]).toBe(PAYMENT_CSV_FIELDS.join(','))
  expect(lines).toHaveLength(3)
  expect(strFromU8(files['people.csv']!.slice(3))).toContain('रमेश Kumar,सीतापुर')

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
    'payments[1].amount: must be a whole number of paise above 0',
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
