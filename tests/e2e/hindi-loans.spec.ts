import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import { formatINR, paiseToRupeeInput } from '../../shared/money.ts'
import { addCityAndPersonPatiently, addLoanPatiently } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { newLenderPage } from './pages/devices.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { pdfText, slow, visit } from './pages/screens.ts'

const { today, day } = browserCalendar()

test('in Hindi, the loans page, the deposit page and the statement (and its PDF) speak Hindi with en-IN money and DD/MM/YYYY dates', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const page = await newLenderPage(browser)

  // A borrower with one loan and one deposit, entered in English.
  await addCityAndPersonPatiently(page, { name: 'Ramesh Kumar', city: 'Rampur' })
  await addLoanPatiently(page, {
    person: 'Ramesh Kumar',
    amount: '250000',
    rate: '2',
    type: 'Per Month',
    startDate: day(-30),
    dueDate: day(60),
    description: 'Tractor',
  })

  // The lender switches this device to Hindi.
  await page.evaluate(() => localStorage.setItem('rin-khata.language', 'hi'))
  // The app reads the language when it starts: the loans page by its address.
  await page.goto('/loans')
  await slow(page.getByRole('heading', { name: 'उधार', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('link', { name: 'उधार जोड़ें' })).toBeVisible()
  await expect(page.getByText('₹2,50,000', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('2% प्रति माह').first()).toBeVisible()
  await page.getByRole('link', { name: 'पूरा देखें' }).first().click()
  await slow(page.getByRole('heading', { name: 'Ramesh Kumar', level: 1 })).toBeVisible()
  const personId = new PersonLoansPage(page).personId()
  const card = page.getByRole('article', { name: /^Tractor · ₹2,50,000, .* से \(उधार #/ })
  await expect(card).toBeVisible()
  await expect(card).toContainText(`${formatDisplayDate(day(-30))} से`)
  await expect(card).toContainText('आज बकाया')
  await expect(page.getByRole('heading', { name: 'हिसाब कैसे बनता है', level: 2 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'हिसाब बंद करने की रकम' })).toBeVisible()

  // A deposit, in Hindi: the form's words, the preview, and the confirmation.
  await page.getByRole('link', { name: 'जमा करें' }).click()
  await slow(page.getByRole('heading', { name: 'Ramesh Kumar की जमा', level: 1 })).toBeVisible()
  await page.getByLabel('जमा की रकम').fill(paiseToRupeeInput(10_000_00))
  await expect(page.getByRole('heading', { name: 'झलक' })).toBeVisible()
  await page.getByRole('button', { name: 'जमा दर्ज करें' }).click()
  await slow(page.getByText(`Ramesh Kumar से ${formatINR(10_000_00)} मिले`)).toBeVisible()

  // The statement on screen and as a PDF: Hindi words, the same figures.
  await visit(page, `/users/${personId}/statement`, 'खाता विवरण')
  const statement = page.getByRole('article', { name: 'खाता विवरण' })
  await expect(statement.getByRole('heading', { name: 'Ramesh Kumar का खाता विवरण' })).toBeVisible()
  await expect(statement.locator('dt', { hasText: 'अवधि' }).locator('+ dd')).toHaveText(
    'शुरू से अब तक',
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF डाउनलोड करें' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const file = await pdfText(new Uint8Array(readFileSync(await download.path())))
  // Devanagari is set in the embedded Noto Sans Devanagari and comes back out as text.
  // उधारकर्ता (a reph) and विवरण (ि) come out in reading order, not as उधारकतार् and िववरण.
  for (const word of [
    'उधार',
    'बकाया',
    'उधारकर्ता',
    'खाताविवरण',
    'RameshKumar',
    '₹2,50,000.00',
    formatINR(10_000_00),
  ]) {
    expect(file).toContain(word)
  }
  expect(file).toContain(formatDisplayDate(today))
})
