import { describe, expect, test } from 'vitest'
import {
  loanAsOf,
  loanFigures,
  loanReckoning,
  replayLoan,
  summarizePerson,
  validateWaiver,
  type LedgerLoan,
  type WaiverFact,
  type WaiverReason,
} from '../../shared/ledger/engine.ts'
import loansEn from '../../src/i18n/locales/en/loans.json' with { type: 'json' }
import { notesExample, payment, rs } from './ledgerFacts.ts'

/** The words the Settle for less dialog shows for each refusal (the English catalogue). */
const waiverMessages: Record<WaiverReason, string> = loansEn.waiver.errors

function waiver(id: string, date: string, rupees: string, note?: string): WaiverFact {
  return {
    id,
    date,
    amount: rs(rupees),
    createdAt: `${date}T11:00:00.000Z`,
    ...(note !== undefined && { note }),
  }
}

const voided = { voidId: 'v1', reason: 'typed ₹20,000 for ₹2,000', at: '2025-04-01T12:00:00.000Z' }

// The engine notes' first worked example: ₹10,000 at 2 % a month from 2025-01-01, ₹100 on
// 2025-01-31 and ₹5,000 on 2025-03-02. As of 2025-04-01 ₹5,400.92 is due: ₹5,296.44 principal
// left (the ₹5,000 paid the ₹296.44 of interest owed first, then ₹4,703.56 of principal) and
// ₹104.48 of interest for the 30 days since the last payment (₹5,296.44 × 24 % × 30 / 365).
function example(extra: Partial<LedgerLoan> = {}): LedgerLoan {
  return { ...notesExample(), ...extra }
}
const today = '2025-04-01'

describe('the reckoning closes: lent + interest − (paid − overpaid) − waived = due', () => {
  test('the worked example as of 2025-04-01, by hand', () => {
    // Interest so far: ₹197.26 + ₹199.18 + ₹104.48 = ₹500.92; 10,000 + 500.92 − 5,100 = 5,400.92.
    expect(loanReckoning(example(), today)).toEqual({
      lent: rs('10,000'),
      interest: rs('500.92'),
      paid: rs('5,100'),
      overpaid: 0,
      waived: 0,
      due: rs('5,400.92'),
    })
  })

  test('an overpaid loan: ₹1,00,000 at 18 % a year, ₹10,000 then ₹96,000', () => {
    const annual = example({
      amount: rs('1,00,000'),
      interestRate: 18,
      interestType: 'per_annum',
      startDate: '2026-01-01',
      payments: [payment('q1', '2026-03-02', '10,000'), payment('q2', '2026-04-01', '96,000')],
    })
    // 1,00,000 + (2,958.90 + 1,375.28) − (1,06,000 − 1,665.82) = 0.
    expect(loanReckoning(annual, '2026-05-01')).toEqual({
      lent: rs('1,00,000'),
      interest: rs('4,334.18'),
      paid: rs('1,06,000'),
      overpaid: rs('1,665.82'),
      waived: 0,
      due: 0,
    })
  })

  test('before the start nothing has happened yet, as in loanAsOf', () => {
    expect(loanReckoning(example(), '2024-12-31')).toEqual({
      lent: rs('10,000'),
      interest: 0,
      paid: 0,
      overpaid: 0,
      waived: 0,
      due: rs('10,000'),
    })
  })

  test('the truthful figures and the old ones tell the same due', () => {
    const f = loanFigures(example(), today)
    expect(f).toMatchObject({
      principalRemaining: rs('5,296.44'),
      currentInterest: rs('104.48'),
      // Nothing carried: the ₹5,000 paid every paisa of interest owed on 2025-03-02.
      unpaidInterest: 0,
      accruingInterest: rs('104.48'),
      waived: 0,
      settledByWaiver: false,
    })
    // The old app's labels (the ledger's old fields) said ₹4,800.82 of principal paid, ₹97.26
    // more than the truth: the interest carried from January, which it called principal.
    expect(f.ledger.totalPrincipalPaid - f.position.principalPaid).toBe(rs('97.26'))
    expect(f.position.interestPaid + f.position.principalPaid + f.position.overpaid).toBe(
      f.position.paid,
    )
    expect(f.reckoning.interest).toBe(f.position.interestCharged)
  })
})

