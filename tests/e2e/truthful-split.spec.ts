/**
 * Issue 27, harm 3: unpaid interest was called principal. A ₹50,000 loan whose first payment did
 * not cover the interest, then paid off: every split a lender sees (the person's payments, the
 * loan's history, the statement, the spreadsheets) now puts the carried interest under interest,
 * so principal paid is what was lent and interest paid is the card's "Interest so far".
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Locator } from '@playwright/test'
import Papa from 'papaparse'
import { formatDisplayDate } from '../../shared/dates.ts'
import { replayLoan, type PaymentFact } from '../../shared/ledger/engine.ts'
import { formatINR } from '../../shared/money.ts'
import { addBorrower, depositOn, loanTerms, perAnnum } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { newLenderPage } from './pages/devices.ts'
import { paiseOf, PersonLoansPage } from './pages/PersonLoansPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'
import { slow } from './pages/screens.ts'

const { today, day } = browserCalendar()

/** The texts of a table's body rows, cell by cell (header and footer rows left out). */
async function bodyRows(table: Locator): Promise<string[][]> {
  await expect(table).toBeVisible()
  const rows = await table.locator('tbody tr').all()
  return Promise.all(rows.map((row) => row.getByRole('cell').allInnerTexts()))
}

const sum = (texts: readonly string[]) => texts.reduce((total, text) => total + paiseOf(text), 0)

