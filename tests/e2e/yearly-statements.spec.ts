/**
 * Issue 32, item 4: the yearly statement. From Settings, every borrower's statement of the last
 * financial year in one PDF: each borrower from a new page, in the borrower's language, opening on
 * 1 April, the year's movements, closing on 31 March, with the engine's figures.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { loanPosition, type PaymentFact } from '../../shared/ledger/engine.ts'
import { financialYear } from '../../shared/ledger/statement.ts'
import { formatINR } from '../../shared/money.ts'
import { addBorrower, depositOn, loanTerms } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { newLenderPage } from './pages/devices.ts'
import { pdfText } from './pages/screens.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

const { today, day } = browserCalendar()
const squeeze = (s: string) => s.replace(/\s+/g, '')

test('yearly statements: every borrower of last financial year in one PDF, each in their language, with the engine’s opening and closing', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  // Last financial year: the one before the year today is in.
  const thisYear = Number(today.slice(0, 4)) - (today.slice(5) < '04-01' ? 1 : 0)
  const year = financialYear(thisYear - 1)
  const page = await newLenderPage(browser)
  const borrowers = [
    { name: 'Ramesh Kumar', language: 'en' as const, start: day(-800), paid: 1_500_00 },
    { name: 'Sita Devi', language: 'hi' as const, start: day(-450), paid: 2_000_00 },
  ]
  const expected: { name: string; opening: number; closing: number }[] = []
  for (const b of borrowers) {
    const loan = loanTerms(b.name, { amount: 20_000_00, startDate: b.start, dueDate: day(60) })
    const { personId, label } = await addBorrower(page, {
      name: b.name,
      village: 'Rampur',
      language: b.language,
      loans: [{ loan, description: 'Seeds' }],
    })
    // A repayment inside the year.
    const inside = addDays(year.from, 100)
    const paidOn = inside > b.start ? inside : addDays(b.start, 10)
    await depositOn(page, personId, label.Seeds as string, paidOn, b.paid)
    const facts: PaymentFact[] = [{ id: 'p', date: paidOn, amount: b.paid, createdAt: '1' }]
    const withFacts = { ...loan, payments: facts }
    const dayBefore = addDays(year.from, -1)
    expected.push({
      name: b.name,
      opening: b.start < year.from ? loanPosition(withFacts, dayBefore).due : 0,
      closing: loanPosition(withFacts, year.to).due,
    })
  }

  const settings = new SettingsPage(page)
  await settings.goto()
  const section = settings.section('Yearly statements')
  const years = section.getByLabel('Financial year')
  const options = await years.locator('option').allInnerTexts()
  await years.selectOption({ label: options.find((o) => o.startsWith(`${thisYear - 1}–`)) ?? '' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download all borrowers’ statements (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toContain('Yearly statements')
  const text = await pdfText(new Uint8Array(readFileSync(await download.path())))
  const period = squeeze(`${formatDisplayDate(year.from)} to ${formatDisplayDate(year.to)}`)
  // Ramesh's, in English: the year, and where his loan stood at its end.
  expect(text).toContain('LoanstatementofRameshKumar')
  expect(text).toContain(period)
  const [ramesh, sita] = expected
  expect(ramesh!.opening).toBeGreaterThan(0)
  expect(text).toContain(squeeze(`Opening ${formatINR(ramesh!.opening)}`))
  expect(text).toContain(squeeze(`closing ${formatINR(ramesh!.closing)}`))
  // His repayment with its receipt number and code (issue 32).
  expect(text.slice(0, text.indexOf('SitaDeviका'))).toMatch(
    /No\.[0-9A-Z]{6}-\d+,code[0-9A-Z]{4}-[0-9A-Z]{4}/,
  )
  // Sita's, in Hindi (her language), from a page of her own, after his (by name).
  const sitaAt = text.indexOf('SitaDeviका')
  expect(sitaAt).toBeGreaterThan(text.indexOf('LoanstatementofRameshKumar'))
  expect(text.slice(sitaAt)).toContain(
    squeeze(`${formatDisplayDate(year.from)}से${formatDisplayDate(year.to)}तक`),
  )
  expect(text.slice(sitaAt)).toContain(squeeze(formatINR(sita!.closing)))
  expect(text.slice(sitaAt)).not.toContain('Loanstatement')
  expect(text.slice(sitaAt)).toMatch(/[0-9A-Z]{6}-\d+,[^,]*[0-9A-Z]{4}-[0-9A-Z]{4}/)
})
