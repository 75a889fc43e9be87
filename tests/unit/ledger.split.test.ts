/**
 * Issue 27's engine, by worked examples small enough to check by hand (the hand check is written
 * beside each): the truthful split (rule 6a) under both rules for unpaid interest (rule 6b), old
 * dues from paper and a waiver's preview. Statements and receipts: ledger.statement.test.ts.
 *
 * Interest in paise on B paise for d days at r % a year is B × (100 r) × d / 3,650,000, rounded
 * half up once (rules 2–4); 2 % a month is 24 % a year, i.e. B × 2,400 × d / 3,650,000.
 */
import { describe, expect, test } from 'vitest'
import {
  loanAsOf,
  loanFigures,
  loanPosition,
  payoffQuote,
  previewWaiver,
  replayLedgerLoan,
  settlingAmount,
  validateWaiver,
  type InterestOn,
  type WaiverFact,
} from '../../shared/ledger/engine.ts'
import { loan, notesExample, payment, rs } from './ledgerFacts.ts'

describe('₹10,000 at 2 % a month from 2025-01-01; ₹100 on 2025-01-31, ₹5,000 on 2025-03-02', () => {
  test('old rule (unpaid interest earns interest): the old balances, the truthful split', () => {
    // Period 1, 30 days on ₹10,000: 1,000,000 × 2,400 × 30 / 3,650,000 = 19,726.03 → ₹197.26.
    //   ₹100 pays ₹100 of interest and no principal: ₹97.26 interest owed, ₹10,000 principal left.
    // Period 2, 30 days (31/01 → 02/03) on the balance ₹10,097.26 (the ₹97.26 earns interest):
    //   1,009,726 × 2,400 × 30 / 3,650,000 = 19,917.88 → ₹199.18. Interest owed 97.26 + 199.18 =
    //   ₹296.44, so ₹5,000 pays ₹296.44 interest and ₹4,703.56 principal: ₹5,296.44 left, no
    //   interest owed. (The old app's labels: ₹199.18 interest and ₹4,800.82 "principal".)
    // Interest paid 100 + 296.44 = ₹396.44; principal paid ₹4,703.56; together the ₹5,100 paid.
    const ledger = replayLedgerLoan(notesExample())
    expect(
      ledger.entries.map((e) => [e.interestForPeriod, e.interestPart, e.principalPart]),
    ).toEqual([
      [rs('197.26'), rs('100'), 0],
      [rs('199.18'), rs('296.44'), rs('4,703.56')],
    ])
    expect(ledger.entries.map((e) => [e.principalLeft, e.interestOwed, e.newBalance])).toEqual([
      [rs('10,000'), rs('97.26'), rs('10,097.26')],
      [rs('5,296.44'), 0, rs('5,296.44')],
    ])
    // The old fields are the old app's, untouched.
    expect(ledger.entries.map((e) => [e.interestPaid, e.principalPaid])).toEqual([
      [rs('100'), 0],
      [rs('199.18'), rs('4,800.82')],
    ])
    expect(ledger).toMatchObject({
      totalInterestPart: rs('396.44'),
      totalPrincipalPart: rs('4,703.56'),
      totalInterestPaid: rs('299.18'),
      totalPrincipalPaid: rs('4,800.82'),
    })
    // As of 2025-04-01: 30 days on ₹5,296.44: 529,644 × 2,400 × 30 / 3,650,000 = 10,447.77 →
    // ₹104.48. Due ₹5,296.44 + ₹104.48 = ₹5,400.92, as the engine notes say.
    expect(loanPosition(notesExample(), '2025-04-01')).toMatchObject({
      principalLeft: rs('5,296.44'),
      interestOwed: rs('104.48'),
      due: rs('5,400.92'),
      interestCharged: rs('500.92'),
      interestPaid: rs('396.44'),
      principalPaid: rs('4,703.56'),
      paid: rs('5,100'),
    })
  })

  test('simple interest (on principal left only): the carried ₹97.26 earns nothing', () => {
    // Period 1 as above: ₹197.26; ₹100 pays interest: ₹97.26 owed, ₹10,000 principal left.
    // Period 2, 30 days on principal ₹10,000 only: ₹197.26 again (not ₹199.18: the ₹1.92 of
    //   interest on the ₹97.26 is not charged). Interest owed 97.26 + 197.26 = ₹294.52, so
    //   ₹5,000 pays ₹294.52 interest and ₹4,705.48 principal: ₹5,294.52 left.
    // As of 2025-04-01: 30 days on ₹5,294.52: 529,452 × 2,400 × 30 / 3,650,000 = 10,443.98 →
    //   ₹104.44. Due ₹5,294.52 + ₹104.44 = ₹5,398.96.
    // As of 2025-02-15: ₹10,000 + ₹97.26 owed + 15 days on ₹10,000 (9,863.01 → ₹98.63) =
    //   ₹10,195.89 (old rule: ₹10,196.85; the ₹0.96 is 15 days of interest on ₹97.26).
    const simple = notesExample('principal')
    const ledger = replayLedgerLoan(simple)
    expect(
      ledger.entries.map((e) => [
        e.interestForPeriod,
        e.interestPart,
        e.principalPart,
        e.principalLeft,
        e.interestOwed,
      ]),
    ).toEqual([
      [rs('197.26'), rs('100'), 0, rs('10,000'), rs('97.26')],
      [rs('197.26'), rs('294.52'), rs('4,705.48'), rs('5,294.52'), 0],
    ])
    expect(loanPosition(simple, '2025-04-01')).toMatchObject({
      principalLeft: rs('5,294.52'),
      interestOwed: rs('104.44'),
      due: rs('5,398.96'),
      interestPaid: rs('394.52'),
      principalPaid: rs('4,705.48'),
    })
    expect(loanAsOf(simple, simple.payments, '2025-04-01').balance).toBe(rs('5,398.96'))
    expect(loanAsOf(simple, simple.payments, '2025-02-15').balance).toBe(rs('10,195.89'))
    expect(loanFigures(simple, '2025-02-15')).toMatchObject({
      principalRemaining: rs('10,000'),
      unpaidInterest: rs('97.26'),
      accruingInterest: rs('98.63'),
      totalDue: rs('10,195.89'),
    })
    // Pay Full on 2025-04-01 is exactly the due, under this rule too.
    expect(settlingAmount(simple, '2025-04-01', '2025-04-01')).toBe(rs('5,398.96'))
  })

  test('interestOn absent and "balance" are the same old rule', () => {
    expect(replayLedgerLoan(notesExample('balance'))).toEqual(replayLedgerLoan(notesExample()))
  })
})

