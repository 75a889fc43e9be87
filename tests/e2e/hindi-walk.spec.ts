/**
 * A lender who reads Hindi walks a whole day's work in it: sign-up, a village, a person, a loan,
 * a deposit and the statement. Every screen is in Hindi, with no English left in its main
 * content beyond what the lender typed; the texts come from the Hindi catalogue itself.
 */
import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { catalogue, expectNoEnglish, signUpInHindi } from './pages/catalogue.ts'
import { browserToday } from './pages/clock.ts'
import { selectByText } from './pages/forms.ts'
import { newLender } from './pages/LoginPage.ts'

const t = catalogue('hi')
const today = browserToday()
const village = 'रामपुर'
const name = 'आशा देवी'
const phone = '9876543210'
const loanNote = 'बीज'
/** What the lender typed, and this device's name (theirs to set); it may show anywhere. */
const typed = [village, name, phone, loanNote, 'Chrome on Windows', 'Chrome on Linux']

test('a day of work in Hindi: village, person, loan, deposit and statement', async ({ page }) => {
  test.setTimeout(300_000)
  const main = page.getByRole('main')
  const heading = (text: string | RegExp) => main.getByRole('heading', { name: text, level: 1 })

  await page.goto('/login')
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click()
  const { email, password } = newLender()
  await signUpInHindi(page, email, password)
  await expect(heading(t('people:title'))).toBeVisible({ timeout: 60_000 })
  await expectNoEnglish(page)

  // A village.
  await page.goto('/city')
  await expect(heading(t('cities:title'))).toBeVisible({ timeout: 60_000 })
  await main.getByLabel(t('cities:nameLabel')).fill(village)
  await main.getByRole('button', { name: t('cities:add'), exact: true }).click()
  await expect(main.getByRole('cell', { name: village, exact: true })).toBeVisible()
  // The list of villages is shared by every lender: their names are data, the rest is ours.
  await expectNoEnglish(page, typed, main.locator('tbody tr td:first-child'))

  // A person in it.
  await page.goto('/people/add')
  await expect(heading(t('people:form.addTitle'))).toBeVisible({ timeout: 60_000 })
  await main.getByLabel(t('people:field.name')).fill(name)
  await selectByText(main.getByLabel(t('people:field.city')), village)
  await main.getByLabel(t('people:field.phone')).fill(phone)
  await main.getByLabel(t('people:field.gender')).selectOption({ label: t('people:gender.female') })
  await expectNoEnglish(page, typed)
  await main.getByRole('button', { name: t('people:form.submitAdd') }).click()
  await expect(page).toHaveURL(/\/people$/)
  await expect(main.getByText(name).first()).toBeVisible()
  await expectNoEnglish(page, typed)

  // A loan to her.
  await page.goto('/loans/add')
  await expect(heading(t('loans:form.addTitle'))).toBeVisible({ timeout: 60_000 })
  await selectByText(main.getByLabel(t('loans:form.person')), name)
  await main.getByLabel(t('loans:form.amount'), { exact: true }).fill('10000')
  await main.getByLabel(t('loans:form.interestRate')).fill('2')
  await main
    .getByLabel(t('loans:form.interestType'))
    .selectOption({ label: t('loans:form.types.per_month') })
  const start = formatDisplayDate(addDays(today, -30))
  await main.getByLabel(t('loans:form.startDate'), { exact: true }).fill(start)
  await main
    .getByLabel(t('loans:form.dueDate'), { exact: true })
    .fill(formatDisplayDate(addDays(today, 60)))
  await main.getByLabel(t('loans:form.description')).fill(loanNote)
  await expectNoEnglish(page, typed)
  await main.getByRole('button', { name: t('loans:form.add') }).click()
  await expect(page).toHaveURL(/\/loans$/)
  await expect(heading(t('loans:list.title'))).toBeVisible()
  await expectNoEnglish(page, typed)

  // A deposit from the dashboard.
  await page.goto('/dashboard')
  await expect(main.getByText(name).first()).toBeVisible({ timeout: 60_000 })
  await expectNoEnglish(page, typed)
  await main
    .getByRole('link', { name: t('dashboard:deposit') })
    .first()
    .click()
  await expect(heading(t('deposit:titleFor', { name }))).toBeVisible({ timeout: 60_000 })
  await main.getByLabel(t('deposit:amount')).fill('1500')
  await main.getByRole('button', { name: t('deposit:autoAllocate') }).click()
  await expectNoEnglish(page, typed)
  await main.getByRole('button', { name: t('deposit:record') }).click()
  await expect(page).toHaveURL(/\/users\/[^/]+\/loans$/)
  await expect(heading(name)).toBeVisible()
  await expectNoEnglish(page, typed)

  // Her statement.
  await main.getByRole('link', { name: t('loans:person.statement') }).click()
  await expect(heading(t('statement:title'))).toBeVisible({ timeout: 60_000 })
  await expect(main.getByRole('heading', { name: t('statement:heading', { name }) })).toBeVisible()
  await expectNoEnglish(page, typed)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
})
