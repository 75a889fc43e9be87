/**
 * Issue 26: one bad record took a book down on every device. A book holding every bad record of
 * the attack run (tests/fixtures/poisoned.ts: deposits dated past 9999 or over ₹1,000 crore, a
 * loan at 1e300 %, a payment reusing another's id, a value nested 4,200 deep, a layout stamp of
 * 999…) shows every good record's figures, and one notice with how many it could not read: on
 * two devices, each from the network and again from IndexedDB with no network.
 *
 * How the book gets there: written with a stock Yjs client straight into the server's storage
 * (`docs.sqlite` in the test server's DATA_DIR, through the server's own storage adapter) for a
 * lender who signed up over HTTP and whose room no socket has opened yet, so the server loads it
 * from there as it would any stored book. Not over the sync socket: the server now refuses such
 * updates at the door (it checks what a lender's room may hold), and this is about the books
 * that already hold them.
 */
import path from 'node:path'
import { expect, request, test, type Browser } from '@playwright/test'
import * as Y from 'yjs'
import { formatINR } from '../../shared/money.ts'
import { userRoom } from '../../shared/protocol.ts'
import { readLender } from '../../shared/schema/lender.ts'
import type { LenderSnapshot } from '../../shared/schema/types.ts'
import { openSqliteStorage } from '../../server/storage/sqlite.ts'
import { IDS, POISONS, writeGoodBook, writePoisons } from '../fixtures/poisoned.ts'
import { DashboardPage, tilesOf } from './pages/DashboardPage.ts'
import { appInstalled, goOffline, type Device } from './pages/devices.ts'
import { signUpOverHttp } from './pages/LoginPage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { Shell } from './pages/Shell.ts'

test('a book with bad records shows every good one and says how many it could not read, on two devices, from the network and from IndexedDB', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { storageState, userId } = await newLenderOverHttp(baseURL as string)

  const doc = new Y.Doc()
  writeGoodBook(doc)
  const good = readLender(doc)
  writePoisons(doc)
  // What the lender is told: everything skipped but the layout stamp, which the first device
  // to sync stamps over with its own layout.
  const told = POISONS.filter((poison) => !poison.repaired).flatMap((p) => p.skipped)
  const skipped = {
    all: told.length,
    duplicates: told.filter((entry) => entry.reason === 'duplicate').length,
  }
  expect(skipped.all).toBeGreaterThan(30)
  const storage = openSqliteStorage(path.join(process.env.E2E_DATA_DIR as string, 'docs.sqlite'))
  await storage.append(userRoom(userId), [Y.encodeStateAsUpdate(doc)])
  await storage.close()

  const expected = figuresOf(good)
  const first = await openDevice(browser, storageState)
  const second = await openDevice(browser, storageState)
  for (const device of [first, second]) {
    // From the network (the first open of this device), then from IndexedDB, offline.
    await expectBook(device, expected, skipped)
    await appInstalled(device)
    await goOffline(device)
    await device.page.reload()
    await expectBook(device, expected, skipped)
  }
  await first.context.close()
  await second.context.close()
})

/** A new lender, signed up over HTTP: no device has opened their book yet. */
async function newLenderOverHttp(baseURL: string) {
  const api = await request.newContext({ baseURL })
  const { userId } = await signUpOverHttp(api)
  const storageState = await api.storageState()
  await api.dispose()
  return { storageState, userId }
}

/** A device of the lender (its own IndexedDB), signed in with the session, on the dashboard. */
async function openDevice(
  browser: Browser,
  storageState: Awaited<ReturnType<typeof newLenderOverHttp>>['storageState'],
): Promise<Device> {
  const context = await browser.newContext({ storageState })
  const page = await context.newPage()
  return { context, page, shell: new Shell(page) }
}

/** The good book's figures, as the dashboard's tiles and the people's pages show them. */
function figuresOf(book: LenderSnapshot) {
  const { summary, tiles } = tilesOf(book)
  const row = (personId: string) => summary.rows.find((r) => r.personId === personId)
  return {
    tiles,
    ashaDue: formatINR(row(IDS.asha)?.totalDue ?? NaN),
    raviDue: formatINR(row(IDS.ravi)?.totalDue ?? NaN),
    raviLoans: String(row(IDS.ravi)?.activeLoans),
  }
}

async function expectBook(
  device: Device,
  expected: ReturnType<typeof figuresOf>,
  skipped: { all: number; duplicates: number },
): Promise<void> {
  const { page, shell } = device
  await new DashboardPage(page).expectTiles(expected.tiles)
  await expect(shell.skipped).toContainText(
    `${skipped.all} entries in this book could not be read: they are shown nowhere.`,
  )
  await expect(shell.skipped).toContainText(
    `${skipped.duplicates} payments under another payment’s id`,
  )
  await expect(
    page.getByRole('heading', { name: 'Update Rin Khata to open this book' }),
  ).toHaveCount(0)

  // Asha's ₹10,000 deposit, which a record under its id said was ₹10,00,000.
  const person = new PersonLoansPage(page)
  await person.goto(IDS.asha, 'Asha Verma')
  await expect(person.tile('Due today')).toContainText(expected.ashaDue)
  await expect(page.getByRole('main')).toContainText('₹10,000.00')
  await expect(page.getByRole('main')).not.toContainText('₹10,00,000.00')
  await expect(shell.skipped).toBeVisible()
  // Ravi's page, where a loan at 1e300 % froze the tab.
  await person.goto(IDS.ravi, 'Ravi Kumar')
  await expect(person.tile('Due today')).toContainText(expected.raviDue)
  await expect(person.tile('Active Loans')).toHaveText(`Active Loans${expected.raviLoans}`)
}
