import { describe, expect, test } from 'vitest'
import {
  autoAllocate,
  balanceDue,
  createFiguresCache,
  dashboardRow,
  displayStatus,
  isOutstanding,
  loanAsOf,
  loanFigures,
  periodInterest,
  replayLoan,
  summarizeDashboard,
  statusMessages,
  summarizePerson,
  validateDeposit,
  validateStatus,
  withDashboardRow,
  type DepositContext,
  type DepositInput,
  type DepositReason,
  type LedgerLoan,
  type LoanTerms,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'
import depositEn from '../../src/i18n/locales/en/deposit.json' with { type: 'json' }
import { payment, rs } from './ledgerFacts.ts'

/** The words the deposit page shows for each refusal (the English catalogue). */
const depositMessages: Record<DepositReason, string> = depositEn.errors

// ₹10,000 at 2 % per month from 2025-01-01 (engine notes, first worked example).
const monthly: LoanTerms = {
  amount: rs('10,000'),
  interestRate: 2,
  interestType: 'per_month',
  startDate: '2025-01-01',
}
const monthlyPayments = [payment('p1', '2025-01-31', '100'), payment('p2', '2025-03-02', '5,000')]

// ₹1,00,000 at 18 % per annum from 2026-01-01 (second worked example: paid off with an overpayment).
const annual: LoanTerms = {
  amount: rs('1,00,000'),
  interestRate: 18,
  interestType: 'per_annum',
  startDate: '2026-01-01',
}
const annualPayments = [
  payment('q1', '2026-03-02', '10,000'),
  payment('q2', '2026-04-01', '96,000'),
]

describe('worked example: ₹10,000 at 2 % a month', () => {
  const ledger = replayLoan(monthly, monthlyPayments)

  test.each([
    {
      row: 0,
      date: '2025-01-31',
      days: 30,
      interest: '197.26',
      totalDue: '10,197.26',
      newBalance: '10,097.26',
      cumulative: '100.00',
      note: 'Partial Payment',
    },
    {
      row: 1,
      date: '2025-03-02',
      days: 30,
      interest: '199.18',
      totalDue: '10,296.44',
      newBalance: '5,296.44',
      cumulative: '299.18',
      note: 'Partial Payment',
    },
  ])('payment on $date: $days days, interest ₹$interest, new balance ₹$newBalance', (r) => {
    const entry = ledger.entries[r.row]
    expect(entry).toMatchObject({
      depositDate: r.date,
      daysSinceLast: r.days,
      interestForPeriod: rs(r.interest),
      totalDue: rs(r.totalDue),
      newBalance: rs(r.newBalance),
      cumulativeInterest: rs(r.cumulative),
      overpaid: 0,
      notes: r.note,
    })
  })

  test('the ledger totals follow the entries', () => {
    expect(ledger).toMatchObject({
      currentBalance: rs('5,296.44'),
      totalInterestPaid: rs('299.18'),
      totalPrincipalPaid: rs('4,800.82'),
      lastPaymentDate: '2025-03-02',
      settled: false,
      overpaid: 0,
    })
  })

  test.each([
    { asOf: '2025-04-01', interestAccrued: '403.66', balance: '5,400.92', totalPaid: '5,100.00' },
    { asOf: '2025-02-15', interestAccrued: '199.59', balance: '10,196.85', totalPaid: '100.00' },
  ])('as of $asOf: interest ₹$interestAccrued, balance ₹$balance', (r) => {
    expect(loanAsOf(monthly, monthlyPayments, r.asOf)).toEqual({
      principal: rs('10,000'),
      interestAccrued: rs(r.interestAccrued),
      totalAmount: rs('10,000') + rs(r.interestAccrued),
      totalPaid: rs(r.totalPaid),
      balance: rs(r.balance),
      isOverpaid: false,
    })
  })

  test('as of before the start: no interest, nothing paid', () => {
    expect(loanAsOf(monthly, monthlyPayments, '2024-12-31')).toMatchObject({
      interestAccrued: 0,
      balance: rs('10,000'),
      totalPaid: 0,
    })
  })

  test('as of a day with no payment yet: interest on the amount since the start', () => {
    // 2025-01-01 → 2025-01-31 is the first row's period: 30 days, ₹197.26.
    expect(loanAsOf(monthly, monthlyPayments, '2025-01-30')).toMatchObject({
      interestAccrued: periodInterest(rs('10,000'), 2, 'per_month', 29),
      totalPaid: 0,
    })
    expect(loanAsOf(monthly, [], '2025-01-31').balance).toBe(rs('10,197.26'))
  })

  test('payments given out of order replay in date order', () => {
    expect(replayLoan(monthly, [...monthlyPayments].reverse())).toEqual(ledger)
  })
})

describe('worked example: ₹1,00,000 at 18 % a year, paid off with ₹1,665.82 too much', () => {
  const ledger = replayLoan(annual, annualPayments)

  test.each([
    {
      row: 0,
      days: 60,
      interest: '2,958.90',
      totalDue: '1,02,958.90',
      newBalance: '92,958.90',
      overpaid: '0',
      note: 'Partial Payment',
    },
    {
      row: 1,
      days: 30,
      interest: '1,375.28',
      totalDue: '94,334.18',
      newBalance: '0',
      overpaid: '1,665.82',
      note: 'Full Payment',
    },
  ])('row $row: $days days, interest ₹$interest, overpaid ₹$overpaid', (r) => {
    expect(ledger.entries[r.row]).toMatchObject({
      daysSinceLast: r.days,
      interestForPeriod: rs(r.interest),
      totalDue: rs(r.totalDue),
      newBalance: rs(r.newBalance),
      overpaid: rs(r.overpaid),
      notes: r.note,
    })
  })

  test('the loan is settled and the overpayment is kept, not dropped', () => {
    expect(ledger.settled).toBe(true)
    expect(ledger.currentBalance).toBe(0)
    expect(ledger.overpaid).toBe(rs('1,665.82'))
    expect(loanAsOf(annual, annualPayments, '2026-06-01')).toMatchObject({
      balance: 0,
      isOverpaid: true,
    })
  })

  test("a payment's description replaces the default note", () => {
    const described = [
      annualPayments[0] as PaymentFact,
      { ...annualPayments[1], description: 'Settled in cash' } as PaymentFact,
    ]
    const entry = replayLoan(annual, described).entries[1]
    expect(entry?.notes).toBe('Settled in cash')
    expect(entry?.description).toBe('Settled in cash')
  })
})

describe('replay rules', () => {
  test('payments on one date are ordered by createdAt, then id', () => {
    const a = payment('b', '2025-02-01', '50', { createdAt: '2025-02-01T09:00:00.000Z' })
    const b = payment('a', '2025-02-01', '60', { createdAt: '2025-02-01T09:00:00.000Z' })
    const c = payment('c', '2025-02-01', '70', { createdAt: '2025-02-01T08:00:00.000Z' })
    const ids = replayLoan(monthly, [a, b, c]).entries.map((e) => e.paymentId)
    expect(ids).toEqual(['c', 'a', 'b'])
  })

  test('a payment dated before the start counts 0 days, and interest does not start early', () => {
    const early = payment('e', '2024-12-01', '1,000')
    const later = payment('l', '2025-01-31', '100')
    const [first, second] = replayLoan(monthly, [early, later]).entries
    expect(first).toMatchObject({ daysSinceLast: 0, interestForPeriod: 0, newBalance: rs('9,000') })
    expect(second?.daysSinceLast).toBe(30)
  })

  test('a new loan with no payments: balance = amount, last payment date = start', () => {
    expect(replayLoan(monthly, [])).toEqual({
      entries: [],
      currentBalance: rs('10,000'),
      totalInterestPaid: 0,
      totalPrincipalPaid: 0,
      lastPaymentDate: '2025-01-01',
      settled: false,
      overpaid: 0,
      principalLeft: rs('10,000'),
      interestOwed: 0,
      totalInterestCharged: 0,
      totalInterestPart: 0,
      totalPrincipalPart: 0,
      totalInterestWaived: 0,
      totalPrincipalWaived: 0,
    })
  })
})

describe('interest arithmetic', () => {
  test('2 % a month for 30 days on ₹10,000 is ₹197.26, not ₹200 (rate × 12 / 365)', () => {
    expect(periodInterest(rs('10,000'), 2, 'per_month', 30)).toBe(rs('197.26'))
  })

  test('exactly half a paisa rounds up, just under half rounds down', () => {
    // ₹3,668.25 at 10 % a year for 1 day is exactly 100.5 paise: ₹1.005 → ₹1.01.
    expect(periodInterest(366825, 10, 'per_annum', 1)).toBe(101)
    // The float route in rupees (3668.25 × 10/365 / 100 = 1.005, then × 100 and round) gives
    // 100.49999… and so ₹1.00: the artefact the engine's integer arithmetic avoids.
    expect(Math.round(((3668.25 * (10 / 365) * 1) / 100) * 100)).toBe(100)
    expect(periodInterest(366824, 10, 'per_annum', 1)).toBe(100)
  })

  test('rates with two decimals are exact: 1.75 % a month', () => {
    // 1,000,000 × 175 × 12 × 10 / 3,650,000 = 5753.42… → 5753 paise.
    expect(periodInterest(rs('10,000'), 1.75, 'per_month', 10)).toBe(5753)
  })

  test('huge products go through BigInt and stay exact', () => {
    // ₹1,000 crore at 99.99 % a month for 100 years: far past 2^53 before dividing.
    const exact = (10n ** 12n * 9999n * 12n * 36500n * 2n + 3_650_000n) / (2n * 3_650_000n)
    expect(periodInterest(10 ** 12, 99.99, 'per_month', 36500)).toBe(Number(exact))
  })

  test('no days, no balance or a zero rate means no interest', () => {
    expect(periodInterest(rs('10,000'), 2, 'per_month', 0)).toBe(0)
    expect(periodInterest(0, 2, 'per_month', 30)).toBe(0)
    expect(periodInterest(rs('10,000'), 0, 'per_annum', 30)).toBe(0)
  })
})

describe('status (rule 8, corrected in issue 27: a label never hides money)', () => {
  // `owesNothing` is what the engine passes as `settled`: nothing is due today.
  test.each([
    { stored: 'active', owesNothing: false, due: '2025-06-01', shown: 'Active' },
    { stored: 'active', owesNothing: false, due: '2025-05-31', shown: 'Overdue' },
    { stored: 'active', owesNothing: true, due: '2025-05-31', shown: 'Paid' },
    { stored: 'overdue', owesNothing: false, due: '2025-12-31', shown: 'Overdue' },
    { stored: 'defaulted', owesNothing: false, due: '2025-01-01', shown: 'Defaulted' },
    { stored: 'defaulted', owesNothing: true, due: '2025-01-01', shown: 'Paid' },
    // Stored paid on a loan that owes (merged from two devices, or a void revived the debt): it
    // is read as active, never Paid. Before issue 27 this showed Paid with money still due.
    { stored: 'paid', owesNothing: false, due: '2025-12-31', shown: 'Active' },
    { stored: 'paid', owesNothing: false, due: '2025-05-31', shown: 'Overdue' },
    { stored: 'paid', owesNothing: true, due: '2025-05-31', shown: 'Paid' },
  ] as const)('stored $stored, owes nothing $owesNothing, due $due → $shown', (r) => {
    expect(displayStatus(r.stored, r.owesNothing, r.due, '2025-06-01')).toBe(r.shown)
  })

  test('outstanding is a balance due today above 0, whatever the label', () => {
    expect(isOutstanding(1)).toBe(true)
    expect(isOutstanding(0)).toBe(false)
    for (const status of ['active', 'overdue', 'defaulted', 'paid'] as const) {
      const f = loanFigures(loan('m', 'x', monthly, monthlyPayments, { status }), '2025-04-01')
      expect(f).toMatchObject({ outstanding: true, totalDue: rs('5,400.92') })
      expect(f.status).toBe(
        status === 'paid' ? 'Active' : displayStatus(status, false, '2025-12-31', '2025-04-01'),
      )
      expect(f.defaulted).toBe(status === 'defaulted')
    }
  })

  test('Paid cannot be stored on a loan that owes; any other label can', () => {
    expect(validateStatus('paid', rs('5,400.92'))).toEqual({ ok: false, reason: 'owes' })
    expect(statusMessages.owes).toBe(
      'A loan that still owes cannot be marked Paid: settle it for less instead',
    )
    expect(validateStatus('paid', 0)).toEqual({ ok: true })
    for (const status of ['active', 'overdue', 'defaulted'] as const) {
      expect(validateStatus(status, rs('5,400.92'))).toEqual({ ok: true })
      expect(validateStatus(status, 0)).toEqual({ ok: true })
    }
  })
})

function loan(
  id: string,
  personId: string,
  terms: LoanTerms,
  payments: PaymentFact[],
  extra: Partial<LedgerLoan> = {},
): LedgerLoan {
  return {
    id,
    personId,
    ...terms,
    dueDate: '2025-12-31',
    status: 'active',
    createdAt: `2024-01-01T00:00:0${id.length}.000Z`,
    payments,
    ...extra,
  }
}

describe('loan figures', () => {
  test('as of 2025-04-01: principal left, interest due and total due add up (truthful split)', () => {
    // The ₹5,000 of 2025-03-02 pays the interest owed first (₹97.26 carried + ₹199.18 of the
    // period = ₹296.44), then ₹4,703.56 of principal: 10,000 − 4,703.56 = ₹5,296.44 left. Since
    // then 30 days on ₹5,296.44 = ₹104.48 of interest. Before issue 27 this said principal
    // ₹5,199.18 and interest ₹201.74: the old split, which calls the carried ₹97.26 principal.
    const f = loanFigures(loan('m', 'x', monthly, monthlyPayments), '2025-04-01')
    expect(f).toMatchObject({
      status: 'Active',
      outstanding: true,
      defaulted: false,
      principalRemaining: rs('5,296.44'),
      totalDue: rs('5,400.92'),
      currentInterest: rs('104.48'),
      unpaidInterest: 0,
      accruingInterest: rs('104.48'),
      totalPaid: rs('5,100'),
    })
    expect(f.position).toMatchObject({
      interestPaid: rs('396.44'),
      principalPaid: rs('4,703.56'),
      overpaid: 0,
      paid: rs('5,100'),
      interestCharged: rs('500.92'),
    })
  })

  test('a payment dated after today does not reduce today’s principal', () => {
    const f = loanFigures(loan('m', 'x', monthly, monthlyPayments), '2025-02-15')
    expect(f.principalRemaining).toBe(rs('10,000'))
    expect(f.totalDue).toBe(rs('10,196.85'))
    expect(f.currentInterest).toBe(rs('196.85'))
    // Total paid is every payment of the loan (rule 9).
    expect(f.totalPaid).toBe(rs('5,100'))
  })

  test('an overpaid, settled loan shows Paid with nothing remaining', () => {
    const f = loanFigures(loan('a', 'x', annual, annualPayments), '2026-05-01')
    expect(f).toMatchObject({
      status: 'Paid',
      outstanding: false,
      principalRemaining: 0,
      totalDue: 0,
      currentInterest: 0,
    })
  })

  test('the figures cache returns the same object until the payments array changes', () => {
    const figuresOf = createFiguresCache()
    const l = loan('m', 'x', monthly, monthlyPayments)
    const first = figuresOf(l, '2025-04-01')
    expect(figuresOf({ ...l }, '2025-04-01')).toBe(first)
    expect(figuresOf(l, '2025-04-02')).not.toBe(first)
    const paid = { ...l, payments: [...monthlyPayments, payment('p3', '2025-04-01', '5,400.92')] }
    expect(figuresOf(paid, '2025-04-01').totalDue).toBe(0)
  })

  test('a bounded figures cache lets go of the loan least recently asked for, and no figure moves', () => {
    const figuresOf = createFiguresCache({ keep: 2 })
    const [a, b, c] = ['a', 'b', 'c'].map((id) => loan(id, 'x', monthly, monthlyPayments))
    const day = '2025-04-01'
    const first = { a: figuresOf(a!, day), b: figuresOf(b!, day) }
    expect(figuresOf(a!, day)).toBe(first.a) // a is now the more recent of the two
    const ofC = figuresOf(c!, day) // past the bound: b, the least recent, is let go
    expect(figuresOf(a!, day)).toBe(first.a)
    expect(figuresOf(c!, day)).toBe(ofC)
    const bAgain = figuresOf(b!, day)
    expect(bAgain).not.toBe(first.b)
    expect(bAgain).toEqual(first.b)
  })
})

describe('person and dashboard summaries', () => {
  const today = '2025-04-01'
  const ravi = [
    loan('m', 'ravi', monthly, monthlyPayments),
    loan('s', 'ravi', { ...monthly, amount: rs('2,000') }, [payment('s1', '2025-02-01', '2,100')]),
    loan('d', 'ravi', { ...monthly, amount: rs('3,000') }, [payment('d1', '2025-02-01', '500')], {
      status: 'defaulted',
    }),
  ]
  const sita = [loan('n', 'sita', { ...monthly, amount: rs('50,000') }, [])]
  const stranger = [loan('z', 'nobody', monthly, [])]

  test('a person sums every loan that owes, defaulted ones too (rule 8), and shows those apart', () => {
    const summary = summarizePerson(ravi, today)
    const m = loanFigures(ravi[0] as LedgerLoan, today)
    const d = loanFigures(ravi[2] as LedgerLoan, today)
    // The defaulted ₹3,000: 31 days to 2025-02-01 = ₹61.15 (300,000 × 2,400 × 31 / 3,650,000 =
    // 6,115.07 paise), so the ₹500 pays ₹61.15 interest and ₹438.85 principal: ₹2,561.15 left.
    // Then 59 days to 2025-04-01: 256,115 × 2,400 × 59 / 3,650,000 = 9,935.85 → ₹99.36.
    expect(d).toMatchObject({
      status: 'Defaulted',
      outstanding: true,
      defaulted: true,
      principalRemaining: rs('2,561.15'),
      currentInterest: rs('99.36'),
      totalDue: rs('2,660.51'),
    })
    expect(summary).toEqual({
      // m and d owe; s was paid off (₹2,100 on a ₹2,000 loan), so it adds nothing and is not counted.
      activeLoans: 2,
      loanCount: 3,
      principalRemaining: m.principalRemaining + rs('2,561.15'),
      currentInterest: m.currentInterest + rs('99.36'),
      totalDue: m.totalDue + rs('2,660.51'),
      totalPaid: rs('5,100') + rs('2,100') + rs('500'),
      reckoning: expect.objectContaining({
        lent: rs('15,000'),
        paid: rs('5,100') + rs('2,100') + rs('500'),
        due: m.totalDue + rs('2,660.51'),
      }),
      defaultedLoans: 1,
      defaultedDue: rs('2,660.51'),
      // No payment is dated in April 2025, the month of `today`.
      collectedToday: 0,
      collectedThisMonth: 0,
    })
    expect(summary.principalRemaining + summary.currentInterest).toBe(summary.totalDue)
  })

  test('dashboard rows go by total due, largest first; tiles are sums of the rows', () => {
    const people = [
      { id: 'ravi', name: 'Ravi', phone: '9800000000' },
      { id: 'sita', name: 'Sita' },
      { id: 'anil', name: 'Anil' },
      { id: 'bina', name: 'bina' },
    ]
    const dash = summarizeDashboard(people, [...ravi, ...sita, ...stranger], today)
    expect(dash.rows.map((r) => r.name)).toEqual(['Sita', 'Ravi', 'Anil', 'bina'])
    expect(dash.rows[1]).toMatchObject({ personId: 'ravi', phone: '9800000000', activeLoans: 2 })
    expect(dash.totalUsers).toBe(4)
    expect(dash.activeLoans).toBe(3)
    expect(dash.totalPrincipal).toBe(rs('50,000') + rs('5,296.44') + rs('2,561.15'))
    expect(dash.totalDue).toBe(dash.rows.reduce((s, r) => s + r.totalDue, 0))
    expect(dash).toMatchObject({ defaultedLoans: 1, defaultedDue: rs('2,660.51') })
    // The stranger's loan belongs to nobody passed in, so it is in no row and no tile.
    expect(dash.rows.some((r) => r.personId === 'nobody')).toBe(false)
  })

  test('replacing one row after a deposit gives the same dashboard as recomputing it all', () => {
    const people = [
      { id: 'ravi', name: 'Ravi' },
      { id: 'sita', name: 'Sita' },
    ]
    const before = summarizeDashboard(people, [...ravi, ...sita], today)
    const deposit = payment('n1', today, '50,000')
    const sitaAfter = [{ ...(sita[0] as LedgerLoan), payments: [deposit] }]
    const after = withDashboardRow(
      before,
      dashboardRow({ id: 'sita', name: 'Sita' }, sitaAfter, today),
    )
    expect(after).toEqual(summarizeDashboard(people, [...ravi, ...sitaAfter], today))
    expect(after.rows.map((r) => r.name)).toEqual(['Ravi', 'Sita'])
  })
})

describe('deposit page', () => {
  const l = loan('m', 'x', monthly, monthlyPayments)

  test('balance due is the as-of balance on the deposit date', () => {
    expect(balanceDue(l, '2025-04-01')).toBe(rs('5,400.92'))
    expect(balanceDue(l, '2025-02-15')).toBe(rs('10,196.85'))
  })

  test('Pay Full leaves exactly ₹0.00 and settles the loan', () => {
    const full = balanceDue(l, '2025-04-01')
    const after = replayLoan(l, [...l.payments, payment('pf', '2025-04-01', '0', { amount: full })])
    expect(after.currentBalance).toBe(0)
    expect(after.settled).toBe(true)
    expect(after.overpaid).toBe(0)
    expect(after.entries.at(-1)?.notes).toBe('Full Payment')
  })

  test('auto-allocate: oldest due date first, ties in creation order, each up to its balance', () => {
    const loans = [
      { id: 'late', dueDate: '2025-09-01', balanceDue: 5000 },
      { id: 'tieA', dueDate: '2025-06-01', balanceDue: 3000 },
      { id: 'done', dueDate: '2025-01-01', balanceDue: 0 },
      { id: 'tieB', dueDate: '2025-06-01', balanceDue: 4000 },
    ]
    expect(autoAllocate(6000, loans)).toEqual([
      { id: 'tieA', amount: 3000 },
      { id: 'tieB', amount: 3000 },
    ])
    // More than everything owed: each loan gets its balance and the rest is left over.
    expect(autoAllocate(20000, loans)).toEqual([
      { id: 'tieA', amount: 3000 },
      { id: 'tieB', amount: 4000 },
      { id: 'late', amount: 5000 },
    ])
    expect(autoAllocate(0, loans)).toEqual([])
  })

  const valid: DepositInput & DepositContext = {
    amount: 6000,
    date: '2025-04-01',
    today: '2025-04-01',
    allocations: [
      { loanId: 'a', amount: 6000 },
      { loanId: 'b', amount: 0 },
    ],
    loans: [
      { id: 'a', startDate: '2025-01-01' },
      { id: 'b', startDate: '2025-03-01' },
    ],
  }

  test('a valid deposit returns only the allocations above zero', () => {
    expect(validateDeposit(valid)).toEqual({
      ok: true,
      allocations: [{ loanId: 'a', amount: 6000 }],
    })
  })

  test.each([
    { why: 'no amount', change: { amount: null }, message: 'Please enter a valid deposit amount' },
    { why: 'zero amount', change: { amount: 0 }, message: 'Please enter a valid deposit amount' },
    { why: 'no date', change: { date: '' }, message: 'Please select a deposit date' },
    {
      why: 'impossible date',
      change: { date: '2025-02-30' },
      message: 'Please select a deposit date',
    },
    {
      why: 'tomorrow',
      change: { date: '2025-04-02' },
      message: 'Deposit date cannot be in the future',
    },
    {
      why: 'too much allocated',
      change: {
        allocations: [
          { loanId: 'a', amount: 6000 },
          { loanId: 'b', amount: 1 },
        ],
      },
      message: 'Total allocated amount cannot exceed deposit amount',
    },
    {
      // Rule 11 (issue 27): the ₹40 left over would have been dropped; now it must be placed.
      why: 'part of the cash not allocated',
      change: { amount: 10000 },
      message: 'Total allocated amount cannot be less than deposit amount',
    },
    {
      why: 'nothing allocated',
      change: { allocations: [{ loanId: 'a', amount: 0 }] },
      message: 'Please allocate the deposit amount to at least one loan',
    },
    {
      why: 'before a loan starts',
      change: { amount: 100, date: '2025-02-01', allocations: [{ loanId: 'b', amount: 100 }] },
      message: "Deposit date cannot be before the loan's start date",
    },
    {
      why: 'unknown loan',
      change: { amount: 100, allocations: [{ loanId: 'gone', amount: 100 }] },
      message: 'Loan not found',
    },
  ] as { why: string; change: Partial<DepositInput>; message: string }[])(
    '$why → "$message"',
    (r) => {
      const result = validateDeposit({ ...valid, ...r.change })
      expect(result.ok).toBe(false)
      if (!result.ok) expect(depositMessages[result.reason]).toBe(r.message)
    },
  )

  test('the whole amount on loans, however much more than they owe, is accepted (the rest is overpaid)', () => {
    // Cash is never dropped: ₹100 on a loan owing less is recorded, and the replay keeps the
    // excess as overpaid (see the ₹1,00,000 example).
    expect(
      validateDeposit({
        ...valid,
        amount: 100_000_00,
        allocations: [{ loanId: 'a', amount: 100_000_00 }],
      }),
    ).toEqual({
      ok: true,
      allocations: [{ loanId: 'a', amount: 100_000_00 }],
    })
  })

  test('unallocated comes after the amount, the date and the other allocation checks', () => {
    // Nothing allocated is `noAllocation`, not `unallocated`.
    expect(validateDeposit({ ...valid, allocations: [] })).toEqual({
      ok: false,
      reason: 'noAllocation',
    })
    // Short of the amount and dated in the future: the date is reported.
    expect(validateDeposit({ ...valid, amount: 7000, date: '2025-05-01' })).toEqual({
      ok: false,
      reason: 'futureDate',
    })
  })

  test('when several rules fail, the first in the spec’s order wins', () => {
    // A future date AND over-allocation AND an unknown loan: the date is reported.
    const result = validateDeposit({
      ...valid,
      date: '2025-05-01',
      allocations: [{ loanId: 'gone', amount: 20000 }],
    })
    expect(result).toEqual({ ok: false, reason: 'futureDate' })
    // Both before a loan's start and an unknown loan: the start date is reported.
    expect(
      validateDeposit({
        ...valid,
        amount: 2,
        date: '2025-02-01',
        allocations: [
          { loanId: 'gone', amount: 1 },
          { loanId: 'b', amount: 1 },
        ],
      }),
    ).toEqual({ ok: false, reason: 'beforeLoanStart' })
  })
})