test('a paid-off ₹50,000 loan: principal paid is ₹50,000.00 and interest paid is Interest so far, everywhere', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const page = await newLenderPage(browser)
  // ₹50,000 at 24 % a year; ₹1,000 after 165 days covers only part of ₹5,424.66 of interest.
  const loan = loanTerms('tractor', {
    amount: 50_000_00,
    ...perAnnum(24),
    startDate: day(-365),
    dueDate: day(-1),
  })
  const { personId, label } = await addBorrower(page, {
    name: 'Mohan',
    village: 'Rampur',
    loans: [{ loan, description: 'Tractor' }],
  })
  const tractor = label.Tractor as string
  await depositOn(page, personId, tractor, day(-200), 1_000_00)

  // Then paid off today: what the card says is due today.
  const personLoans = new PersonLoansPage(page)
  const card = personLoans.card('Tractor')
  const payoff = paiseOf(await personLoans.figure(card, 'Due today').innerText())
  await depositOn(page, personId, tractor, today, payoff)
  await expect(personLoans.figure(card, 'Due today')).toHaveText('₹0.00')
  const interestSoFar = await personLoans.figure(card, 'Interest so far').innerText()

  // The old app's labels on the same two payments (what these screens showed before): principal
  // above what was lent, interest below Interest so far.
  const facts: PaymentFact[] = [
    { id: 'a', date: day(-200), amount: 1_000_00, createdAt: '1' },
    { id: 'b', date: today, amount: payoff, createdAt: '2' },
  ]
  const old = replayLoan(loan, facts)
  const oldPrincipal = old.entries.reduce((total, e) => total + e.principalPaid, 0)
  const oldInterest = old.entries.reduce((total, e) => total + e.interestPaid, 0)
  expect(oldPrincipal).toBeGreaterThan(50_000_00)
  test.info().annotations.push({
    type: 'before (old labels)',
    description: `principal ${formatINR(oldPrincipal)}, interest ${formatINR(oldInterest)}`,
  })

  // The person's payments: each row's interest + principal is what was paid; principal sums to
  // what was lent, interest to Interest so far.
  const allPayments = await bodyRows(personLoans.allPayments)
  expect(allPayments).toHaveLength(2)
  for (const [, , paid, interest, principal] of allPayments) {
    expect(paiseOf(interest ?? '') + paiseOf(principal ?? '')).toBe(paiseOf(paid ?? ''))
  }
  expect(sum(allPayments.map((row) => row[4] ?? ''))).toBe(50_000_00)
  expect(formatINR(sum(allPayments.map((row) => row[3] ?? '')))).toBe(interestSoFar)

  // The loan's history: the same split, and "Interest paid so far" ends at Interest so far.
  await personLoans.showDetails(card)
  const history = personLoans.history(tractor)
  const headers = await history.getByRole('columnheader').allInnerTexts()
  const column = (name: string) => headers.findIndex((h) => h.trim() === name)
  const historyRows = await bodyRows(history)
  const pick = (name: string) => historyRows.map((row) => row[column(name)] ?? '')
  expect(sum(pick('Principal paid'))).toBe(50_000_00)
  expect(formatINR(sum(pick('Interest paid')))).toBe(interestSoFar)
  expect(pick('Interest paid so far').at(-1)).toBe(interestSoFar)

  // The statement (all time): the Principal paid column sums to ₹50,000.00, the Interest paid
  // column to the card's Interest so far, and the Total row says the same.
  await page.getByRole('link', { name: 'Statement' }).click()
  const statement = page.getByRole('article', { name: 'Statement' })
  await slow(statement).toBeVisible()
  const table = statement.getByRole('table', { name: `Movements of ${tractor}` })
  const statementHeaders = await table.getByRole('columnheader').allInnerTexts()
  const at = (name: string) => statementHeaders.findIndex((h) => h.trim() === name)
  const movements = (await bodyRows(table)).filter(([, details]) => /Payment/.test(details ?? ''))
  expect(movements).toHaveLength(2)
  const principalColumn = movements.map((row) => row[at('Principal paid')] ?? '')
  const interestColumn = movements.map((row) => row[at('Interest paid')] ?? '')
  expect(formatINR(sum(principalColumn))).toBe('₹50,000.00')
  expect(formatINR(sum(interestColumn))).toBe(interestSoFar)
  const total = await table.locator('tfoot tr').getByRole('cell').allInnerTexts()
  // The footer's first cell spans Date and Details.
  expect(total[at('Principal paid') - 1]).toBe('₹50,000.00')
  expect(total[at('Interest paid') - 1]).toBe(interestSoFar)
  const section = statement.getByRole('region', { name: tractor })
  await expect(personLoans.figure(section, 'Principal paid')).toHaveText('₹50,000.00')
  await expect(personLoans.figure(section, 'Interest paid')).toHaveText(interestSoFar)
  await expect(personLoans.figure(section, 'Interest charged')).toHaveText(interestSoFar)
  await expect(
    personLoans.figure(section, `Closing balance on ${formatDisplayDate(today)}`),
  ).toHaveText('₹0.00')
  test.info().annotations.push({
    type: 'after',
    description: `statement principal ${formatINR(sum(principalColumn))}, interest ${formatINR(sum(interestColumn))}, card Interest so far ${interestSoFar}`,
  })

  // The spreadsheets: each payment's Interest + Principal + Overpaid is its Amount; the loan's
  // Interest paid + Principal paid + Overpaid is its Paid, and Principal paid is what was lent.
  const settings = new SettingsPage(page)
  await settings.goto()
  // Each spreadsheet is its own CSV download, which a phone opens (it could not open a ZIP).
  const files: Record<string, string> = {}
  for (const [file, button] of [
    ['payments.csv', 'Download payments (CSV)'],
    ['loans.csv', 'Download loans (CSV)'],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings.section('Export book').getByRole('button', { name: button }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^rin-khata-(payments|loans)-\d{4}-\d\d-\d\d\.csv$/,
    )
    files[file] = await readFile(await download.path(), 'utf8')
  }
  const rows = (name: string) =>
    Papa.parse<Record<string, string>>((files[name] ?? '').slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data
  const rupees = (text: string | undefined) => Math.round(Number(text) * 100)
  const payments = rows('payments.csv')
  expect(payments).toHaveLength(2)
  // Recorded on the lender's clock, with its offset (India: +05:30), not in UTC.
  for (const row of payments) expect(row['Recorded at']).toMatch(/T\d\d:\d\d:\d\d\+05:30$/)
  for (const row of payments) {
    expect(rupees(row.Interest) + rupees(row.Principal) + rupees(row.Overpaid)).toBe(
      rupees(row.Amount),
    )
  }
  expect(payments.reduce((total, row) => total + rupees(row.Principal), 0)).toBe(50_000_00)
  expect(formatINR(payments.reduce((total, row) => total + rupees(row.Interest), 0))).toBe(
    interestSoFar,
  )
  const [loanRow] = rows('loans.csv')
  expect(
    rupees(loanRow?.['Interest paid']) +
      rupees(loanRow?.['Principal paid']) +
      rupees(loanRow?.Overpaid),
  ).toBe(rupees(loanRow?.Paid))
  expect(loanRow?.['Principal paid']).toBe('50000.00')
})
