import { expect, test, type Page } from '@playwright/test'
import * as Y from 'yjs'
import { buildBook } from '../fixtures/book.ts'
import { userRoom } from '../../shared/protocol.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { summarizeDashboard } from '../../shared/ledger/engine.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { appInstalled, newLenderDevice, sameLenderContext } from './pages/devices.ts'
import { uploadBook } from './pages/elsewhere.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { Shell } from './pages/Shell.ts'
import { E2E_MAX_FRAME } from './pages/server.ts'

/**
 * A lender whose book is larger than the largest frame the server accepts: it reaches the
 * server from the device that held it, and a fresh device downloads all of it.
 */
test('a book larger than one frame syncs to a fresh device', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { device: first } = await newLenderDevice(browser)

  // The book as a device that kept it offline holds it, uploaded through the chunked socket.
  const { doc } = buildBook({ people: 120, loans: 400, payments: 20_000 })
  expect(Y.encodeStateAsUpdate(doc).byteLength).toBeGreaterThan(3 * E2E_MAX_FRAME)
  await uploadBook(first, doc, baseURL as string)

  // A new device with nothing on it, and the device that was open all along, show every person.
  // (Not `secondDevice`: the first render waits for the whole book, so it gets more than the
  // usual 10 s on a busy machine.)
  const fresh = await sameLenderContext(browser, first)
  const freshPage = await fresh.newPage()
  for (const page of [freshPage, first.page]) {
    await page.goto('/people')
    await expect(new PeoplePage(page).count).toHaveText('Showing 120 of 120 people', {
      timeout: 60_000,
    })
  }

  // Opened again, the device has the book on disk: the server sends only what is new, not the
  // book again (on a phone's data plan, every start would otherwise cost the whole book).
  const book = Y.encodeStateAsUpdate(doc).byteLength
  await new Shell(freshPage).waitSynced()
  let received = 0
  freshPage.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      received += typeof payload === 'string' ? payload.length : payload.byteLength
    })
  })
  await freshPage.reload()
  await expect(new PeoplePage(freshPage).count).toHaveText('Showing 120 of 120 people', {
    timeout: 60_000,
  })
  await new Shell(freshPage).waitSynced()
  console.log(`reopened with the book on disk: ${received} bytes received, the book is ${book}`)
  expect(received).toBeGreaterThan(0)
  expect(received, `${received} bytes received for a book of ${book}`).toBeLessThan(book / 100)

  // The device keeps the book in segments that each read in a short task, not as one update
  // that holds the page while it is decoded; read back offline, they are the whole book.
  const inSegments = async () => {
    const sizes = await recordSizes(freshPage)
    return sizes.length >= 3 && Math.max(...sizes) < 200 * 1024
  }
  await expect.poll(inSegments, { timeout: 20_000 }).toBe(true)
  const sizes = await recordSizes(freshPage)
  console.log(`kept in ${sizes.length} records, the largest ${Math.max(...sizes)} bytes`)
  // Reloaded offline, the page comes from the service worker: cut the network only once it is in
  // (on a cold start it may still be installing; the reload then failed with no connection).
  await appInstalled({ page: freshPage })
  await fresh.setOffline(true)
  await freshPage.reload()
  await expect(new PeoplePage(freshPage).count).toHaveText('Showing 120 of 120 people', {
    timeout: 60_000,
  })
  const read = readLender(doc)
  const rows = summarizeDashboard(read.people, read.loans, browserToday()).rows
  const dashboard = new DashboardPage(freshPage)
  await freshPage.goto('/dashboard')
  await expect(dashboard.tile('Borrowers')).toContainText('120', { timeout: 60_000 })
  await expect(dashboard.row(rows[0]!.name)).toBeVisible()
})

/** The sizes of the records the signed-in lender's book is kept in on this device, in bytes. */
async function recordSizes(page: Page): Promise<number[]> {
  return page.evaluate(async (roomOf) => {
    const cached = localStorage.getItem('rin-khata:last-user')
    const userId = cached ? (JSON.parse(cached) as { id: string }).id : ''
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`rin-khata/${roomOf.replace('{id}', userId)}`)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const records = await new Promise<Uint8Array[]>((resolve, reject) => {
      const request = db.transaction('updates').objectStore('updates').getAll()
      request.onsuccess = () => resolve(request.result as Uint8Array[])
      request.onerror = () => reject(request.error)
    })
    db.close()
    return records.map((record) => record.byteLength)
  }, userRoom('{id}'))
}

/**
 * Issue 12: the dashboard of a book of thousands of loans renders only the rows near the screen,
 * yet scrolling the page reaches the last person in the dashboard's order; so do People and
 * Loans. (The point is the windowing, so the book is 600 people and 3,000 loans; `npm run bench`
 * opens one of 10,000 loans.)
 */
const PEOPLE = 600
const LOANS = 3_000

test('the dashboard of a 3,000-loan book scrolls to its last person', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const { device } = await newLenderDevice(browser)
  const { doc } = buildBook({ people: PEOPLE, loans: LOANS, payments: 0 })
  await uploadBook(device, doc, baseURL as string)

  // The order the engine gives, as of the browser's today.
  const book = readLender(doc)
  const rows = summarizeDashboard(book.people, book.loans, browserToday()).rows
  expect(rows).toHaveLength(PEOPLE)
  const firstName = rows[0]?.name as string
  const lastName = rows[rows.length - 1]?.name as string

  const dashboard = new DashboardPage(device.page)
  // The first render computes every loan's figures: allow a slow, shared machine.
  await device.page.goto('/dashboard')
  await expect(device.page.getByRole('heading', { name: 'Loan Dashboard' })).toBeVisible({
    timeout: 120_000,
  })
  await expect(dashboard.tile('Borrowers')).toContainText(String(PEOPLE), { timeout: 120_000 })
  await expect(dashboard.row(firstName)).toBeVisible()
  const rendered = await dashboard.tableRows.count()
  expect(rendered).toBeGreaterThan(0)
  expect(rendered).toBeLessThan(100)

  // Scroll to the end of the page (rows are measured as they come in, so the end can move).
  await expect(async () => {
    await device.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(dashboard.row(lastName)).toBeInViewport({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expect(dashboard.row(firstName)).toHaveCount(0)
  expect(await dashboard.tableRows.count()).toBeLessThan(100)
  // The screen reader is told where it is in the whole list.
  await expect(dashboard.row(lastName)).toHaveAttribute('aria-rowindex', String(PEOPLE + 1))
  await expect(device.page.getByRole('table')).toHaveAttribute('aria-rowcount', String(PEOPLE + 1))

  // The people and loans lists are windowed the same way: their last row is reachable, and the
  // page never holds more than a screenful or so of rows.
  for (const [path, count, what] of [
    ['/people', PEOPLE, 'people'],
    ['/loans', LOANS, 'loans'],
  ] as const) {
    await device.page.goto(path)
    const table = device.page.getByRole('table')
    await expect(table).toHaveAttribute('aria-rowcount', String(count + 1), { timeout: 120_000 })
    const rows = table.locator('tbody tr[aria-rowindex]')
    expect(await rows.count(), `${what} rendered at the top`).toBeLessThan(100)
    await expect(async () => {
      await device.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect(rows.last()).toHaveAttribute('aria-rowindex', String(count + 1), {
        timeout: 1_000,
      })
      await expect(rows.last()).toBeInViewport({ timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    expect(await rows.count(), `${what} rendered at the end`).toBeLessThan(100)
  }
})
