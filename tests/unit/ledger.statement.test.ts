/**
 * Issue 27's statements of a period and receipts, by worked examples small enough to check by hand
 * (the hand check is written beside each): opening + movements = closing, the truthful split in
 * every line (a paid-off loan's principal column sums to what was lent), voided lines for the
 * lender's copy only, the financial year, and one deposit paying several loans.
 *
 * Interest in paise on B paise for d days at r % a year is B × (100 r) × d / 3,650,000, rounded
 * half up once (rules 2–4); 2 % a month is 24 % a year, i.e. B × 2,400 × d / 3,650,000.
 */
import { describe, expect, test } from 'vitest'
import {
  borrowerCopy,
  depositSplit,
  financialYear,
  financialYearOf,
  loanFigures,
  loanPosition,
  loanStatement,
  personStatement,
  previewDeposit,
  replayLedgerLoan,
  settlingAmount,
  type InterestOn,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'
import { loan, notesExample, payment, rs } from './ledgerFacts.ts'

describe('a fully paid ₹50,000 loan: its statement’s principal column sums to exactly ₹50,000', () => {
  // ₹50,000 at 24 % a year from 2025-01-01: ₹1,000 on 2025-03-01, ₹10,000 on 2025-07-01, and
  // Pay Full on 2025-12-31.
  const terms = (interestOn?: InterestOn) =>
    loan({
      amount: rs('50,000'),
      interestRate: 24,
      interestType: 'per_annum',
      ...(interestOn !== undefined && { interestOn }),
      payments: [payment('q1', '2025-03-01', '1,000'), payment('q2', '2025-07-01', '10,000')],
    })
  const paidOff = (interestOn?: InterestOn) => {
    const l = terms(interestOn)
    const full = settlingAmount(l, '2025-12-31', '2025-12-31')
    return loan({
      ...l,
      payments: [...l.payments, payment('q3', '2025-12-31', '0', { amount: full })],
    })
  }

  test('old rule, by hand', () => {
    // 59 days to 01/03 on ₹50,000: 5,000,000 × 2,400 × 59 / 3,650,000 = 193,972.60 → ₹1,939.73.
    //   ₹1,000 is all interest: ₹939.73 owed, ₹50,000 principal left.
    // 122 days to 01/07 on ₹50,939.73: 5,093,973 × 2,400 × 122 / 3,650,000 = 408,634.33 →
    //   ₹4,086.34. Owed 939.73 + 4,086.34 = ₹5,026.07: ₹10,000 pays ₹5,026.07 interest and
    //   ₹4,973.93 principal, ₹45,026.07 left.
    // 183 days to 31/12 on ₹45,026.07: 4,502,607 × 2,400 × 183 / 3,650,000 = 541,793.15 →
    //   ₹5,417.93. Pay Full = ₹45,026.07 + ₹5,417.93 = ₹50,444.00: ₹5,417.93 interest and
    //   ₹45,026.07 principal.
    // Principal column: 0 + 4,973.93 + 45,026.07 = ₹50,000.00. Interest column: 1,000 + 5,026.07
    //   + 5,417.93 = ₹11,444.00 = all the interest charged (1,939.73 + 4,086.34 + 5,417.93).
    // The old labels said principal 0 + 5,913.66 + 45,026.07 = ₹50,939.73, more than was lent.
    const l = paidOff()
    expect(l.payments.at(-1)?.amount).toBe(rs('50,444'))
    const s = loanStatement(l, { from: '2025-01-01', to: '2025-12-31' })
    const payments = s.lines.filter((line) => line.kind === 'payment')
    expect(payments.map((line) => [line.amount, line.interestPaid, line.principalPaid])).toEqual([
      [rs('1,000'), rs('1,000'), 0],
      [rs('10,000'), rs('5,026.07'), rs('4,973.93')],
      [rs('50,444'), rs('5,417.93'), rs('45,026.07')],
    ])
    expect(s.lines.filter((x) => x.kind === 'interest').map((x) => [x.amount, x.days])).toEqual([
      [rs('1,939.73'), 59],
      [rs('4,086.34'), 122],
      [rs('5,417.93'), 183],
    ])
    expect(s.totals).toEqual({
      lent: rs('50,000'),
      interestCharged: rs('11,444'),
      paid: rs('61,444'),
      interestPaid: rs('11,444'),
      principalPaid: rs('50,000'),
      overpaid: 0,
      interestWaived: 0,
      principalWaived: 0,
    })
    expect(s.opening).toEqual({ principalLeft: 0, interestOwed: 0, due: 0 })
    expect(s.closing).toEqual({ principalLeft: 0, interestOwed: 0, due: 0 })
    expect(replayLedgerLoan(l).totalPrincipalPaid).toBe(rs('50,939.73'))
    // The card agrees: interest paid + principal paid + overpaid = paid.
    expect(loanFigures(l, '2026-01-01').position).toMatchObject({
      interestPaid: rs('11,444'),
      principalPaid: rs('50,000'),
      overpaid: 0,
      paid: rs('61,444'),
      interestCharged: rs('11,444'),
    })
  })

  test('simple interest, by hand', () => {
    // 59 days on ₹50,000: ₹1,939.73 as above; ₹1,000 is interest, ₹939.73 owed.
    // 122 days on ₹50,000 only: 5,000,000 × 2,400 × 122 / 3,650,000 = 401,095.89 → ₹4,010.96.
    //   Owed 939.73 + 4,010.96 = ₹4,950.69: ₹10,000 pays that and ₹5,049.31 principal, leaving
    //   ₹44,950.69.
    // 183 days on ₹44,950.69: 4,495,069 × 2,400 × 183 / 3,650,000 = 540,886.11 → ₹5,408.86.
    //   Pay Full = ₹44,950.69 + ₹5,408.86 = ₹50,359.55.
    // Principal column 5,049.31 + 44,950.69 = ₹50,000.00; interest 1,000 + 4,950.69 + 5,408.86
    //   = ₹11,359.55 (₹84.45 less than the old rule's ₹11,444.00).
    const l = paidOff('principal')
    expect(l.payments.at(-1)?.amount).toBe(rs('50,359.55'))
    const s = loanStatement(l, { to: '2025-12-31' })
    expect(
      s.lines.filter((x) => x.kind === 'payment').map((x) => [x.interestPaid, x.principalPaid]),
    ).toEqual([
      [rs('1,000'), 0],
      [rs('4,950.69'), rs('5,049.31')],
      [rs('5,408.86'), rs('44,950.69')],
    ])
    expect(s.totals).toMatchObject({
      principalPaid: rs('50,000'),
      interestPaid: rs('11,359.55'),
      interestCharged: rs('11,359.55'),
    })
  })

  test('a period that cuts interest periods: 01/04/2025–30/09/2025, old rule, by hand', () => {
    // Opening (as at the end of 31/03): ₹50,000 principal; interest owed ₹939.73 carried plus 30
    //   days on ₹50,939.73: 5,093,973 × 2,400 × 30 / 3,650,000 = 100,483.85 → ₹1,004.84, so
    //   ₹1,944.57 owed and ₹51,944.57 due.
    // Interest to 01/07: the period's ₹4,086.34 less the ₹1,004.84 already in the opening =
    //   ₹3,081.50 (92 days). The ₹10,000 then pays ₹5,026.07 interest, ₹4,973.93 principal.
    // Interest to 30/09: 91 days on ₹45,026.07: 4,502,607 × 2,400 × 91 / 3,650,000 = 269,416.26
    //   → ₹2,694.16. Closing ₹45,026.07 + ₹2,694.16 = ₹47,720.23.
    // Principal: 50,000 − 4,973.93 = 45,026.07. Interest: 1,944.57 + 3,081.50 + 2,694.16 −
    //   5,026.07 = 2,694.16.
    const s = loanStatement(paidOff(), { from: '2025-04-01', to: '2025-09-30' })
    expect(s.opening).toEqual({
      principalLeft: rs('50,000'),
      interestOwed: rs('1,944.57'),
      due: rs('51,944.57'),
    })
    expect(s.lines.map((x) => [x.kind, x.date, x.amount, x.principalLeft, x.interestOwed])).toEqual(
      [
        ['interest', '2025-07-01', rs('3,081.50'), rs('50,000'), rs('5,026.07')],
        ['payment', '2025-07-01', rs('10,000'), rs('45,026.07'), 0],
        ['interest', '2025-09-30', rs('2,694.16'), rs('45,026.07'), rs('2,694.16')],
      ],
    )
    expect(s.closing).toEqual({
      principalLeft: rs('45,026.07'),
      interestOwed: rs('2,694.16'),
      due: rs('47,720.23'),
    })
    expect(s.totals).toMatchObject({
      interestCharged: rs('5,775.66'),
      interestPaid: rs('5,026.07'),
      principalPaid: rs('4,973.93'),
      paid: rs('10,000'),
      lent: 0,
    })
    // The closing of one period is the opening of the next.
    const next = loanStatement(paidOff(), { from: '2025-10-01', to: '2026-03-31' })
    expect(next.opening).toEqual(s.closing)
  })
})

describe('old dues from paper on a statement', () => {
  test('a statement of a period the loan starts in brings the old dues in as lines', () => {
    // ₹20,000 principal and ₹1,500 interest already due, brought in on 2025-04-01 at 2 % a month:
    // 30 days on ₹21,500 (old rule) = 2,150,000 × 2,400 × 30 / 3,650,000 = 42,410.96 → ₹424.11.
    const paper = loan({
      amount: rs('20,000'),
      openingInterest: rs('1,500'),
      startDate: '2025-04-01',
    })
    const s = loanStatement(paper, { from: '2025-04-01', to: '2025-05-01' })
    expect(s.opening.due).toBe(0)
    expect(s.lines.map((x) => [x.kind, x.amount])).toEqual([
      ['lent', rs('20,000')],
      ['openingInterest', rs('1,500')],
      ['interest', rs('424.11')],
    ])
    expect(s.closing).toEqual({
      principalLeft: rs('20,000'),
      interestOwed: rs('1,924.11'),
      due: rs('21,924.11'),
    })
  })
})

describe('a receipt: one deposit pays several loans', () => {
  test('each payment split, and the parts add up to the cash received', () => {
    // Loan A is the notes' example; loan B (₹1,000 from 2025-03-02) is paid ₹1,050 on 2025-04-01:
    // 30 days on ₹1,000 = 100,000 × 2,400 × 30 / 3,650,000 = 1,972.60 → ₹19.73 of interest, ₹1,000
    // of principal and ₹30.27 overpaid. Loan A's ₹5,000 is the one of 2025-03-02 (above).
    const a = notesExample()
    const b = loan({
      id: 'b',
      amount: rs('1,000'),
      startDate: '2025-03-02',
      payments: [payment('b1', '2025-04-01', '1,050')],
    })
    const split = depositSplit([a, b], ['p2', 'b1'])
    expect(
      split.lines.map((x) => [x.loanId, x.amount, x.interestPart, x.principalPart, x.overpaid]),
    ).toEqual([
      ['loan', rs('5,000'), rs('296.44'), rs('4,703.56'), 0],
      ['b', rs('1,050'), rs('19.73'), rs('1,000'), rs('30.27')],
    ])
    expect(split).toMatchObject({
      amount: rs('6,050'),
      interestPart: rs('316.17'),
      principalPart: rs('5,703.56'),
      overpaid: rs('30.27'),
    })
    expect(split.interestPart + split.principalPart + split.overpaid).toBe(split.amount)
    // A voided payment is on no receipt.
    const voided = { voidId: 'v', reason: 'typo', at: '2025-04-02T00:00:00.000Z' }
    const bVoided = { ...b, payments: [{ ...(b.payments[0] as PaymentFact), voided }] }
    expect(depositSplit([a, bVoided], ['p2', 'b1']).amount).toBe(rs('5,000'))
  })

  test('the deposit preview shows the same split before it is recorded', () => {
    const [line] = previewDeposit(
      [loan({ id: 'b', amount: rs('1,000'), startDate: '2025-03-02' })],
      { date: '2025-04-01', allocations: [{ loanId: 'b', amount: rs('1,050') }] },
      '2025-04-01',
    )
    expect(line).toMatchObject({
      interestPaid: rs('19.73'),
      principalPaid: rs('1,000'),
      ownOverpaid: rs('30.27'),
      overpaid: rs('30.27'),
      dueTodayAfter: 0,
    })
  })
})

describe('statements: voided lines, a person, the financial year', () => {
  const voided = { voidId: 'v', reason: 'typed ₹20,000 for ₹2,000', at: '2025-03-10T00:00:00.000Z' }
  const withVoid = loan({
    payments: [
      payment('p1', '2025-01-31', '100'),
      payment('typo', '2025-02-15', '20,000', { voided }),
      payment('p2', '2025-03-02', '5,000'),
    ],
  })

  test('a voided payment is listed for the lender, moves nothing, and the borrower’s copy leaves it out', () => {
    const s = loanStatement(withVoid, { from: '2025-02-01', to: '2025-03-31' })
    const typo = s.lines.find((x) => x.id === 'typo')
    expect(typo).toMatchObject({
      kind: 'payment',
      amount: rs('20,000'),
      paid: 0,
      principalPaid: 0,
      voided,
      // It carries the balances of the line before it (the ₹100 of 31/01, in the opening).
      principalLeft: rs('10,000'),
    })
    expect(s.lines.map((x) => x.kind)).toEqual(['payment', 'interest', 'payment', 'interest'])
    const copy = borrowerCopy(s)
    expect(copy.lines.some((x) => x.voided)).toBe(false)
    expect(copy.totals).toEqual(s.totals)
    // Without it, the statement is the one of the same loan had the typo never been recorded.
    expect(copy).toEqual(loanStatement(notesExample(), { from: '2025-02-01', to: '2025-03-31' }))
  })

  test('a person’s statement sums their loans, and the yearly one is 1 April to 31 March', () => {
    expect(financialYear(2025)).toEqual({ from: '2025-04-01', to: '2026-03-31' })
    expect(financialYearOf('2026-03-31')).toEqual(financialYear(2025))
    expect(financialYearOf('2026-04-01')).toEqual(financialYear(2026))
    const loans = [notesExample(), notesExample('principal')]
    const year = personStatement(loans, financialYear(2024))
    const [a, b] = year.loans
    expect(year.opening.due).toBe(0)
    expect(year.totals.lent).toBe(rs('20,000'))
    expect(year.closing).toEqual({
      principalLeft: (a?.closing.principalLeft ?? 0) + (b?.closing.principalLeft ?? 0),
      interestOwed: (a?.closing.interestOwed ?? 0) + (b?.closing.interestOwed ?? 0),
      due: (a?.closing.due ?? 0) + (b?.closing.due ?? 0),
    })
    // Each closing is that loan's position on 31 March 2025.
    expect(a?.closing.due).toBe(loanPosition(notesExample(), '2025-03-31').due)
  })

  test('a loan that starts after the period has an empty statement', () => {
    expect(loanStatement(notesExample(), { from: '2024-01-01', to: '2024-12-31' })).toMatchObject({
      lines: [],
      opening: { due: 0 },
      closing: { due: 0 },
    })
  })
})

describe('a statement ends, whatever the input', () => {
  test('a rate of 1e300 % answers or throws a RangeError', () => {
    const l = loan({ interestRate: 1e300, payments: [payment('x', '2025-01-02', '1')] })
    try {
      loanStatement(l, { to: '2035-01-01' })
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError)
    }
  })
})
