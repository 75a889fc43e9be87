import { expect, test, type Page } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import {
  autoAllocate,
  balanceDue,
  loanFigures,
  summarizeDashboard,
  summarizePerson,
  type LedgerLoan,
} from '../../shared/ledger/engine.ts'
import type { PaymentFact } from '../../shared/ledger/types.ts'
import { formatINR, paiseToRupeeInput } from '../../shared/money.ts'
import { addCityAndPerson } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { signUpNewLender } from './pages/LoginPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'
import { Shell } from './pages/Shell.ts'

// "Today" as the app sees it, in the browser's time zone (see clock.ts).
const { today, day } = browserCalendar()

// The loans of the story, as the engine will see them once the deposits are in. Loan B is created
// second but falls due first, so Auto-allocate must choose it over loan A.
const loanA: LedgerLoan = {
  id: 'A',
  personId: 'asha',
  amount: 10_000_00,
  interestRate: 2,
  interestType: 'per_month',
  startDate: day(-60),
  dueDate: day(60),
  status: 'active',
  createdAt: '1',
  payments: [],
}
const loanB: LedgerLoan = {
  ...loanA,
  id: 'B',
  amount: 5_000_00,
  interestRate: 18,
  interestType: 'per_annum',
  startDate: day(-30),
  dueDate: day(15),
  createdAt: '2',
}
const firstDeposit = { date: day(-5), amount: 2_000_00 }

test('a new lender lends twice, takes two deposits, and every screen shows the engine’s numbers', async ({
  page,
}) => {
  // A long walk, then a tour of every screen at two widths, each a full page load.
  test.setTimeout(420_000)
  const shell = new Shell(page)
  await signUpNewLender(page)

  await addCityAndPerson(page, {
    name: 'Asha Devi',
    city: 'Rampur',
    balance: '1500',
    // 12 digits with a good Verhoeff check digit: the form refuses anything else.
    aadhaar: '234123412346',
    relationship: 'Friend',
    phone: '9876543210',
    gender: 'Female',
  })
  const form = new LoanFormPage(page)
  await form.add({
    person: 'Asha Devi',
    amount: '10000',
    rate: '2',
    type: 'Per Month',
    startDate: loanA.startDate,
    dueDate: loanA.dueDate,
    description: 'Loan A: seeds',
  })
  await form.add({
    person: 'Asha Devi',
    amount: '5000',
    rate: '18',
    type: 'Per Annum',
    startDate: loanB.startDate,
    dueDate: loanB.dueDate,
    description: 'Loan B: pump repair',
  })

  // Deposit 1: ₹2,000 five days ago, split by Auto-allocate.
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.row('Asha Devi').getByRole('link', { name: 'Deposit' }).click()
  const personLoans = new PersonLoansPage(page)
  const deposit = new DepositPage(page)
  await expect(deposit.amount).toBeVisible()
  const personId = personLoans.personId()
  await personLoans.goto(personId, 'Asha Devi')
  const labelA = await personLoans.loanLabel('Loan A: seeds')
  const labelB = await personLoans.loanLabel('Loan B: pump repair')

  const expectedSplit = autoAllocate(firstDeposit.amount, [
    { id: 'A', dueDate: loanA.dueDate, balanceDue: balanceDue(loanA, firstDeposit.date) },
    { id: 'B', dueDate: loanB.dueDate, balanceDue: balanceDue(loanB, firstDeposit.date) },
  ])
  expect(expectedSplit).toEqual([{ id: 'B', amount: firstDeposit.amount }])

  await deposit.goto(personId)
  await expect(deposit.date).toHaveValue(formatDisplayDate(today))
  await deposit.amount.fill(paiseToRupeeInput(firstDeposit.amount))
  await deposit.fillDate(firstDeposit.date)
  await deposit.autoAllocate()
  await expect(deposit.allocation(labelB)).toHaveValue(paiseToRupeeInput(firstDeposit.amount))
  await expect(deposit.allocation(labelA)).toHaveValue(/^(0(\.00)?)?$/)
  await deposit.record()
  await expect(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))

  // Deposit 2: today, Pay Full on loan B.
  const afterFirst: PaymentFact = {
    id: 'p1',
    date: firstDeposit.date,
    amount: firstDeposit.amount,
    createdAt: '1',
  }
  const payoff = balanceDue({ ...loanB, payments: [afterFirst] }, today)
  await deposit.goto(personId)
  await deposit.amount.fill(paiseToRupeeInput(payoff))
  await deposit.payFull(labelB)
  await expect(deposit.allocation(labelB)).toHaveValue(paiseToRupeeInput(payoff))
  await deposit.record()
  await expect(page).toHaveURL(new RegExp(`/users/${personId}/loans$`))

  // What the engine says the ledger now is.
  const a = loanA
  const b: LedgerLoan = {
    ...loanB,
    payments: [afterFirst, { id: 'p2', date: today, amount: payoff, createdAt: '2' }],
  }
  const figuresA = loanFigures(a, today)
  const figuresB = loanFigures(b, today)
  expect(figuresB.totalDue).toBe(0)
  const person = summarizePerson([a, b], today)
  const board = summarizeDashboard([{ id: 'asha', name: 'Asha Devi' }], [a, b], today)

  // Person loans page: tiles, cards, all payments newest first.
  await expect(personLoans.tile('Active Loans')).toContainText(String(person.activeLoans))
  await expect(personLoans.tile('Principal left')).toContainText(
    formatINR(person.principalRemaining),
  )
  await expect(personLoans.tile('Interest due')).toContainText(formatINR(person.currentInterest))
  await expect(personLoans.tile('Due today')).toContainText(formatINR(person.totalDue))
  const cardA = personLoans.card('Loan A: seeds')
  const cardB = personLoans.card('Loan B: pump repair')
  await expect(personLoans.figure(cardA, 'Due today')).toHaveText(formatINR(figuresA.totalDue))
  await expect(personLoans.figure(cardB, 'Due today')).toHaveText(formatINR(0))
  await expect(personLoans.figure(cardB, 'Paid')).toHaveText(
    formatINR(firstDeposit.amount + payoff),
  )
  await expect(cardB).toContainText('Paid')
  await expect(cardA).toContainText('Active')
  const paymentRows = personLoans.allPayments
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
  await expect(paymentRows).toHaveCount(2)
  await expect(paymentRows.nth(0)).toContainText(formatDisplayDate(today))
  await expect(paymentRows.nth(0)).toContainText(formatINR(payoff))
  await expect(paymentRows.nth(1)).toContainText(formatDisplayDate(firstDeposit.date))
  await expect(paymentRows.nth(1)).toContainText(formatINR(firstDeposit.amount))
  await personLoans.showDetails(cardB)
  const history = personLoans.history(labelB)
  await expect(history.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(2)

  // Dashboard: tiles and the person's row.
  await dashboard.goto()
  await expect(dashboard.tile('Borrowers')).toContainText(String(board.totalUsers))
  await expect(dashboard.tile('Active Loans')).toContainText(String(board.activeLoans))
  await expect(dashboard.tile('Principal left')).toContainText(formatINR(board.totalPrincipal))
  await expect(dashboard.tile('Due today')).toContainText(formatINR(board.totalDue))
  // Every money column adds up to its tile.
  const sum = (pick: (r: (typeof board.rows)[number]) => number) =>
    board.rows.reduce((total, r) => total + pick(r), 0)
  await expect(dashboard.tile('Interest due')).toContainText(
    formatINR(sum((r) => r.currentInterest)),
  )
  await expect(dashboard.tile('Paid')).toContainText(formatINR(sum((r) => r.totalPaid)))
  const row = dashboard.row('Asha Devi')
  const expectedRow = board.rows[0]
  if (!expectedRow) throw new Error('the engine gave no dashboard row')
  for (const [column, text] of [
    ['Active Loans', String(expectedRow.activeLoans)],
    ['Principal left', formatINR(expectedRow.principalRemaining)],
    ['Interest due', formatINR(expectedRow.currentInterest)],
    ['Paid', formatINR(expectedRow.totalPaid)],
    ['Due today', formatINR(expectedRow.totalDue)],
  ] as const) {
    await expect(await dashboard.cell(row, column)).toHaveText(text)
  }
  await expect(row.getByRole('link', { name: 'Deposit' })).toBeVisible()

  // People list: the person's own row.
  const people = new PeoplePage(page)
  await people.goto()
  await expect(people.row('Asha Devi')).toContainText('Rampur')
  // What she owes today (the engine's figure), never the opening note typed in the form.
  await expect(people.row('Asha Devi')).toContainText(formatINR(person.totalDue))
  await expect(people.row('Asha Devi')).not.toContainText(formatINR(1500_00))
  await expect(people.row('Asha Devi')).toContainText('Friend')

  // Loan list: what is due today, in whole rupees.
  const loans = new LoansPage(page)
  await loans.goto()
  await expect(await loans.cell(loans.row(labelA), 'Due today')).toHaveText(
    formatINR(figuresA.totalDue, { decimals: 0 }),
  )
  await expect(await loans.cell(loans.row(labelB), 'Due today')).toHaveText(
    formatINR(0, { decimals: 0 }),
  )
  await expect(await loans.cell(loans.row(labelB), 'Status')).toHaveText('Paid')

  // Everything reached the server.
  await shell.waitSynced()
  await screenshotsOfEveryScreen(page, personId)
})

