/**
 * Issue 27, harms 1, 2 and 5 and the receipt's split, on a 390 px phone and a 1280 px laptop,
 * with the issue's own figures: Ramesh's ₹2,50,000 tractor loan at 18 % a year for 281 days
 * (₹34,643.84 of interest) on which he has paid ₹20,000 today, so he owes ₹2,64,643.84: principal
 * ₹2,50,000.00 and interest ₹14,643.84. Suresh has a buffalo loan.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import {
  loanFigures,
  previewWaiver,
  replayLedgerLoan,
  type LedgerLoan,
} from '../../shared/ledger/engine.ts'
import { formatINR, paiseToRupeeInput } from '../../shared/money.ts'
import { addCityAndPerson, lend } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { PersonLoansPage, type ReckoningWord } from './pages/PersonLoansPage.ts'

const { today, day } = browserCalendar()
const laptop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const sizes = [
  ['390×844', phone],
  ['1280×800', laptop],
] as const

const tractor: LedgerLoan = {
  id: 'tractor',
  personId: 'ramesh',
  amount: 2_50_000_00,
  interestRate: 18,
  interestType: 'per_annum',
  startDate: day(-281),
  dueDate: day(84),
  status: 'active',
  createdAt: '1',
  payments: [{ id: 'p1', date: today, amount: 20_000_00, createdAt: '1' }],
}
const buffalo: LedgerLoan = {
  ...tractor,
  id: 'buffalo',
  personId: 'suresh',
  amount: 80_000_00,
  interestRate: 2,
  interestType: 'per_month',
  startDate: day(-200),
  dueDate: day(30),
  payments: [],
}
const rameshDue = 2_64_643_84
const buffaloDue = loanFigures(buffalo, today).totalDue

/** How far the page is wider than the screen (0 when nothing overflows). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** The person page of `name`, reached from the dashboard as a lender would. */
function openPerson(page: Page, name: string): Promise<PersonLoansPage> {
  return new DashboardPage(page).openPerson(name)
}

/** A lender with Ramesh (tractor, ₹20,000 paid today) and Suresh (buffalo), through the forms. */
async function book(browser: Browser, options: BrowserContextOptions) {
  const { device } = await newLenderDevice(browser, options)
  const { page } = device
  await addCityAndPerson(page, { name: 'Ramesh', city: 'Rampur', phone: '98765 43210' })
  await new PersonFormPage(page).add({ name: 'Suresh', city: 'Rampur' })
  await lend(page, 'Ramesh', [{ loan: tractor, description: 'Tractor' }])
  await lend(page, 'Suresh', [{ loan: buffalo, description: 'Buffalo' }])
  const ramesh = await openPerson(page, 'Ramesh')
  const rameshId = ramesh.personId()
  const tractorLabel = await ramesh.loanLabel('Tractor')
  const deposit = new DepositPage(page)
  await deposit.goto(rameshId)
  await deposit.amount.fill('20000')
  await deposit.record()
  await expect(page).toHaveURL(new RegExp(`/users/${rameshId}/loans$`))
  await expect(ramesh.tile('Due today')).toContainText(formatINR(rameshDue))
  return { device, page, rameshId, tractorLabel }
}

test('the issue’s figures: ₹2,64,643.84 due, of which ₹14,643.84 interest; the old split of ₹3,00,000 said no interest', () => {
  expect(loanFigures(tractor, today)).toMatchObject({
    totalDue: rameshDue,
    principalRemaining: 2_50_000_00,
    currentInterest: 14_643_84,
  })
  // What the receipt used to print for ₹3,00,000 on top: the old app's labels.
  const withCash = {
    ...tractor,
    payments: [...tractor.payments, { id: 'p2', date: today, amount: 3_00_000_00, createdAt: '2' }],
  }
  const entry = replayLedgerLoan(withCash).entries.find((e) => e.paymentId === 'p2')
  expect(entry).toMatchObject({ interestPaid: 0, principalPaid: 3_00_000_00 })
  expect(entry).toMatchObject({
    interestPart: 14_643_84,
    principalPart: 2_50_000_00,
    overpaid: 35_356_16,
  })
})