describe('waivers: settle for less', () => {
  test('waiving the whole balance settles the loan: Paid (settled), waived, never paid', () => {
    const loan = example({ waivers: [waiver('w1', today, '5,400.92', 'Settled at the panchayat')] })
    const f = loanFigures(loan, today)
    expect(f).toMatchObject({
      status: 'Paid',
      outstanding: false,
      settledByWaiver: true,
      waived: rs('5,400.92'),
      totalDue: 0,
      totalPaid: rs('5,100'),
      principalRemaining: 0,
      currentInterest: 0,
      unpaidInterest: 0,
    })
    expect(f.reckoning).toEqual({
      lent: rs('10,000'),
      interest: rs('500.92'),
      paid: rs('5,100'),
      overpaid: 0,
      waived: rs('5,400.92'),
      due: 0,
    })
    expect(f.ledger.entries.at(-1)).toMatchObject({
      paymentId: 'w1',
      waiverId: 'w1',
      waived: rs('5,400.92'),
      paymentAmount: 0,
      interestPaid: 0,
      principalPaid: 0,
      interestForPeriod: rs('104.48'),
      newBalance: 0,
      notes: 'Settled at the panchayat',
    })
    // The waiver is not a payment: the last payment date stays the last payment's.
    expect(f.ledger.lastPaymentDate).toBe('2025-03-02')
    expect(f.ledger.totalInterestPaid + f.ledger.totalPrincipalPaid).toBe(rs('5,100'))
  })

  test('a waiver forgives interest first, then principal', () => {
    const interestOnly = loanFigures(example({ waivers: [waiver('w', today, '201.74')] }), today)
    expect(interestOnly).toMatchObject({
      totalDue: rs('5,199.18'),
      principalRemaining: rs('5,199.18'),
      currentInterest: 0,
      status: 'Active',
    })
    const more = loanFigures(example({ waivers: [waiver('w', today, '1,000')] }), today)
    expect(more).toMatchObject({
      totalDue: rs('4,400.92'),
      principalRemaining: rs('4,400.92'),
      currentInterest: 0,
      waived: rs('1,000'),
    })
  })

  test('a waiver larger than what is due (two devices waived while apart) waives only what was due', () => {
    const twice = example({
      waivers: [waiver('a', today, '5,400.92'), waiver('b', today, '5,400.92')],
    })
    const f = loanFigures(twice, today)
    expect(f.waived).toBe(rs('5,400.92'))
    expect(f.ledger.entries.map((e) => e.waived)).toEqual([undefined, undefined, rs('5,400.92'), 0])
    expect(f.reckoning.due).toBe(0)
  })

  test('a later payment after a settling waiver is all overpaid, and the arithmetic still closes', () => {
    const loan = example({
      waivers: [waiver('w', today, '5,400.92')],
      payments: [...example().payments, payment('p3', '2025-04-10', '50')],
    })
    const r = loanReckoning(loan, '2025-04-10')
    expect(r).toMatchObject({ overpaid: rs('50'), waived: rs('5,400.92'), due: 0 })
    expect(r.lent + r.interest - (r.paid - r.overpaid) - r.waived).toBe(r.due)
  })

  test('a voided waiver is skipped; loanAsOf takes waivers too', () => {
    const loan = example({ waivers: [{ ...waiver('w', today, '5,400.92'), voided }] })
    expect(loanFigures(loan, today)).toMatchObject({ totalDue: rs('5,400.92'), waived: 0 })
    expect(loanAsOf(loan, loan.payments, today, [waiver('w', today, '400.92')]).balance).toBe(
      rs('5,000'),
    )
  })

  test('a person’s reckoning sums every loan, settled ones included', () => {
    const settled = example({ id: 's', waivers: [waiver('w', today, '5,400.92')] })
    const open = example({ id: 'o' })
    const summary = summarizePerson([settled, open], today)
    expect(summary.reckoning).toEqual({
      lent: rs('20,000'),
      interest: rs('1,001.84'),
      paid: rs('10,200'),
      overpaid: 0,
      waived: rs('5,400.92'),
      due: rs('5,400.92'),
    })
    // The tiles count the loans that owe today: the settled one adds nothing (rule 8).
    expect(summary).toMatchObject({ activeLoans: 1, totalDue: rs('5,400.92') })
  })
})

describe('voided payments', () => {
  test('every replay skips a voided payment, as if it had never been recorded', () => {
    const typo = { ...payment('typo', '2025-02-15', '20,000'), voided }
    const loan = example({ payments: [...example().payments, typo] })
    expect(replayLoan(loan, loan.payments)).toEqual(replayLoan(loan, example().payments))
    expect(loanFigures(loan, today)).toMatchObject({
      totalDue: rs('5,400.92'),
      totalPaid: rs('5,100'),
    })
    expect(loanReckoning(loan, today).paid).toBe(rs('5,100'))
  })
})

describe('waiver validation', () => {
  const loan = example()
  test.each([
    { input: { amount: null, date: today }, reason: 'invalidAmount' },
    { input: { amount: 0, date: today }, reason: 'invalidAmount' },
    { input: { amount: 10.5, date: today }, reason: 'invalidAmount' },
    { input: { amount: 100, date: '' }, reason: 'missingDate' },
    { input: { amount: 100, date: '2025-04-02' }, reason: 'futureDate' },
    { input: { amount: 100, date: '2024-12-31' }, reason: 'beforeLoanStart' },
    { input: { amount: rs('5,400.93'), date: today }, reason: 'overBalance' },
  ] as const)('$input.amount on "$input.date" → $reason', ({ input, reason }) => {
    expect(validateWaiver(loan, input, today)).toEqual({ ok: false, reason })
    expect(waiverMessages[reason]).toMatch(/^[A-Z].+[a-z]$/)
  })

  test('exactly what is due is accepted', () => {
    expect(validateWaiver(loan, { amount: rs('5,400.92'), date: today }, today)).toEqual({
      ok: true,
    })
    expect(waiverMessages.overBalance).toBe('A waiver cannot be more than what is due')
  })

  test('back-dated, a waiver may not forgive what a later payment paid', () => {
    // On 2025-02-15 ₹10,196.85 is due, but the ₹5,000 of 2025-03-02 pays part of it. Waiving
    // ₹5,245.68 leaves ₹4,951.17, which with 15 days of interest (₹48.83) is exactly the ₹5,000
    // paid later; that is the most a waiver on that date may forgive.
    const waive = (rupees: string) =>
      validateWaiver(loan, { amount: rs(rupees), date: '2025-02-15' }, today)
    expect(waive('5,245.68')).toEqual({ ok: true })
    expect(waive('5,245.69')).toEqual({ ok: false, reason: 'overBalance' })
    expect(waive('10,196.85')).toEqual({ ok: false, reason: 'overBalance' })
  })
})
