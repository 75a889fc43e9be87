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
import { DashboardPage, tilesOf, type TileLabel } from './pages/DashboardPage.ts'
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

  const { summary, tiles: expected } = tilesOf(book)

  // A device of this version opens the book for the first time, and moves it.
  const { fresh, stored } = await openOnThisVersion(browser, old, expected, baseURL as string)

  // The server now holds the moved book: stamped, nothing left in the old map, the same facts.
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

  await nothingMovesTwice(fresh, expected, baseURL as string)
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
    const { tiles: expected } = tilesOf(book)

    const { fresh, stored } = await openOnThisVersion(browser, old, expected, baseURL as string)

    // The server holds every deposit as text in its actor's log now, each actor once, and the
    // same facts.
    expect(depositLog(stored).length).toBe(0)
    const moved = records(stored)
    expect(moved).toHaveLength(PEOPLE * 6)
    expect(moved.filter((record) => typeof record !== 'string' || record.includes('"by"'))).toEqual(
      [],
    )
    expect(actorsMap(stored).size).toBe(1)
    expect(readLender(stored)).toEqual(book)
    await expectTiles(old, expected)

    await nothingMovesTwice(fresh, expected, baseURL as string)
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

/**
 * A device of this version opens the old book for the first time, and moves it: once synced, it
 * shows the expected tiles. Returns it, and the book the server then holds, stamped with this
 * version's layout.
 */
async function openOnThisVersion(
  browser: Browser,
  old: Device,
  expected: Record<TileLabel, string>,
  baseURL: string,
): Promise<{ fresh: Device; stored: Y.Doc }> {
  const fresh = await secondDevice(browser, old)
  await new Shell(fresh.page).waitSynced()
  await expectTiles(fresh, expected)
  const stored = await bookOnServer(fresh, baseURL)
  expect(metaMap(stored).get('schemaVersion')).toBe(SCHEMA_VERSION)
  return { fresh, stored }
}

/** Opened again, nothing moves twice: the same tiles, and every deposit record stored once. */
async function nothingMovesTwice(
  fresh: Device,
  expected: Record<TileLabel, string>,
  baseURL: string,
): Promise<void> {
  await fresh.page.reload()
  await new Shell(fresh.page).waitSynced()
  await expectTiles(fresh, expected)
  expect(records(await bookOnServer(fresh, baseURL))).toHaveLength(PEOPLE * 6)
}

/** Opens the dashboard on `device` and expects each tile to show exactly its value. */
function expectTiles(device: Device, expected: Record<TileLabel, string>): Promise<void> {
  return new DashboardPage(device.page).expectTiles(expected)
}
