import { describe, expect, test } from 'vitest'
import {
  balanceDue,
  loanAsOf,
  loanFigures,
  payoffQuote,
  previewDeposit,
  replayLoan,
  settlingAmount,
  type LedgerLoan,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'
import { loan, payment, rs } from './ledgerFacts.ts'

/** ₹10,000 at 2 % a month from 2025-01-01 (engine notes' first example), with `payments`. */
function monthly(payments: PaymentFact[], id = 'loan'): LedgerLoan {
  return loan({ id, payments })
}

const today = '2025-04-01'
// ₹2,000 paid on 2025-03-02, then on 2025-04-01 a deposit back-dated to 2025-02-01 with Pay Full.
const withLater = monthly([payment('later', '2025-03-02', '2,000')])
// Recorded now: after every fact already on its date (its createdAt is today's).
const recordedNow = (amount: number): PaymentFact => ({
  id: 'full',
  date: '2025-02-01',
  amount,
  createdAt: '2025-04-01T09:00:00.000Z',
})

describe('back-dated Pay Full (engine notes, rule 10, corrected)', () => {
  // By hand: 31 days on ₹10,000 at 24 %/365 a day = ₹203.84, so ₹10,203.84 was due on 02-01 and
  // the old rule filled that, overpaying the later ₹2,000. Paying ₹8,241.26 leaves ₹1,962.58;
  // 29 days of interest on it is ₹37.42, and ₹1,962.58 + ₹37.42 = ₹2,000.00: the later payment
  // clears it exactly. One paisa less leaves ₹1,962.59 + ₹37.42 = ₹2,000.01, i.e. ₹0.01 due.
  test('the as-of-date balance is what the old rule filled', () => {
    expect(balanceDue(withLater, '2025-02-01')).toBe(rs('10,203.84'))
    expect(balanceDue(withLater, today)).toBe(rs('8,560.11'))
  })

  test('Pay Full dated 2025-02-01 is ₹8,241.26 and settles to exactly ₹0.00 today, no overpaid', () => {
    const amount = settlingAmount(withLater, '2025-02-01', today)
    expect(amount).toBe(rs('8,241.26'))
    const payments = [...withLater.payments, recordedNow(amount)]
    const ledger = replayLoan(withLater, payments)
    expect(ledger.entries.map((e) => [e.paymentId, e.interestForPeriod, e.newBalance])).toEqual([
      ['full', rs('203.84'), rs('1,962.58')],
      ['later', rs('37.42'), 0],
    ])
    expect(ledger.overpaid).toBe(0)
    expect(ledger.settled).toBe(true)
    const after = loanFigures({ ...withLater, payments }, today)
    expect(after).toMatchObject({ status: 'Paid', totalDue: 0, outstanding: false })
    expect(after.asOf.isOverpaid).toBe(false)
  })

  test('one paisa less leaves ₹0.01 due today', () => {
    const payments = [...withLater.payments, recordedNow(rs('8,241.25'))]
    expect(loanAsOf(withLater, payments, today).balance).toBe(1)
  })

  test('the old amount would have overpaid by exactly the later ₹2,000', () => {
    const payments = [...withLater.payments, recordedNow(rs('10,203.84'))]
    expect(replayLoan(withLater, payments).overpaid).toBe(rs('2,000'))
  })

  // On the start: ₹1,924.09 left earns ₹75.91 in 60 days, and ₹1,924.09 + ₹75.91 = ₹2,000.00.
  test.each([
    { case: 'dated today, no later payments: today’s balance', date: today, expected: '8,560.11' },
    { case: 'dated on the later payment’s day', date: '2025-03-02', expected: '8,394.52' },
    { case: 'dated on the start', date: '2025-01-01', expected: '8,075.91' },
  ])('$case', ({ date, expected }) => {
    const amount = settlingAmount(withLater, date, today)
    expect(amount).toBe(rs(expected))
    const payments = [...withLater.payments, { ...recordedNow(amount), date }]
    expect(loanAsOf(withLater, payments, today).balance).toBe(0)
    expect(
      loanAsOf(withLater, [...withLater.payments, { ...recordedNow(amount - 1), date }], today)
        .balance,
    ).toBe(1)
  })

  test('a settled loan needs nothing, and voided payments are not counted', () => {
    const settled = monthly([payment('all', '2025-01-31', '10,197.26')])
    expect(settlingAmount(settled, '2025-02-15', '2025-02-15')).toBe(0)
    const voided = monthly([
      {
        ...payment('all', '2025-01-31', '10,197.26'),
        voided: { voidId: 'v', reason: 'typo', at: '2025-02-01T00:00:00.000Z' },
      },
    ])
    expect(settlingAmount(voided, '2025-01-31', '2025-01-31')).toBe(rs('10,197.26'))
  })

  test('a loan still owing is never quoted 0, even where a 0 payment would round it away', () => {
    // Found by the property test: 1 paisa owed, a later waiver of 2 paise. Interest on the one
    // long period rounds to 1 paisa, so the waiver leaves 1 due; split in two by a payment, each
    // half rounds lower and the waiver clears it. A 0 "payment" is no payment, so Pay Full is 1.
    const tiny: LedgerLoan = {
      ...monthly([]),
      amount: 3,
      interestRate: 57.39,
      interestType: 'per_annum',
      startDate: '2024-09-05',
      waivers: [
        { id: 'w0', date: '2027-06-12', amount: 2, createdAt: '2030-01-01T00:00:01.000Z' },
        { id: 'w2', date: '2024-09-11', amount: 2, createdAt: '2030-01-01T00:00:01.000Z' },
      ],
    }
    const day = '2027-06-12'
    expect(loanAsOf(tiny, [], day, tiny.waivers).balance).toBe(1)
    const amount = settlingAmount(tiny, '2024-11-01', day)
    expect(amount).toBe(1)
    expect(
      loanAsOf(tiny, [{ ...recordedNow(amount), date: '2024-11-01' }], day, tiny.waivers).balance,
    ).toBe(0)
  })
})

describe('deposit preview: the payment replayed among all facts', () => {
  test('back-dated Pay Full: split, due today before and after, due on the date beside it', () => {
    expect(
      previewDeposit(
        [withLater],
        { date: '2025-02-01', allocations: [{ loanId: 'loan', amount: rs('8,241.26') }] },
        today,
      ),
    ).toEqual([
      {
        loanId: 'loan',
        amount: rs('8,241.26'),
        interestPaid: rs('203.84'),
        principalPaid: rs('8,037.42'),
        ownOverpaid: 0,
        overpaid: 0,
        dueTodayBefore: rs('8,560.11'),
        dueTodayAfter: 0,
        principalLeftAfter: 0,
        interestDueAfter: 0,
        dueOnDateBefore: rs('10,203.84'),
      },
    ])
  })

  test('the split is the truthful one: carried interest is paid as interest, not principal', () => {
    // The engine notes' example: ₹100 on 2025-01-31 leaves ₹97.26 of the ₹197.26 interest owed.
    // ₹5,000 on 2025-03-02 then pays ₹97.26 + ₹199.18 = ₹296.44 interest and ₹4,703.56
    // principal (the old app said ₹199.18 and ₹4,800.82).
    const loan = monthly([payment('p1', '2025-01-31', '100')])
    const [line] = previewDeposit(
      [loan],
      { date: '2025-03-02', allocations: [{ loanId: 'loan', amount: rs('5,000') }] },
      '2025-03-02',
    )
    expect(line).toMatchObject({
      interestPaid: rs('296.44'),
      principalPaid: rs('4,703.56'),
      ownOverpaid: 0,
      principalLeftAfter: rs('5,296.44'),
      interestDueAfter: 0,
      dueTodayAfter: rs('5,296.44'),
    })
  })

  test('the old as-of amount shows the overpayment it causes on the later payment', () => {
    const [line] = previewDeposit(
      [withLater],
      { date: '2025-02-01', allocations: [{ loanId: 'loan', amount: rs('10,203.84') }] },
      today,
    )
    expect(line).toMatchObject({ overpaid: rs('2,000'), dueTodayAfter: 0 })
  })

  test('a part payment dated today; an allocation to an unknown loan is left out', () => {
    const lines = previewDeposit(
      [withLater],
      {
        date: today,
        allocations: [
          { loanId: 'loan', amount: rs('500') },
          { loanId: 'nope', amount: rs('1') },
        ],
      },
      today,
    )
    // 30 days on ₹8,394.52 (after 2025-03-02) is ₹165.59 of interest.
    expect(lines).toEqual([
      {
        loanId: 'loan',
        amount: rs('500'),
        interestPaid: rs('165.59'),
        principalPaid: rs('334.41'),
        ownOverpaid: 0,
        overpaid: 0,
        dueTodayBefore: rs('8,560.11'),
        dueTodayAfter: rs('8,060.11'),
        principalLeftAfter: rs('8,060.11'),
        interestDueAfter: 0,
        dueOnDateBefore: rs('8,560.11'),
      },
    ])
  })
})

describe('payoff quote', () => {
  test('per loan and in total, today or later; a settled loan quotes 0', () => {
    const other = monthly([payment('x', '2025-01-31', '10,197.26')], 'paid-off')
    const quote = payoffQuote([withLater, other], '2025-05-01', today)
    // 30 more days on ₹8,560.11's balance ₹8,394.52: 60 days from 03-02 give ₹331.18.
    expect(quote).toEqual({
      loans: [
        { loanId: 'loan', amount: rs('8,725.70') },
        { loanId: 'paid-off', amount: 0 },
      ],
      total: rs('8,725.70'),
    })
    expect(payoffQuote([withLater], today, today).total).toBe(rs('8,560.11'))
    expect(payoffQuote([], today, today)).toEqual({ loans: [], total: 0 })
  })
})
