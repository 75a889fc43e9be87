import { readFileSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import { maskAadhaar, verhoeffCheckDigit } from '../../shared/identity.ts'
import { formatINR, paiseToRupeeInput } from '../../shared/money.ts'
import { addCityAndPersonPatiently, addLoanPatiently } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice } from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { pdfText, slow, visit } from './pages/screens.ts'
import { setProfileElsewhere } from './pages/profile.ts'

const { today, day } = browserCalendar()
const aadhaarBase = '23456789012'
const aadhaar = `${aadhaarBase}${verhoeffCheckDigit(aadhaarBase)}`
const profile = { displayName: 'Shri Lal Traders', upiId: 'shrilal@okaxis' }

/** The deposits recorded, each to one loan (by description). */
const deposits = [
  { loan: 'Seeds', date: day(-30), paise: 2_000_00 },
  { loan: 'Pump', date: day(-20), paise: 1_000_00 },
  { loan: 'Seeds', date: day(-10), paise: 3_000_00 },
  { loan: 'Seeds', date: day(-5), paise: 500_00 }, // voided below
]
const waiverPaise = 250_00

const squeeze = (s: string) => s.replace(/\s+/g, '')

/** How far the page is wider than its viewport (0 when nothing overflows). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** A table's data rows as the texts of their cells. */
async function rowsOf(table: Locator): Promise<string[][]> {
  await expect(table).toBeVisible()
  const rows = await table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell') })
    .all()
  return Promise.all(rows.map((row) => row.getByRole('cell').allInnerTexts()))
}

