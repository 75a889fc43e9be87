import { expect, test, type Page } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { identityMessages, verhoeffCheckDigit } from '../../shared/identity.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { browserToday } from './pages/clock.ts'
import { phone } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { signUpNewLender } from './pages/LoginPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { animationsDone } from './pages/screens.ts'

const today = browserToday()
const aadhaar = `23456789012${verhoeffCheckDigit('23456789012')}`

/** Counts calls to navigator.storage.persist() across reloads of this page. */
async function countPersistCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const storage = navigator.storage
    const persist = storage.persist.bind(storage)
    storage.persist = () => {
      const n = Number(localStorage.getItem('test:persist-calls') ?? '0')
      localStorage.setItem('test:persist-calls', String(n + 1))
      return persist()
    }
  })
}

async function persistCalls(page: Page): Promise<number> {
  return page.evaluate(() => Number(localStorage.getItem('test:persist-calls') ?? '0'))
}

for (const [name, options] of [
  ['phone 390×844', phone],
  ['desktop 1280×800', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(name, () => {
    // An American browser: the date fields must still read and take DD/MM/YYYY.
    test.use({ ...options, locale: 'en-US' })

    test('first steps, phone and Aadhaar checks, masked Aadhaar, amounts in words, DD/MM/YYYY dates, persistent storage asked once', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await countPersistCalls(page)
      await signUpNewLender(page)

      // An empty book says what to do first, in order, with links.
      const steps = page.getByRole('region', { name: 'Getting started' })
      await expect(page.getByText('No people found.', { exact: true })).toBeVisible()
      await expect(steps.getByRole('link')).toHaveText([
        'Add a village or city',
        'Add a person who borrows',
        'Give them a loan',
      ])
      await steps.getByRole('link', { name: 'Add a village or city' }).click()
      await expect(page).toHaveURL(/\/city$/)
      expect(await persistCalls(page)).toBe(0)
      // A city nobody has added yet (the list is shared): adding it is this device's first entry.
      const city = `Khedi ${Date.now().toString(36)}`
      await new CitiesPage(page).add(city)
      await expect.poll(() => persistCalls(page)).toBe(1)
      await page.goto('/people')
      await expect(steps).toContainText('✓ done')

      // Phone and Aadhaar are checked, each message beside its field; nothing is saved.
      const form = new PersonFormPage(page)
      await form.gotoAdd()
      await form.fill({ name: 'Sunita', city, phone: '98765', aadhaar: '1234' })
      await form.submit()
      await expect(form.error('Aadhaar')).toHaveText(identityMessages.aadhaarLength)
      await expect(form.error('Phone')).toHaveText(identityMessages.phoneLength)
      await expect(page.getByLabel('Aadhaar')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Aadhaar')).toBeFocused()
      await form.fill({
        phone: '5876543210',
        aadhaar: `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`,
      })
      await form.submit()
      await expect(form.error('Aadhaar')).toHaveText(identityMessages.aadhaarInvalid)
      await expect(form.error('Phone')).toHaveText(identityMessages.phoneStart)
      await expect(page).toHaveURL(/\/people\/add$/)

      // Good numbers, typed the way people write them, are saved.
      await form.fill({
        phone: '+91 98765 43210',
        aadhaar: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
        balance: '250000',
      })
      await expect(page.getByText('₹2,50,000.00 · 2.5 lakh')).toBeVisible()
      await form.submit()
      await expect(page).toHaveURL(/\/people$/)
      expect(await persistCalls(page)).toBe(1)

      // The person's page shows the details, Aadhaar masked to its last four digits.
      const editHref = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
      const personId = editHref?.split('/').pop() ?? ''
      await page.goto(`/people/${personId}`)
      await expect(page.getByRole('heading', { name: 'Sunita', level: 1 })).toBeVisible()
      await expect(page.getByText(`XXXX XXXX ${aadhaar.slice(8)}`)).toBeVisible()
      await expect(page.getByText('+91 98765 43210')).toBeVisible()
      await expect(page.getByText(city)).toBeVisible()
      await expect(page.locator('body')).not.toContainText(aadhaar.slice(0, 8))
      await expect(page.getByText('People Details')).toHaveCount(0)
      // Only the edit form shows the whole number.
      await page.getByRole('link', { name: 'Edit' }).click()
      await expect(page.getByLabel('Aadhaar')).toHaveValue(aadhaar)
      await page.goto(`/people/${personId}`)
      await page.getByRole('link', { name: 'New Loan' }).click()

      // Amounts echo in lakh so 2,50,000 and 25,00,000 never look alike.
      const loanForm = new LoanFormPage(page)
      // The loan form's code (with the calendar) loads on first use: allow a slow, shared machine.
      await expect(page.getByRole('heading', { name: 'Add Loan' })).toBeVisible({ timeout: 30_000 })
      await loanForm.fill({ amount: '2500000' })
      await expect(page.getByText('₹25,00,000.00 · 25 lakh')).toBeVisible()
      await loanForm.fill({ amount: '250000', rate: '24' })
      await expect(page.getByText('₹2,50,000.00 · 2.5 lakh')).toBeVisible()

      // Dates read DD/MM/YYYY in an en-US browser; typing one and picking one both work.
      const start = page.getByLabel('Start Date', { exact: true })
      const due = page.getByLabel('Due Date', { exact: true })
      await expect(start).toHaveValue(formatDisplayDate(today))
      await expect(start).toHaveAttribute('placeholder', 'DD/MM/YYYY')
      await start.fill('31/13/2026')
      await start.blur()
      await expect(page.getByText('Enter the date as DD/MM/YYYY')).toBeVisible()
      await start.fill(formatDisplayDate(addDays(today, -3)))
      await expect(page.getByText('Enter the date as DD/MM/YYYY')).toHaveCount(0)
      await page.getByRole('button', { name: 'Choose Due Date from a calendar' }).click()
      const target = addDays(today, 1)
      // A tap lands on the day once the calendar has grown in, as a finger's would.
      await animationsDone(page)
      await page
        .locator(`[data-part="table-cell-trigger"][data-value="${target}"]`)
        .filter({ visible: true })
        .click()
      await expect(due).toHaveValue(formatDisplayDate(target))
      await loanForm.submit()
      await expect(page).toHaveURL(/\/loans$/)

      // Reopened, the loan shows the dates as entered.
      await page.getByRole('link', { name: 'Edit' }).first().click()
      await expect(start).toHaveValue(formatDisplayDate(addDays(today, -3)))
      await expect(due).toHaveValue(formatDisplayDate(target))
      expect(await persistCalls(page)).toBe(1)
    })
  })
}
