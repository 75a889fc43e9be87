/**
 * Numbered receipts a lender can stand behind (issue 32, items 1 and 2), on a phone: every
 * deposit's receipt carries its number and code; the history shows them, a voided one keeps its
 * number and says VOID; Settings → Receipts looks up what a borrower shows; and a deposit whose
 * amount is changed afterwards on another device shows, on the dashboard and in Settings, as no
 * longer matching, with every later receipt of its series.
 */
import { expect, test, type Locator } from '@playwright/test'
import type * as Y from 'yjs'
import { formatDisplayDate } from '../../shared/dates.ts'
import { packDeposit, unpackDeposit } from '../../shared/deposit/codec.ts'
import { eachLog } from '../../shared/deposit/log.ts'
import { depositOf } from '../../shared/deposit/record.ts'
import { scan, tapTargets, type Impact } from './pages/a11y.ts'
import { addBorrower, loanTerms } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { changeBookElsewhere } from './pages/elsewhere.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

const today = browserToday()

/** The text a WhatsApp link would send. */
async function whatsAppText(link: Locator): Promise<string> {
  const href = (await link.getAttribute('href')) ?? ''
  return new URL(href).searchParams.get('text') ?? ''
}

/** In `doc`, the deposit with receipt `number` now says it received `paise` on its first loan. */
function changeAmount(doc: Y.Doc, number: string, paise: number): void {
  const [series, n] = number.split('-')
  for (const [log, actor] of eachLog(doc)) {
    for (const [index, record] of log.toArray().entries()) {
      const payments = unpackDeposit(record, actor)
      if (payments[0]?.receipt?.startsWith(`${series}.${n}.`) !== true) continue
      const deposit = depositOf(payments)
      const changed = {
        ...deposit,
        payments: deposit.payments.map((p, i) => (i === 0 ? { ...p, amount: paise } : p)),
      }
      doc.transact(() => {
        log.delete(index, 1)
        log.insert(index, [packDeposit(changed)])
      })
      return
    }
  }
  throw new Error(`no deposit with receipt ${number}`)
}

test.use({ ...phone })