test("a borrower's statement shows the loans page's figures and every payment, on screen, in print and as a PDF", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000)
  const { device } = await newLenderDevice(browser)
  const { page } = device

  // A small book, through the forms: a borrower with an Aadhaar, two loans, four deposits (one
  // voided) and a waiver.
  await addCityAndPersonPatiently(page, { name: 'Ramesh Kumar', city: 'Rampur', aadhaar })
  for (const [description, amount, rate, type, startDate, dueDate] of [
    ['Seeds', '15000', '12', 'Per Annum', day(-60), day(60)],
    ['Pump', '5000', '2', 'Per Month', day(-40), day(20)],
  ] as const) {
    await addLoanPatiently(page, {
      person: 'Ramesh Kumar',
      amount,
      rate,
      type,
      startDate,
      dueDate,
      description,
    })
  }
  await visit(page, '/people', /^People$/)
  await new PeoplePage(page).row('Ramesh Kumar').getByRole('link', { name: 'Loans' }).click()
  const personLoans = new PersonLoansPage(page)
  await slow(page.getByRole('heading', { name: 'Ramesh Kumar', level: 1 })).toBeVisible()
  const personId = personLoans.personId()
  const label = {
    Seeds: await personLoans.loanLabel('Seeds'),
    Pump: await personLoans.loanLabel('Pump'),
  }
  const depositPage = new DepositPage(page)
  for (const d of deposits) {
    await visit(page, `/users/${personId}/deposit`, /^Deposit for /)
    await depositPage.recordOn(label[d.loan as 'Seeds' | 'Pump'], d.paise, d.date)
    await slow(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))
    await slow(page.getByRole('heading', { name: 'Ramesh Kumar', level: 1 })).toBeVisible()
  }
  const voidedRow = personLoans.dataRows(personLoans.allPayments).filter({
    hasText: formatDisplayDate(deposits[3]?.date ?? ''),
  })
  await personLoans.voidRow(voidedRow, 'Counted twice')
  await personLoans.card('Pump').getByRole('button', { name: 'Settle for less' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Amount to waive').fill(paiseToRupeeInput(waiverPaise))
  await dialog.getByRole('button', { name: 'Record waiver' }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Forgive / })
    .click()
  await expect(dialog).toBeHidden()
  await expect(personLoans.figure(personLoans.card('Pump'), 'Waived')).toHaveText(
    formatINR(waiverPaise),
  )

  // The lender set a display name and UPI ID on another device; it reaches this one.
  await setProfileElsewhere(device, profile, baseURL as string)

  // What the loans page shows: each card's figures, the person's Due today, every payment.
  const words = ['Lent', 'Interest so far', 'Paid', 'Waived', 'Due today'] as const
  const cardFigures: Record<string, Record<string, string>> = {}
  for (const loan of ['Seeds', 'Pump'] as const) {
    const card = personLoans.card(loan)
    cardFigures[loan] = {}
    for (const word of words) {
      const figure = personLoans.figure(card, word)
      if ((await figure.count()) > 0) cardFigures[loan][word] = await figure.innerText()
    }
  }
  expect(cardFigures.Pump?.Waived).toBe(formatINR(waiverPaise))
  const reckoning = await personLoans.reckoningLines(personLoans.reckoning())
  const personDue = reckoning.find((line) => line.word === 'Due today')?.paise ?? -1
  const interestDue = /₹[\d,]+\.\d\d/.exec(await personLoans.tile('Interest due').innerText())?.[0]
  expect(interestDue).toBeDefined()
  // [date, loan, paid, interest, principal]
  const payments = (await rowsOf(personLoans.allPayments)).map((cells) => cells.slice(0, 5))
  expect(payments).toHaveLength(deposits.length)

  // The statement, from the loans page.
  await page.getByRole('link', { name: 'Statement' }).click()
  await expect(page).toHaveURL(new RegExp(`/users/${personId}/statement$`))
  const statement = page.getByRole('article', { name: 'Statement' })
  await slow(statement).toBeVisible()
  for (const [term, value] of [
    ['Lender', profile.displayName],
    ['Borrower', 'Ramesh Kumar'],
    ['Village', 'Rampur'],
    ['Aadhaar', maskAadhaar(aadhaar)],
    ['Period', 'All time'],
    ['Statement date', formatDisplayDate(today)],
  ]) {
    await expect(statement.locator('dt', { hasText: term }).locator('+ dd')).toHaveText(
      value as string,
    )
  }
  await expect(statement).not.toContainText(aadhaar)
  await expect(page.getByText('Your copy: voided entries are struck through.')).toBeVisible()
  const total = statement.getByRole('group', { name: 'Total due today' })
  await expect(total).toContainText(`Due today on ${formatDisplayDate(today)}`)
  await expect(total.locator('[data-figure]')).toHaveText(formatINR(personDue))
  // Nothing is overdue (both loans fall due later): the QR code asks for the interest due, as a
  // reminder does, not for everything due today.
  const caption = `Scan to pay ${interestDue}, the interest due, to ${profile.displayName} (${profile.upiId})`
  await expect(statement.getByText(caption)).toBeVisible()
  await expect(statement.getByRole('img', { name: `UPI QR code: ${caption}` })).toBeVisible()

  // All time up to today: each loan's interest charged, paid, waived and closing balance are its
  // card's Interest so far, Paid, Waived and Due today.
  const onCard: Record<string, string> = {
    Lent: 'Lent',
    'Interest so far': 'Interest charged',
    Paid: 'Paid',
    Waived: 'Waived',
    'Due today': `Closing balance on ${formatDisplayDate(today)}`,
  }
  for (const loan of ['Seeds', 'Pump'] as const) {
    const section = statement.getByRole('region', { name: label[loan] })
    for (const [word, value] of Object.entries(cardFigures[loan] ?? {})) {
      await expect(personLoans.figure(section, onCard[word] ?? word)).toHaveText(value)
    }
    await expect(section).toContainText(loan === 'Seeds' ? '12% per annum' : '2% per month')
  }

  // Every payment, with the loans page's interest/principal split; the voided one struck
  // through; the waiver on its loan. [date, paid, interest paid, principal paid]
  const listed = async (loan: 'Seeds' | 'Pump') =>
    (await rowsOf(statement.getByRole('table', { name: `Movements of ${label[loan]}` })))
      .filter(([, details]) => /Payment|Waiver/.test(details ?? ''))
      .map(([date, , , paid, interest, principal]) => [
        (date ?? '').split('\n')[0] ?? '',
        paid ?? '',
        interest ?? '',
        principal ?? '',
      ])
  const onStatement = { Seeds: await listed('Seeds'), Pump: await listed('Pump') }
  for (const [date, loan, paid, interest, principal] of payments) {
    // The loan cell names the loan (description, amount, start) with its Loan # under it.
    const which = (loan ?? '').includes(label.Seeds) ? 'Seeds' : 'Pump'
    expect(onStatement[which]).toContainEqual([date, paid, interest, principal])
  }
  expect(onStatement.Seeds).toHaveLength(3)
  expect(onStatement.Pump).toHaveLength(2)
  expect(onStatement.Pump).toContainEqual([
    formatDisplayDate(today),
    `Waived ${formatINR(waiverPaise)}`,
    '—',
    '—',
  ])
  const voided = statement.getByRole('row').filter({ hasText: 'Voided' })
  await expect(voided.locator('del')).toHaveText(formatINR(deposits[3]?.paise ?? 0))

  // Printed (A4, print stylesheet): every payment is in the PDF; the app's shell and buttons
  // are not.
  await page.emulateMedia({ media: 'print' })
  const printed = await pdfText(new Uint8Array(await page.pdf({ format: 'A4' })))
  await page.emulateMedia({ media: 'screen' })
  for (const rows of Object.values(onStatement)) {
    for (const [date, paid, interest, principal] of rows) {
      for (const text of [date, paid, interest, principal])
        expect(printed).toContain(squeeze(text ?? ''))
    }
  }
  for (const text of [
    profile.displayName,
    'Ramesh Kumar',
    maskAadhaar(aadhaar),
    `Due today on ${formatDisplayDate(today)}`,
    formatINR(personDue),
    caption,
  ]) {
    expect(printed).toContain(squeeze(text))
  }
  for (const chrome of [
    'Print / Save as PDF',
    'Download PDF',
    'Back to loans',
    'Dashboard',
    'Logout',
    'Synced',
  ]) {
    expect(printed).not.toContain(squeeze(chrome))
  }

  // The PDF file (Download PDF where the browser cannot share files): the borrower's copy, made
  // from the same figures, every live payment in it and the voided one left out.
  await expect(statement).toContainText('Counted twice')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const file = await pdfText(new Uint8Array(readFileSync(await download.path())))
  for (const rows of Object.values(onStatement)) {
    for (const [date, paid, interest, principal] of rows) {
      if (paid === formatINR(deposits[3]?.paise ?? 0)) continue
      for (const text of [date, paid, interest, principal])
        expect(file).toContain(squeeze(text ?? ''))
    }
  }
  expect(file).not.toContain(squeeze('Counted twice'))
  expect(file).not.toContain('Voided')
  expect(file).not.toContain(squeeze(formatINR(deposits[3]?.paise ?? 0)))
  for (const text of [profile.displayName, 'Ramesh Kumar', maskAadhaar(aadhaar), caption]) {
    expect(file).toContain(squeeze(text))
  }

  // A period: only its payments are listed, between its opening and closing balances; terms and
  // Due today stay.
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Choose dates' })
  await page.getByLabel('From', { exact: true }).fill(formatDisplayDate(day(-25)))
  await page.getByLabel('To', { exact: true }).fill(formatDisplayDate(day(-8)))
  await expect(statement.locator('dt', { hasText: 'Period' }).locator('+ dd')).toHaveText(
    `${formatDisplayDate(day(-25))} to ${formatDisplayDate(day(-8))}`,
  )
  expect((await listed('Seeds')).map((row) => row[0])).toEqual([formatDisplayDate(day(-10))])
  expect((await listed('Pump')).map((row) => row[0])).toEqual([formatDisplayDate(day(-20))])
  await expect(total.locator('[data-figure]')).toHaveText(formatINR(personDue))
  const seeds = statement.getByRole('region', { name: label.Seeds })
  await expect(
    personLoans.figure(seeds, `Opening balance on ${formatDisplayDate(day(-25))}`),
  ).toBeVisible()
  await expect(
    personLoans.figure(seeds, `Closing balance on ${formatDisplayDate(day(-8))}`),
  ).toBeVisible()
  await expect(personLoans.figure(seeds, 'Paid')).toHaveText(formatINR(deposits[2]?.paise ?? 0))

  // On a phone (390 and 360 px wide): nothing scrolls sideways.
  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.reload()
    await slow(statement.getByRole('group', { name: 'Total due today' })).toBeVisible()
    expect(await overflow(page)).toBe(0)
  }
})