for (const [size, options] of sizes) {
  test(`${size}: ₹3,00,000 for ₹2,64,643.84 due is not recorded without a choice; "put the rest on Tractor" records all of it, ₹35,356.16 overpaid, and the receipt says so`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const { page, rameshId, tractorLabel } = await book(browser, options)
    const deposit = new DepositPage(page)
    await deposit.goto(rameshId)
    await expect(deposit.amount).toHaveValue(paiseToRupeeInput(rameshDue))

    // Harm 1: the rest is said, with the choices, and Record refuses to drop it.
    await deposit.amount.fill('300000')
    await expect(deposit.allocation(tractorLabel)).toHaveValue(paiseToRupeeInput(rameshDue))
    await expect(deposit.rest).toContainText('₹35,356.16 of this deposit is not on any loan')
    await expect(deposit.rest).toContainText('Overpaid (money you owe back or hold as an advance)')
    await expect(
      deposit.rest.getByRole('button', { name: 'Put ₹35,356.16 on Tractor' }),
    ).toBeVisible()
    await expect(
      deposit.rest.getByRole('button', { name: `Change the amount to ${formatINR(rameshDue)}` }),
    ).toBeVisible()
    expect(await overflow(page)).toBe(0)
    await deposit.record()
    await expect(deposit.error).toHaveText(
      '₹35,356.16 of this deposit is not on any loan: put it on a loan (as overpaid) or change the amount',
    )
    await expect(page).toHaveURL(new RegExp(`/users/${rameshId}/deposit$`))

    // More than settles the loan, typed by hand, is refused too until it is chosen in words.
    await deposit.allocation(tractorLabel).fill('300000')
    await expect(deposit.rest).toHaveCount(0)
    await expect(deposit.overSettling('Tractor')).toContainText(
      `The allocation to Tractor is ₹35,356.16 more than ${formatINR(rameshDue)}, the amount that settles it.`,
    )
    await deposit.record()
    await expect(deposit.error).toHaveText(
      `The allocation to Tractor is ₹35,356.16 more than ${formatINR(rameshDue)}, the amount that settles it: keep the extra on it as overpaid, or lower the allocation`,
    )
    await deposit.autoAllocate()
    await expect(deposit.allocation(tractorLabel)).toHaveValue(paiseToRupeeInput(rameshDue))

    // The choice: the rest goes on Tractor, labelled overpaid, and the preview splits it.
    await deposit.putRestOn('Tractor')
    await expect(deposit.rest).toHaveCount(0)
    await expect(deposit.error).toHaveCount(0)
    await expect(deposit.allocation(tractorLabel)).toHaveValue('300000.00')
    await expect(page.getByRole('group', { name: tractorLabel })).toContainText(
      'Of this, ₹35,356.16 is overpaid: money you owe back or hold as an advance',
    )
    await expect(deposit.preview).toContainText('₹14,643.84')
    await expect(deposit.preview).toContainText('₹2,50,000.00')
    await expect(deposit.preview).toContainText('₹35,356.16')
    expect(await overflow(page)).toBe(0)
    await deposit.record()

    // All of the cash is in the book, and said so.
    await expect(page.getByText('₹3,00,000.00 received from Ramesh')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/users/${rameshId}/loans$`))
    const personLoans = new PersonLoansPage(page)
    const card = personLoans.card('Tractor')
    await expect(card).toContainText('Overpaid by ₹35,356.16')
    await expect(personLoans.figure(card, 'Paid')).toHaveText('₹3,20,000.00')
    await expect(personLoans.figure(card, 'Due today')).toHaveText('₹0.00')
    await expect(personLoans.tile('Due today')).toContainText('₹0.00')
    const lines = await personLoans.reckoningLines(personLoans.reckoning())
    const value = (word: ReckoningWord) => lines.find((l) => l.word === word)?.paise
    expect(value('Paid')).toBe(3_20_000_00)
    expect(value('Overpaid')).toBe(35_356_16)
    expect(value('Due today')).toBe(0)

    // The receipt: received = the cash typed, split truthfully (interest first).
    const receiptLine = `- Tractor: ₹3,00,000.00 (interest ₹14,643.84, principal ₹2,50,000.00, overpaid ₹35,356.16)`
    await expect(personLoans.receipt).toContainText(
      `Received ₹3,00,000.00 on ${formatDisplayDate(today)}.`,
    )
    await expect(personLoans.receipt).toContainText(receiptLine)
    await expect(personLoans.receipt).toContainText('Balance due after this payment: ₹0.00')
    const href =
      (await personLoans.receipt
        .getByRole('link', { name: 'Send receipt on WhatsApp' })
        .getAttribute('href')) ?? ''
    const sent = new URL(href).searchParams.get('text') ?? ''
    expect(sent).toContain(`Received ₹3,00,000.00 on ${formatDisplayDate(today)}.`)
    expect(sent).toContain(receiptLine)
    expect(await overflow(page)).toBe(0)
  })

  test(`${size}: Defaulted keeps the loan in every due; Paid on a loan that owes is refused; Settle for less opens empty, asks in words, and Undo voids it`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const { page, rameshId, tractorLabel } = await book(browser, options)
    const total = rameshDue + buffaloDue
    const dashboard = new DashboardPage(page)
    await dashboard.goto()
    await expect(dashboard.tile('Due today')).toContainText(formatINR(total))
    await expect(dashboard.tile('Due today')).not.toContainText('of which defaulted')
    await expect(dashboard.tile('Active Loans')).toHaveText(/^Active Loans\s*2$/)

    // Harm 2: labelling Tractor Defaulted changes no due; it is said apart.
    let personLoans = await openPerson(page, 'Ramesh')
    await personLoans.card('Tractor').getByRole('link', { name: 'Edit' }).click()
    const form = new LoanFormPage(page)
    await expect(form.page.getByText('A label only: a loan that owes counts')).toBeVisible()
    await form.fill({ status: 'Defaulted' })
    await form.submit()
    await expect(page).toHaveURL(/\/loans$/)

    await dashboard.goto()
    await expect(dashboard.tile('Due today')).toContainText(formatINR(total))
    await expect(dashboard.tile('Due today')).toContainText(
      `of which defaulted ${formatINR(rameshDue)}`,
    )
    await expect(dashboard.tile('Active Loans')).toHaveText(/^Active Loans\s*2$/)
    const wide = size === '1280×800'
    const rameshRow = wide ? dashboard.row('Ramesh') : dashboard.item('Ramesh')
    await expect(rameshRow).toContainText(formatINR(rameshDue))
    await expect(rameshRow.getByRole('link', { name: 'Deposit' })).toBeVisible()

    personLoans = await openPerson(page, 'Ramesh')
    await expect(personLoans.tile('Due today')).toContainText(formatINR(rameshDue))
    await expect(personLoans.tile('Due today')).toContainText(
      `of which defaulted ${formatINR(rameshDue)}`,
    )
    await expect(personLoans.tile('Active Loans')).toHaveText(/^Active Loans\s*1$/)
    await expect(personLoans.card('Tractor')).toContainText('Defaulted')
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Deposit', exact: true }),
    ).toBeVisible()
    // The reminder still counts it: all of it when the lender asks for all due today.
    const reminder = page.getByRole('region', { name: 'Remind Ramesh' })
    await reminder.getByLabel('Ask for').selectOption('all')
    const remind = reminder.getByRole('link', { name: 'Remind on WhatsApp' })
    await expect
      .poll(async () => new URL((await remind.getAttribute('href')) ?? '').searchParams.get('text'))
      .toContain(`Due today (${formatDisplayDate(today)}): ${formatINR(rameshDue)}`)
    const deposit = new DepositPage(page)
    await deposit.goto(rameshId)
    await expect(deposit.amount).toHaveValue(paiseToRupeeInput(rameshDue))
    await expect(page.getByLabel('Due on all loans')).toContainText(formatINR(rameshDue))

    // The loans list: "Owes money" lists both, whatever their label.
    const loans = new LoansPage(page)
    await loans.goto()
    await loans.filterStatus('Owes money (any status)')
    const main = page.getByRole('main')
    await expect(main.getByText(tractorLabel)).toBeVisible()
    await expect(main.getByText(/Loan #/)).toHaveCount(2)

    // Paid on a loan that owes: refused beside the field, with Settle for less; nothing stored.
    personLoans = await openPerson(page, 'Ramesh')
    await personLoans.card('Tractor').getByRole('link', { name: 'Edit' }).click()
    await form.fill({ status: 'Paid' })
    const owes = `This loan still owes ${formatINR(rameshDue)} today, so it cannot be marked Paid: record the payment, or settle it for less.`
    await expect(form.error('Status')).toHaveText(owes)
    await form.submit()
    await expect(page).toHaveURL(/\/loans\/edit\//)
    await expect(page.getByLabel('Status', { exact: true })).toBeFocused()
    await page.getByRole('main').getByRole('button', { name: 'Settle for less' }).click()
    const fromForm = page.getByRole('dialog', { name: 'Settle for less' })
    await expect(fromForm.getByLabel('Amount to waive')).toHaveValue('')
    await fromForm.getByRole('button', { name: 'Cancel' }).click()
    personLoans = await openPerson(page, 'Ramesh')
    await expect(personLoans.card('Tractor')).toContainText('Defaulted')
    await expect(personLoans.figure(personLoans.card('Tractor'), 'Due today')).toHaveText(
      formatINR(rameshDue),
    )

    // Harm 5: Settle for less opens empty, shows what is due and what would remain.
    personLoans = await openPerson(page, 'Suresh')
    const card = personLoans.card('Buffalo')
    const dialog = await personLoans.openSettle(card)
    const amount = dialog.getByLabel('Amount to waive')
    await expect(amount).toHaveValue('')
    await expect(dialog.getByRole('group', { name: 'Due today' })).toContainText(
      formatINR(buffaloDue),
    )
    const waived = 10_000_00
    const remains = previewWaiver(buffalo, { amount: waived, date: today }, today).dueTodayAfter
    expect(remains).toBe(buffaloDue - waived)
    await amount.fill('10000')
    await expect(dialog).toContainText(`Would remain due today: ${formatINR(remains)}`)
    expect(await overflow(page)).toBe(0)

    // The whole due: the question says it closes the loan; Go back records nothing.
    await dialog.getByRole('button', { name: /^Waive all due/ }).click()
    await expect(amount).toHaveValue(paiseToRupeeInput(buffaloDue))
    await dialog.getByRole('button', { name: 'Record waiver' }).click()
    await expect(personLoans.forgiveQuestion).toContainText(
      `Forgive ${formatINR(buffaloDue)} of Suresh's loan 'Buffalo'? This closes the loan: nothing will remain due.`,
    )
    await personLoans.forgiveQuestion.getByRole('button', { name: 'Go back' }).click()
    await expect(amount).toHaveValue(paiseToRupeeInput(buffaloDue))

    // Part of it: the question names the person, the loan and the amount, and what remains.
    await amount.fill('10000')
    await dialog.getByRole('button', { name: 'Record waiver' }).click()
    await expect(personLoans.forgiveQuestion).toContainText(
      `Forgive ₹10,000.00 of Suresh's loan 'Buffalo'? ${formatINR(remains)} will remain due.`,
    )
    await personLoans.forgiveQuestion.getByRole('button', { name: 'Forgive ₹10,000.00' }).click()
    await expect(personLoans.forgiveQuestion).toBeHidden()
    await expect(page.getByText("Forgave ₹10,000.00 of Suresh's loan 'Buffalo'")).toBeVisible()
    await expect(personLoans.figure(card, 'Due today')).toHaveText(formatINR(remains))
    await expect(personLoans.figure(card, 'Waived')).toHaveText('₹10,000.00')

    // The same Undo a deposit gets: the waiver is voided, the due is back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await expect(
      page.getByText("Waiver of ₹10,000.00 on Suresh's loan 'Buffalo' undone"),
    ).toBeVisible()
    await expect(personLoans.figure(card, 'Due today')).toHaveText(formatINR(buffaloDue))
    await expect(card.getByRole('group', { name: 'Waived', exact: true })).toHaveCount(0)
    await personLoans.showDetails(card)
    await expect(card.getByRole('deletion').first()).toBeVisible()
    await expect(card.getByText(/Undone right after recording/).first()).toBeAttached()
  })
}