describe('old dues from paper: interest already due on the start date', () => {
  // ₹20,000 principal outstanding and ₹1,500 of interest already due, brought in on 2025-04-01,
  // at 2 % a month; ₹2,000 paid on 2025-05-01 (30 days).
  const paper = (interestOn?: InterestOn) =>
    loan({
      amount: rs('20,000'),
      openingInterest: rs('1,500'),
      startDate: '2025-04-01',
      ...(interestOn !== undefined && { interestOn }),
    })

  test('it counts from the start date in every figure', () => {
    // On the start date: ₹20,000 + ₹1,500 = ₹21,500 due, ₹1,500 of it interest.
    const f = loanFigures(paper(), '2025-04-01')
    expect(f).toMatchObject({
      totalDue: rs('21,500'),
      principalRemaining: rs('20,000'),
      currentInterest: rs('1,500'),
      outstanding: true,
    })
    expect(f.reckoning).toMatchObject({
      lent: rs('20,000'),
      interest: rs('1,500'),
      due: rs('21,500'),
    })
  })

  test('old rule: the ₹1,500 earns interest, and is paid first', () => {
    // 30 days on ₹21,500: 2,150,000 × 2,400 × 30 / 3,650,000 = 42,410.96 → ₹424.11. Due
    // ₹21,924.11; ₹2,000 pays ₹1,924.11 interest and ₹75.89 principal, ₹19,924.11 left.
    const l = { ...paper(), payments: [payment('r1', '2025-05-01', '2,000')] }
    expect(loanPosition({ ...l, payments: [] }, '2025-05-01')).toMatchObject({
      interestOwed: rs('1,924.11'),
      due: rs('21,924.11'),
    })
    expect(replayLedgerLoan(l).entries[0]).toMatchObject({
      interestForPeriod: rs('424.11'),
      interestPart: rs('1,924.11'),
      principalPart: rs('75.89'),
      principalLeft: rs('19,924.11'),
      interestOwed: 0,
    })
  })

  test('simple interest: the ₹1,500 earns nothing', () => {
    // 30 days on ₹20,000: 2,000,000 × 2,400 × 30 / 3,650,000 = 39,452.05 → ₹394.52. Due
    // ₹21,894.52; ₹2,000 pays ₹1,894.52 interest and ₹105.48 principal, ₹19,894.52 left.
    const l = { ...paper('principal'), payments: [payment('r1', '2025-05-01', '2,000')] }
    expect(replayLedgerLoan(l).entries[0]).toMatchObject({
      interestForPeriod: rs('394.52'),
      interestPart: rs('1,894.52'),
      principalPart: rs('105.48'),
      principalLeft: rs('19,894.52'),
    })
  })

  test('Pay Full and the payoff quote are exact with old dues, under both rules', () => {
    expect(settlingAmount(paper(), '2025-05-01', '2025-05-01')).toBe(rs('21,924.11'))
    expect(payoffQuote([paper('principal')], '2025-05-01', '2025-05-01').total).toBe(
      rs('21,894.52'),
    )
  })

  test('a bad opening interest is a bug and throws', () => {
    expect(() => replayLedgerLoan(loan({ openingInterest: -1 }))).toThrow(RangeError)
    expect(() => replayLedgerLoan(loan({ openingInterest: 1.5 }))).toThrow(RangeError)
  })
})

