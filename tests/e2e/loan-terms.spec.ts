/**
 * Issue 27, harms 4, 6 and 7, in the browser against the real server: the lender chooses how
 * unpaid interest is treated (per loan, with a book default in Settings for new loans); a change
 * of a loan's terms that rewrites recorded payments shows what it does first, is recorded in the
 * loan's history as old → new, and can be undone; old dues from a paper khata count in the
 * dashboard's Due today and in the reminder.
 *
 * Every expected figure is worked out by hand in a comment: interest on B for d days at r % a
 * year is B × r/100 × d/365, rounded half up once to the paisa (engine notes, rules 2–4).
 */
import { expect, test, type Page } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import { addCityAndPerson } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderPage, phone } from './pages/devices.ts'
import { LoanFormPage, RULE_LABELS } from './pages/LoanFormPage.ts'
import type { PersonFields } from './pages/PersonFormPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

const { today, day } = browserCalendar()

/** A city and a person, through the forms; returns the person's loans page, once opened. */
async function borrower(page: Page, person: PersonFields & { name: string }) {
  await addCityAndPerson(page, { city: 'Rampur', ...person })
}

/** Opens the person's loans page from the dashboard; returns its page model and the person's id. */
async function openLoans(page: Page, name: string) {
  const loans = await new DashboardPage(page).openPerson(name)
  return { loans, personId: loans.personId() }
}

test('1280: simple interest chosen on a loan gives simple figures; the Settings default applies to new loans only', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const page = await newLenderPage(browser)
  await borrower(page, { name: 'Asha' })
  const form = new LoanFormPage(page)
  // Three loans of ₹1,00,000 at 24 % a year from 200 days ago, each brought from paper with
  // ₹5,000 of interest already due on its start date.
  const terms = {
    person: 'Asha',
    amount: '100000',
    rate: '24',
    type: 'Per Annum' as const,
    startDate: day(-200),
    dueDate: day(100),
    oldDuesInterest: '5000',
  }
  // The form offers the old rule first while the book's default is the old rule.
  await form.gotoAdd()
  await expect(page.getByRole('radio', { name: RULE_LABELS['earns interest'] })).toBeChecked()
  await form.fill({ ...terms, description: 'Kept' })
  await form.submit()
  await expect(page).toHaveURL(/\/loans$/)
  await form.add({ ...terms, description: 'Chosen', rule: 'simple' })

  // The book's default becomes simple interest: new loans start with it, old ones keep theirs.
  const settings = new SettingsPage(page)
  await settings.goto()
  const section = settings.section('Interest on new loans')
  await section.getByRole('radio', { name: RULE_LABELS.simple }).check()
  await expect(section.getByRole('status')).toContainText('Loans you already have are unchanged')
  await form.gotoAdd()
  await expect(page.getByRole('radio', { name: RULE_LABELS.simple })).toBeChecked()
  await form.fill({ ...terms, description: 'Default' })
  await form.submit()
  await expect(page).toHaveURL(/\/loans$/)

  const { loans } = await openLoans(page, 'Asha')
  const due = (description: string) => loans.figure(loans.card(description), 'Due today')
  // Simple: interest on the principal only: 1,00,000 × 0.24 × 200 / 365 = 13,150.684… →
  // ₹13,150.68, plus the ₹5,000 already due and the ₹1,00,000: ₹1,18,150.68.
  await expect(due('Chosen')).toHaveText('₹1,18,150.68')
  await expect(due('Default')).toHaveText('₹1,18,150.68')
  // The old rule, kept by the loan made before the default changed: the ₹5,000 unpaid earns
  // interest too: 1,05,000 × 0.24 × 200 / 365 = 13,808.219… → ₹13,808.22; ₹1,18,808.22 due.
  await expect(due('Kept')).toHaveText('₹1,18,808.22')
  // Its form still says so.
  await loans.card('Kept').getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Loan' })).toBeVisible()
  await expect(page.getByRole('radio', { name: RULE_LABELS['earns interest'] })).toBeChecked()
  await expect(
    page.getByRole('checkbox', { name: 'Bringing an old loan from a paper khata?' }),
  ).toBeChecked()
  await expect(page.getByLabel('Interest already due on the start date')).toHaveValue('5000.00')
})

