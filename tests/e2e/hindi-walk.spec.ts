/**
 * A lender who reads Hindi walks a whole day's work in it: sign-up, a village, a person, a loan,
 * a deposit and the statement; then every other screen (the person's details and form, the loan's
 * form, Trash, Settings, a page that does not exist, the login page), every dialog (void, the
 * terms change, settling for less, the deletes), at laptop and phone width with the phone's tabs
 * and menu. Every screen is in Hindi, with no English left anywhere on it beyond what the lender
 * typed; the texts come from the Hindi catalogue itself.
 */
import { expect, test } from '@playwright/test'
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import { catalogue, expectNoEnglish, signUpInHindi } from './pages/catalogue.ts'
import { browserToday } from './pages/clock.ts'
import { selectByText } from './pages/forms.ts'
import { newLender } from './pages/LoginPage.ts'
import { animationsDone } from './pages/screens.ts'

const t = catalogue('hi')
const today = browserToday()
const village = 'रामपुर'
const name = 'आशा देवी'
const phone = '9876543210'
const loanNote = 'बीज'
/** What the lender typed; it may show anywhere. (The device's guessed name is the app's words.) */
const typed = [village, name, phone, loanNote]

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
  const personId = /\/users\/([^/]+)\//.exec(page.url())?.[1] ?? ''
  expect(personId).not.toBe('')
  const body = page.locator('body')
  /** The whole page: the top bar, the tabs, the main content and any toast. */
  const allOfIt = () => expectNoEnglish(page, typed, undefined, body)
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'))
  const inDialog = () => expectNoEnglish(page, typed, undefined, dialog)
  // Escape once the dialog has finished opening: pressed while it grows in, it can go unheard.
  const closeWithEscape = async () => {
    await animationsDone(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }
  await allOfIt()

  // Her page, with the payment's history and its Void dialog.
  await page.goto(`/users/${personId}/loans`)
  await expect(heading(name)).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await main
    .getByRole('button', { name: t('loans:void.void'), exact: true })
    .first()
    .click()
  await expect(dialog).toBeVisible()
  await inDialog()
  await dialog.getByRole('button', { name: t('loans:void.cancel'), exact: true }).click()
  await expect(dialog).toHaveCount(0)

  // Her details and her form.
  await page.goto(`/people/${personId}`)
  await expect(main.getByText(name).first()).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await page.goto(`/people/edit/${personId}`)
  await expect(heading(t('people:form.editTitle'))).toBeVisible({ timeout: 60_000 })
  await allOfIt()

  // The loan's form: a change of terms asks first, and settling for less has its own dialog.
  await page.goto('/loans')
  await expect(heading(t('loans:list.title'))).toBeVisible({ timeout: 60_000 })
  const edit = main.locator('a[href*="/loans/edit/"]').first()
  await page.goto((await edit.getAttribute('href')) ?? '')
  await expect(heading(t('loans:form.editTitle'))).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await main.getByLabel(t('loans:form.interestRate')).fill('3')
  await main.getByRole('button', { name: t('loans:form.update') }).click()
  await expect(dialog).toBeVisible()
  await inDialog()
  await closeWithEscape()
  await main.getByLabel(t('loans:form.interestRate')).fill('2')
  await main
    .getByLabel(t('loans:form.status'))
    .selectOption({ label: t('loans:form.statuses.paid') })
  await main.getByRole('button', { name: t('loans:waiver.open') }).click()
  await expect(dialog).toBeVisible()
  await inDialog()
  await closeWithEscape()

  // The deletes ask first; both are cancelled.
  for (const [path, title] of [
    ['/people', t('people:title')],
    ['/loans', t('loans:list.title')],
  ] as const) {
    await page.goto(path)
    await expect(heading(title)).toBeVisible({ timeout: 60_000 })
    await allOfIt()
    await main
      .getByRole('button', { name: t('common:delete'), exact: true })
      .first()
      .click()
    await expect(dialog).toBeVisible()
    await inDialog()
    await closeWithEscape()
  }

  // Trash, Settings and a page that does not exist.
  await page.goto('/trash')
  await expect(heading(t('trash:title'))).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await page.goto('/settings')
  await expect(heading(t('settings:title'))).toBeVisible({ timeout: 60_000 })
  // The devices list, where this device's name shows.
  await expect(main.getByText(t('settings:devices.inUse'))).toBeVisible({ timeout: 20_000 })
  await allOfIt()
  await page.goto('/no-such-page')
  await allOfIt()

  // A phone: the tabs and the menu, on the dashboard and her page.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard')
  await expect(main.getByText(name).first()).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await page.goto(`/users/${personId}/loans`)
  await expect(heading(name)).toBeVisible({ timeout: 60_000 })
  await allOfIt()
  await page.goto('/city')
  await expect(heading(t('cities:title'))).toBeVisible({ timeout: 60_000 })
  await expectNoEnglish(page, typed, main.locator('tbody tr td:first-child'), body)
  const tabs = page.getByRole('navigation', { name: t('shell:tabs') })
  const menu = tabs.getByRole('button', { name: t('shell:menu'), exact: true })
  if ((await menu.count()) > 0) {
    await menu.click()
    await expectNoEnglish(page, typed, main.locator('tbody tr td:first-child'), body)
    await page.keyboard.press('Escape')
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // Offline with a change not yet saved, Logout asks first.
  const offlineVillage = 'सीतापुर'
  await page.context().setOffline(true)
  await main.getByLabel(t('cities:nameLabel')).fill(offlineVillage)
  await main.getByRole('button', { name: t('cities:add'), exact: true }).click()
  await expect(main.getByRole('cell', { name: offlineVillage, exact: true })).toBeVisible()
  const logout = page.getByRole('button', { name: t('shell:logout'), exact: true }).first()
  await logout.click()
  await expect(dialog).toBeVisible()
  await inDialog()
  // "Cancel" when the change counts as unsaved, "Stay logged in" when the device is only
  // offline: either way the question is in Hindi, and the lender stays.
  await dialog
    .getByRole('button', { name: t('common:cancel'), exact: true })
    .or(dialog.getByRole('button', { name: t('shell:logoutQuestion.stay'), exact: true }))
    .click()
  await expect(dialog).toHaveCount(0)
  await page.context().setOffline(false)
  await expect(page.getByRole('status', { name: t('shell:sync.label') })).toHaveText(
    t('shell:sync.synced'),
    { timeout: 60_000 },
  )

  // Logged out: the login page is in Hindi too.
  await logout.click()
  await expect(page).toHaveURL(/\/login$/, { timeout: 60_000 })
  await allOfIt()
})
