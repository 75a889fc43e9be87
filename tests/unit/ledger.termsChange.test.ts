/**
 * Issue 27, harm 6: what a change of a loan's terms does, before it is saved. Worked examples
 * checked by hand beside each figure (interest on B for d days at r % a year = B × r/100 × d/365,
 * rounded half up once to the paisa).
 */
import { describe, expect, test } from 'vitest'
import {
  changesMoneyTerms,
  previewTermsChange,
  type LedgerLoan,
} from '../../shared/ledger/engine.ts'

/** ₹1,00,000 at 18 % a year from 01/01/2026; ₹10,000 paid on 02/03/2026 and ₹5,000 on 01/04/2026. */
const loan: LedgerLoan = {
  id: 'l1',
  personId: 'p1',
  amount: 1_00_000_00,
  interestRate: 18,
  interestType: 'per_annum',
  startDate: '2026-01-01',
  dueDate: '2026-12-31',
  status: 'active',
  createdAt: '2026-01-01T10:00:00.000Z',
  payments: [
    { id: 'a', date: '2026-03-02', amount: 10_000_00, createdAt: '2026-03-02T10:00:00.000Z' },
    {
      id: 'b',
      date: '2026-04-01',
      amount: 5_000_00,
      createdAt: '2026-04-01T10:00:00.000Z',
      voided: { voidId: 'v', reason: 'typo', at: '2026-04-01T11:00:00.000Z' },
    },
  ],
}

describe('previewTermsChange', () => {
  test('a rate from 18 % to 24 %: the due today before and after, and the payment re-split', () => {
    const preview = previewTermsChange(loan, { interestRate: 24 }, '2026-04-01')
    // 18 %: 60 days on ₹1,00,000 = ₹2,958.90; ₹10,000 pays that and ₹7,041.10 of principal;
    // then 30 days on ₹92,958.90 = ₹1,375.28: due ₹94,334.18 (the engine notes' example).
    // 24 %: 60 days on ₹1,00,000 = ₹3,945.21 (3,945.205…); ₹6,054.79 of principal; then 30 days
    // on ₹93,945.21 = ₹1,853.17 (1,853.166…): due ₹95,798.38.
    expect(preview).toEqual({
      dueBefore: 94_334_18,
      dueAfter: 95_798_38,
      payments: 1, // the voided one is no recorded payment
      changed: [
        {
          paymentId: 'a',
          date: '2026-03-02',
          amount: 10_000_00,
          before: { interest: 2_958_90, principal: 7_041_10, overpaid: 0 },
          after: { interest: 3_945_21, principal: 6_054_79, overpaid: 0 },
        },
      ],
      changesFigures: true,
    })
  })

  test('simple interest with old dues: the old dues are paid first', () => {
    const preview = previewTermsChange(
      loan,
      { interestOn: 'principal', openingInterest: 1_000_00 },
      '2026-04-01',
    )
    // ₹1,000 already due + ₹2,958.90 = ₹3,958.90 of interest paid first, ₹6,041.10 principal;
    // then 30 days on the principal left, ₹93,958.90: ₹1,390.08 (1,390.076…).
    expect(preview.changed[0]?.after).toEqual({
      interest: 3_958_90,
      principal: 6_041_10,
      overpaid: 0,
    })
    expect(preview.dueAfter).toBe(93_958_90 + 1_390_08)
  })

  test('a change that moves no figure says so', () => {
    // The old rule written out, and no old dues written out: the same loan.
    const same = previewTermsChange(
      loan,
      { interestOn: 'balance', openingInterest: 0 },
      '2026-04-01',
    )
    expect(same).toMatchObject({ changed: [], changesFigures: false })
    expect(same.dueAfter).toBe(same.dueBefore)
    expect(changesMoneyTerms(loan, { interestOn: 'balance', openingInterest: 0 })).toBe(false)
    expect(changesMoneyTerms(loan, { interestRate: 18, amount: loan.amount })).toBe(false)
    expect(changesMoneyTerms(loan, { interestOn: 'principal' })).toBe(true)
    expect(changesMoneyTerms(loan, { startDate: '2026-01-02' })).toBe(true)
  })
})