for (const [size, options] of [
  ['390', phone],
  ['1280', {}],
] as const) {
  test(`${size}: a rate changed from 18 % to 24 % on a loan with a payment is shown first, recorded, and undone`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const page = await newLenderPage(browser, options)
    const settings = new SettingsPage(page)
    await settings.goto()
    await settings.nameDevice('Shop counter')
    await borrower(page, { name: 'Ravi' })
    // ₹1,00,000 at 18 % a year from 120 days ago; ₹10,000 paid 60 days ago.
    await new LoanFormPage(page).add({
      person: 'Ravi',
      amount: '100000',
      rate: '18',
      type: 'Per Annum',
      startDate: day(-120),
      dueDate: day(240),
      description: 'Tractor',
    })
    const { loans, personId } = await openLoans(page, 'Ravi')
    const deposit = new DepositPage(page)
    await deposit.goto(personId)
    await deposit.amount.fill('10000')
    await deposit.fillDate(day(-60))
    await deposit.record()
    await expect(page.getByRole('heading', { name: 'Ravi', level: 1 })).toBeVisible()
    const card = loans.card('Tractor')
    // 18 %: 60 days on ₹1,00,000 = ₹2,958.90, so the payment left ₹92,958.90 (₹7,041.10 of
    // principal); 60 days more on that: 92,958.90 × 0.18 × 60 / 365 = 2,750.56 → ₹95,709.46.
    await expect(loans.figure(card, 'Due today')).toHaveText('₹95,709.46')

    await card.getByRole('link', { name: 'Edit' }).click()
    const form = new LoanFormPage(page)
    await form.fill({ rate: '24' })
    await form.submit()
    // 24 %: 60 days on ₹1,00,000 = 3,945.205… → ₹3,945.21 of interest, ₹6,054.79 of
    // principal, ₹93,945.21 left; 60 days more: 93,945.21 × 0.24 × 60 / 365 = 3,706.33 →
    // ₹97,651.54 due today.
    const dialog = form.termsDialog
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Due today ₹95,709.46 → ₹97,651.54')
    await expect(dialog).toContainText('1 of 1 recorded payment changes its split')
    await expect(dialog).toContainText(
      `${formatDisplayDate(day(-60))} · ₹10,000.00: interest ₹2,958.90 → ₹3,945.21, principal ₹7,041.10 → ₹6,054.79`,
    )
    // Going back saves nothing and keeps what was typed.
    await dialog.getByRole('button', { name: 'Go back' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByLabel('Interest Rate (%)')).toHaveValue('24')
    await form.submit()
    await dialog.getByRole('button', { name: 'Save the change' }).click()
    await expect(page).toHaveURL(/\/loans$/)
    await expect(page.getByText('Loan changed: Rate 18% → 24%')).toBeVisible()

    await loans.goto(personId, 'Ravi')
    await expect(loans.figure(card, 'Due today')).toHaveText('₹97,651.54')
    const latest = card.getByRole('list', { name: /^Latest change to Loan #/ })
    await expect(latest).toHaveText(
      new RegExp(`^Rate 18% → 24% by Shop counter on ${formatDisplayDate(today)}\\s*Undo$`),
    )
    await latest.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Change undone: Rate 18% → 24%')).toBeVisible()
    // The old figures are back, and the history says who put them back.
    await expect(loans.figure(card, 'Due today')).toHaveText('₹95,709.46')
    await expect(latest).toHaveText(
      `Undo: Rate 24% → 18% by Shop counter on ${formatDisplayDate(today)}`,
    )
    await loans.showDetails(card)
    const all = card.getByRole('list', { name: /^Changes to Loan #/ })
    await expect(all.getByRole('listitem')).toHaveText([
      `Undo: Rate 24% → 18% by Shop counter on ${formatDisplayDate(today)}`,
      `Rate 18% → 24% by Shop counter on ${formatDisplayDate(today)} · undone later`,
    ])
    if (size === '390') {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBe(0)
    }
  })
}

test('390: a note of old dues brought in as a loan counts in the dashboard Due today and in the reminder', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const page = await newLenderPage(browser, phone)
  await borrower(page, { name: 'Meena', phone: '98765 43210', balance: '5000' })
  // The note counts in nothing: before anything else, Due today is ₹0.00.
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.tile('Due today')).toContainText('₹0.00')

  // The person's page shows the note as not counted, and offers to bring it in.
  const { personId } = await openLoans(page, 'Meena')
  await page.goto(`/people/${personId}`)
  await expect(page.getByText('₹5,000.00 · not counted in any figure')).toBeVisible()
  await page.getByRole('link', { name: 'Bring it in as an old loan' }).click()
  await expect(page.getByRole('heading', { name: 'Add Loan' })).toBeVisible()
  await expect(
    page.getByRole('checkbox', { name: 'Bringing an old loan from a paper khata?' }),
  ).toBeChecked()
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('5000.00')
  // The paper says: ₹5,000 of principal and ₹700 of interest due 30 days ago, at 24 % a year,
  // to be repaid by yesterday (so the whole of it is overdue, whatever a reminder asks for).
  const form = new LoanFormPage(page)
  await form.fill({
    rate: '24',
    type: 'Per Annum',
    startDate: day(-30),
    dueDate: day(-1),
    description: 'Paper khata',
    oldDuesInterest: '700',
  })
  await form.submit()
  await expect(page).toHaveURL(/\/loans$/)

  // Old rule: the ₹700 earns interest with the principal: 5,700 × 0.24 × 30 / 365 = 112.438… →
  // ₹112.44; due today ₹5,000 + ₹700 + ₹112.44 = ₹5,812.44, on the dashboard and in the reminder.
  await dashboard.goto()
  await expect(dashboard.tile('Due today')).toContainText('₹5,812.44')
  await dashboard.item('Meena').getByRole('link', { name: 'Meena', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Meena', level: 1 })).toBeVisible()
  const remind = page.getByRole('link', { name: 'Remind on WhatsApp' })
  const text = new URL((await remind.getAttribute('href')) ?? '').searchParams.get('text') ?? ''
  expect(text).toContain('₹5,812.44')
})