describe('waivers forgive interest owed first, then principal, and pay nothing', () => {
  test('under the old rule, by hand', () => {
    // The notes' example as of 2025-04-01: ₹5,296.44 principal, ₹104.48 interest. A ₹1,000
    // waiver forgives the ₹104.48 of interest and ₹895.52 of principal: ₹4,400.92 left, all
    // principal, and nothing paid.
    const l = notesExample()
    const w: WaiverFact = {
      id: 'w',
      date: '2025-04-01',
      amount: rs('1,000'),
      createdAt: '2025-04-01T11:00:00.000Z',
    }
    expect(previewWaiver(l, w, '2025-04-01')).toEqual({
      waived: rs('1,000'),
      interestWaived: rs('104.48'),
      principalWaived: rs('895.52'),
      dueTodayBefore: rs('5,400.92'),
      dueTodayAfter: rs('4,400.92'),
      principalLeftAfter: rs('4,400.92'),
      interestDueAfter: 0,
    })
    const after = loanPosition({ ...l, waivers: [w] }, '2025-04-01')
    expect(after).toMatchObject({
      principalLeft: rs('4,400.92'),
      interestOwed: 0,
      interestWaived: rs('104.48'),
      principalWaived: rs('895.52'),
      paid: rs('5,100'),
    })
    expect(after.principalPaid + after.principalWaived + after.principalLeft).toBe(after.lent)
  })

  test('a waiver of more than is due forgives only what is due (and validation refuses it)', () => {
    const l = notesExample('principal')
    const preview = previewWaiver(l, { amount: rs('9,999'), date: '2025-04-01' }, '2025-04-01')
    expect(preview).toMatchObject({ waived: rs('5,398.96'), dueTodayAfter: 0 })
    expect(validateWaiver(l, { amount: rs('5,398.97'), date: '2025-04-01' }, '2025-04-01')).toEqual(
      { ok: false, reason: 'overBalance' },
    )
  })
})

describe('every engine search ends, whatever the input', () => {
  // A rate of 1e300 % or an amount near 2^53 paise is nonsense the readers refuse; the engine
  // must still answer or throw a RangeError, never hang (Pay Full's binary search once could).
  const absurd = [
    loan({ interestRate: 1e300, payments: [payment('x', '2025-01-02', '1')] }),
    loan({ amount: 2 ** 53 - 1, interestRate: 99.99, payments: [payment('x', '2030-01-01', '1')] }),
    loan({ amount: 2 ** 52, interestRate: 50, interestOn: 'principal', openingInterest: 2 ** 51 }),
  ]
  test.each(absurd.map((l, i) => ({ i, l })))('absurd loan $i', ({ l }) => {
    const attempt = (f: () => unknown) => {
      try {
        f()
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError)
      }
    }
    attempt(() => settlingAmount(l, '2025-06-01', '2025-06-01'))
    attempt(() => settlingAmount(l, '2031-06-01', '2031-06-01'))
    attempt(() => payoffQuote([l], '2026-01-01', '2025-06-01'))
    attempt(() => validateWaiver(l, { amount: 1, date: '2025-06-01' }, '2025-06-01'))
    attempt(() => loanFigures(l, '2035-01-01'))
  })
})