/** Saves each screen at desktop and phone width under test-results/screenshots/. */
async function screenshotsOfEveryScreen(page: Page, personId: string): Promise<void> {
  const loanId = await firstLoanId(page)
  const screens: [string, string][] = [
    ['dashboard', '/dashboard'],
    ['cities', '/city'],
    ['people', '/people'],
    ['person-add', '/people/add'],
    ['person-edit', `/people/edit/${personId}`],
    ['person-details', `/people/${personId}`],
    ['person-loans', `/users/${personId}/loans`],
    ['deposit', `/users/${personId}/deposit`],
    ['loans', '/loans'],
    ['loan-add', `/loans/add?personId=${personId}`],
    ['loan-edit', `/loans/edit/${loanId}`],
    ['trash', '/trash'],
    ['error', '/no/such/page'],
  ]
  for (const [width, height, suffix] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const [name, path] of screens) {
      await page.goto(path)
      await page
        .getByRole('heading', { level: 1 })
        .or(page.getByText('People Details'))
        .first()
        .waitFor()
      await page.screenshot({
        path: `test-results/screenshots/${name}-${suffix}.png`,
        fullPage: true,
      })
    }
  }
  // The login page last, after signing out.
  await page.goto('/dashboard')
  await new Shell(page).logout()
  for (const [width, height, suffix] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `test-results/screenshots/login-${suffix}.png`, fullPage: true })
  }
}

/** A loan id, read from the Edit link of the loan list. */
async function firstLoanId(page: Page): Promise<string> {
  await page.goto('/loans')
  const href = await page.getByRole('link', { name: 'Edit' }).first().getAttribute('href')
  const id = href?.split('/').pop()
  if (!id) throw new Error('no loan to edit')
  return id
}
