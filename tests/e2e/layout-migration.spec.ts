/**
 * Issue 12: a book an older app saved is moved to this layout the first time a device of this
 * version opens it, and shows the same figures: on the device that moved it, on a device that was
 * open on the old layout all along, and on the server, which ends up holding the moved book.
 * Layout 1 kept one map entry per payment; layout 2 kept each deposit as an array of values,
 * which layout 3 writes as a line of text; layout 4 writes each actor once, and keeps a deposit
 * in the log of who recorded it.
 */
import { expect, test, type Browser } from '@playwright/test'
import type * as Y from 'yjs'
import { summarizeDashboard } from '../../shared/ledger/engine.ts'
import { formatINR } from '../../shared/money.ts'
import { actorsMap } from '../../shared/schema/actors.ts'
import { depositLog, eachLog } from '../../shared/deposit/log.ts'
import { metaMap } from '../../shared/schema/doc.ts'
import { paymentsMap } from '../../shared/schema/layouts/oldForms.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { readLender } from '../../shared/schema/lender.ts'
import type { LenderSnapshot } from '../../shared/schema/types.ts'
import { writeLayoutOneBook } from '../fixtures/layoutOne.ts'
import { writeLayoutThreeBook } from '../fixtures/layoutThree.ts'
import { writeLayoutTwoBook } from '../fixtures/layoutTwo.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { newLenderDevice, secondDevice, type Device } from './pages/devices.ts'
import { bookOnServer, changeBookElsewhere } from './pages/elsewhere.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { Shell } from './pages/Shell.ts'

const PEOPLE = 12

test('a book saved in layout 1 is moved once and shows the same figures', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { old, book } = await oldBook(browser, baseURL as string, writeLayoutOneBook)
  expect(book.people).toHaveLength(PEOPLE)
  expect(book.payments.length).toBeGreaterThan(PEOPLE * 6)
  expect(book.payments.some((p) => p.voided)).toBe(true)
  expect(book.waivers).toHaveLength(1)

  const { summary, expected } = tilesOf(book)

  // A device of this version opens the book for the first time, and moves it.
  const fresh = await secondDevice(browser, old)
  await new Shell(fresh.page).waitSynced()
  await expectTiles(fresh, expected)

  // The server now holds the moved book: stamped, nothing left in the old map, the same facts.
  const stored = await bookOnServer(fresh, baseURL as string)
  expect(metaMap(stored).get('schemaVersion')).toBe(SCHEMA_VERSION)
  expect(paymentsMap(stored).size).toBe(0)
  expect(records(stored)).toHaveLength(PEOPLE * 6)
  expect(readLender(stored)).toEqual(book)

  // The device that was open on the old layout received the move and still shows the same.
  await expectTiles(old, expected)
  // So does a person's page, down to the voided deposit and the waiver.
  const person = summary.rows[0] as (typeof summary.rows)[number]
  await fresh.page.goto(`/users/${person.personId}/loans`)
  await expect(new PersonLoansPage(fresh.page).tile('Due today')).toContainText(
    formatINR(person.totalDue),
  )

  // Opened again, nothing moves twice.
  await fresh.page.reload()
  await new Shell(fresh.page).waitSynced()
  await expectTiles(fresh, expected)
  expect(records(await bookOnServer(fresh, baseURL as string))).toHaveLength(PEOPLE * 6)
})

for (const [layout, write] of [
  [2, writeLayoutTwoBook],
  [3, writeLayoutThreeBook],
] as const) {
  test(`a book saved in layout ${layout} has its deposits moved into their actor's log once, and the same figures`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const { old, book } = await oldBook(browser, baseURL as string, write)
    expect(book.payments.length).toBeGreaterThan(PEOPLE * 6)
    expect(book.payments.some((p) => p.voided)).toBe(true)
    expect(book.payments.every((p) => p.createdBy)).toBe(true)
    const { expected } = tilesOf(book)

    const fresh = await secondDevice(browser, old)
    await new Shell(fresh.page).waitSynced()
    await expectTiles(fresh, expected)

    // The server holds every deposit as text in its actor's log now, each actor once, and the
    // same facts.
    const stored = await bookOnServer(fresh, baseURL as string)
    expect(metaMap(stored).get('schemaVersion')).toBe(SCHEMA_VERSION)
    expect(depositLog(stored).length).toBe(0)
    const moved = records(stored)
    expect(moved).toHaveLength(PEOPLE * 6)
    expect(moved.filter((record) => typeof record !== 'string' || record.includes('"by"'))).toEqual(
      [],
    )
    expect(actorsMap(stored).size).toBe(1)
    expect(readLender(stored)).toEqual(book)
    await expectTiles(old, expected)

    // Opened again, nothing moves twice.
    await fresh.page.reload()
    await new Shell(fresh.page).waitSynced()
    await expectTiles(fresh, expected)
    expect(records(await bookOnServer(fresh, baseURL as string))).toHaveLength(PEOPLE * 6)
  })
}

/** Every deposit record the book holds, in every log. */
function records(doc: Y.Doc): unknown[] {
  return eachLog(doc).flatMap(([log]) => log.toArray())
}

/** A lender's device, and the book an older app wrote into it from elsewhere, as it read then. */
async function oldBook(
  browser: Browser,
  baseURL: string,
  write: (doc: Y.Doc, people: number) => void,
): Promise<{ old: Device; book: LenderSnapshot }> {
  const { device: old } = await newLenderDevice(browser)
  let book: LenderSnapshot | null = null
  await changeBookElsewhere(old, baseURL, (doc) => {
    write(doc, PEOPLE)
    book = readLender(doc)
  })
  return { old, book: book as unknown as LenderSnapshot }
}

/** What the engine makes of a book, as the dashboard's tiles show it. */
function tilesOf(book: LenderSnapshot) {
  const summary = summarizeDashboard(book.people, book.loans, browserToday())
  const sum = (pick: (row: (typeof summary.rows)[number]) => number) =>
    summary.rows.reduce((total, row) => total + pick(row), 0)
  const expected = {
    Borrowers: String(book.people.length),
    'Active Loans': String(summary.activeLoans),
    'Principal left': formatINR(summary.totalPrincipal),
    'Interest due': formatINR(sum((row) => row.currentInterest)),
    Paid: formatINR(sum((row) => row.totalPaid)),
    'Due today': formatINR(summary.totalDue),
  } as const
  return { summary, expected }
}

async function expectTiles(device: Device, expected: Record<string, string>): Promise<void> {
  const dashboard = new DashboardPage(device.page)
  await dashboard.goto()
  for (const [label, value] of Object.entries(expected)) {
    await expect(dashboard.tile(label as Parameters<DashboardPage['tile']>[0])).toHaveText(
      new RegExp(`^${label}\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    )
  }
}