test('receipts are numbered, looked up, kept when voided, and a changed deposit shows', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { device } = await newLenderDevice(browser, phone)
  const { page } = device
  const { personId, label } = await addBorrower(page, {
    name: 'Ramesh',
    village: `Receiptpur ${Date.now().toString(36)}`,
    phone: '9876543210',
    loans: [{ loan: loanTerms('seeds', { startDate: today }), description: 'Seeds' }],
  })

  // Two deposits: each receipt names its number and code, the second one after the first.
  const deposit = new DepositPage(page)
  const receipts: { number: string; code: string }[] = []
  for (const amount of [5_000_00, 1_000_00]) {
    await deposit.goto(personId, 60_000)
    await deposit.recordOn(label.Seeds as string, amount, today)
    const section = page.getByRole('region', { name: 'Send receipt' })
    const text = await whatsAppText(section.getByRole('link', { name: 'Send receipt on WhatsApp' }))
    const found = /Receipt No\. ([0-9A-Z]{6}-\d+) · code ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)
    expect(found, text).not.toBeNull()
    receipts.push({ number: found![1]!, code: found![2]! })
    await section.getByRole('button', { name: 'Done' }).tap()
  }
  const [first, second] = receipts as [(typeof receipts)[0], (typeof receipts)[0]]
  const series = first.number.split('-')[0]
  expect(second.number).toBe(`${series}-2`)
  expect(first.number).toBe(`${series}-1`)

  // The person's payments list shows each number and code.
  const personLoans = new PersonLoansPage(page)
  const payments = page.getByRole('list', { name: 'All payments' }).getByRole('listitem')
  await expect(
    payments.filter({ hasText: `No. ${first.number} · code ${first.code}` }),
  ).toHaveCount(1)
  await expect(
    payments.filter({ hasText: `No. ${second.number} · code ${second.code}` }),
  ).toHaveCount(1)

  // What the borrower shows is looked up in Settings: it matches, in words.
  const settings = new SettingsPage(page)
  const check = async (number: string, code: string) => {
    await settings.goto()
    const section = settings.section('Receipts')
    await section.getByLabel('Receipt number').fill(number)
    await section.getByLabel('Code (if the receipt shows one)').fill(code)
    await section.getByRole('button', { name: 'Check receipt' }).tap()
    return section
  }
  let section = await check(first.number.toLowerCase(), first.code)
  await expect(section.getByRole('status').first()).toHaveText(
    `Receipt ${first.number} matches the book: ₹5,000.00 received on ${formatDisplayDate(today)} from Ramesh.`,
  )
  await expect(section.getByText('All 2 receipts in the book match their codes.')).toBeVisible()
  section = await check(first.number, 'AAAA-AAAA')
  await expect(section.getByRole('alert')).toContainText(
    `Receipt ${first.number} is in the book, but with code ${first.code}`,
  )
  section = await check(`${series}-9`, '')
  await expect(section.getByRole('alert')).toContainText(
    `No record in this book has receipt ${series}-9.`,
  )
  const counts: Record<Impact, number> = { minor: 0, moderate: 0, serious: 0, critical: 0 }
  const problems: string[] = []
  await scan(page, 'Settings', counts, problems)
  await tapTargets(page, 'Settings', problems)
  expect(problems).toEqual([])

  // Another device changes the first deposit from ₹5,000 to ₹500 behind the book's back.
  await changeBookElsewhere(device, baseURL as string, (doc) =>
    changeAmount(doc, first.number, 500_00),
  )
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  const warning = page.getByRole('alert').filter({ hasText: 'receipts no longer match' })
  await expect(warning).toHaveText(
    '2 receipts no longer match the book: records were changed or taken out after their receipts were given. See which',
  )
  await warning.getByRole('link', { name: 'See which' }).tap()
  const list = page.getByRole('list', { name: 'Receipts that do not match' })
  await expect(list.getByRole('listitem')).toHaveText([
    `${first.number}: changed after it was given (₹500.00 received on ${formatDisplayDate(today)} from Ramesh).`,
    `${second.number}: comes after a changed receipt (₹1,000.00 received on ${formatDisplayDate(today)} from Ramesh).`,
  ])
  section = await check(first.number, first.code)
  await expect(section.getByRole('alert')).toContainText(
    `Receipt ${first.number} is in the book with this code, but the record was changed after it was given: the book now says ₹500.00 received`,
  )

  // Voiding the second deposit keeps its number, says VOID, and the void has a number of its own.
  await page.goto(`/users/${personId}/loans`)
  const row = payments.filter({ hasText: `No. ${second.number}` })
  await personLoans.voidRow(row, 'Counted twice')
  await expect(row).toContainText(`No. ${second.number} · code ${second.code} · VOID`)
  // The page was loaded again: this device goes on in its series, and the void has the next number.
  await expect(row).toContainText(
    new RegExp(`Voided: Counted twice · No\\. ${series}-3 · code [0-9A-Z]{4}-[0-9A-Z]{4} · `),
  )

  // A second tab of the same book numbers in a series of its own while the first holds this one.
  const other = await device.context.newPage()
  await other.goto(`/users/${personId}/deposit`)
  const second_tab = new DepositPage(other)
  await expect(other.getByRole('heading', { name: /^Deposit for / })).toBeVisible({
    timeout: 60_000,
  })
  await second_tab.recordOn(label.Seeds as string, 100_00, today)
  const text = await whatsAppText(
    other
      .getByRole('region', { name: 'Send receipt' })
      .getByRole('link', { name: 'Send receipt on WhatsApp' }),
  )
  const tabNumber = /Receipt No\. ([0-9A-Z]{6})-(\d+)/.exec(text)
  expect(tabNumber?.[1]).not.toBe(series)
  expect(tabNumber?.[2]).toBe('1')
})
