/**
 * fast-check arbitraries of loans for issue 27's engine properties: either rule for unpaid
 * interest (rule 6b), old dues from paper, payments and waivers around the loan's life, some
 * voided, some on one day, some before the start.
 */
import fc from 'fast-check'
import { addDays } from '../../shared/dates.ts'
import { expect } from 'vitest'
import {
  loanAsOf,
  replayLedgerLoan,
  replayLoan,
  settlingAmount,
  type LedgerLoan,
  type PaymentFact,
  type WaiverFact,
} from '../../shared/ledger/engine.ts'

/** How a voided fact says so. */
export const voidInfo = { voidId: 'v', reason: 'mistake', at: '2030-06-01T00:00:00.000Z' }
/** When a fact was recorded: one of two instants, so that ties are common. */
export const createdAt = fc.constantFrom('2030-01-01T00:00:00.000Z', '2030-01-01T00:00:01.000Z')

/**
 * The terms of a loan of up to ₹1 crore at up to 100 % (two decimals), starting 2020–2030, due
 * 2031: the fields of an `fc.record`, which each file completes with the statuses it draws.
 */
export const loanTerms = {
  id: fc.constant('loan'),
  personId: fc.constant('person'),
  amount: fc.integer({ min: 1, max: 1_000_000_000 }),
  interestRate: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
  interestType: fc.constantFrom('per_annum' as const, 'per_month' as const),
  startDate: fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n)),
  dueDate: fc.constant('2031-01-01'),
  createdAt: fc.constant('2020-01-01T00:00:00.000Z'),
}

/**
 * A loan on `loanTerms` under either rule (the old one absent or said outright), sometimes with
 * old dues from paper.
 */
const loanArb = fc
  .record({
    ...loanTerms,
    status: fc.constantFrom('active' as const, 'defaulted' as const, 'paid' as const),
    rule: fc.constantFrom(
      undefined,
      'balance' as const,
      'principal' as const,
      'principal' as const,
    ),
    opening: fc.option(fc.integer({ min: 0, max: 1_000_000_000 }), { freq: 3, nil: undefined }),
  })
  .map(({ rule, opening, ...loan }) => ({
    ...loan,
    ...(rule !== undefined && { interestOn: rule }),
    ...(opening !== undefined && { openingInterest: Math.min(opening, loan.amount) }),
  }))

/**
 * Payments and waivers around the loan's life, some on one day, some before it. With `voids`,
 * some are voided: every waiver that draws it, and the payments among every `voidEvery`th that
 * do; up to `maxWaivers` waivers (0: none at all).
 */
export function factsArb(
  loan: { amount: number; startDate: string },
  { voids = true, voidEvery = 3, maxWaivers = 2 } = {},
) {
  const fact = fc.record({
    offset: fc.integer({ min: -10, max: 1200 }),
    amount: fc.integer({ min: 1, max: Math.ceil(loan.amount * 0.7) }),
    createdAt,
    voided: voids ? fc.boolean() : fc.constant(false),
  })
  const waivers = maxWaivers > 0 ? fc.array(fact, { maxLength: maxWaivers }) : fc.constant([])
  return fc.record({
    payments: fc.array(fact, { maxLength: 6 }).map((raw) =>
      raw.map((p, i): PaymentFact => ({
        id: `p${i}`,
        date: addDays(loan.startDate, p.offset),
        amount: p.amount,
        createdAt: p.createdAt,
        ...(p.voided && i % voidEvery === 0 && { voided: voidInfo }),
      })),
    ),
    waivers: waivers.map((raw) =>
      raw.map((w, i): WaiverFact => ({
        id: `w${i}`,
        date: addDays(loan.startDate, Math.max(0, w.offset)),
        amount: w.amount,
        createdAt: w.createdAt,
        ...(w.voided && { voided: voidInfo }),
      })),
    ),
  })
}

/** A loan with its facts: both rules, old dues, waivers, voids. */
export const anyLoan = loanArb.chain((loan) =>
  factsArb(loan).map((facts): LedgerLoan => ({ ...loan, ...facts })),
)

/** A loan and a day around its life (before the start too). */
export const loanAndDay = anyLoan.chain((loan) =>
  fc
    .integer({ min: -30, max: 1600 })
    .map((offset) => ({ loan, day: addDays(loan.startDate, offset) })),
)

/** A safe integer ≥ 0: money in paise. */
export const isMoney = (n: number) => Number.isSafeInteger(n) && n >= 0

/** The sum of some numbers. */
export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

/**
 * The property that a loan's payments and waivers, handed to the replay in any order, give the
 * ledger of the loan as it is.
 */
export function orderFree(loans: fc.Arbitrary<LedgerLoan>) {
  const shuffled = loans.chain((loan) =>
    fc
      .tuple(
        fc.shuffledSubarray([...loan.payments], { minLength: loan.payments.length }),
        fc.shuffledSubarray([...(loan.waivers ?? [])], { minLength: loan.waivers?.length ?? 0 }),
      )
      .map(([payments, waivers]) => ({ loan, payments, waivers })),
  )
  return fc.property(shuffled, ({ loan, payments, waivers }) => {
    expect(replayLoan(loan, payments, waivers)).toStrictEqual(replayLedgerLoan(loan))
  })
}

/** The balance due on `day` once `amount` is recorded on `date`, after everything on that date. */
export function dueWith(loan: LedgerLoan, date: string, amount: number, day: string): number {
  const payment: PaymentFact = { id: 'zz-new', date, amount, createdAt: '9999-12-31T00:00:00.000Z' }
  return loanAsOf(loan, [...loan.payments, payment], day, loan.waivers).balance
}

/**
 * The property of Pay Full: at any date, recording it leaves exactly 0 on max(date, today), and
 * one paisa less does not.
 */
export function payFullExact(loans: fc.Arbitrary<LedgerLoan>) {
  const arb = loans.chain((loan) =>
    fc
      .record({
        date: fc.integer({ min: 0, max: 1400 }),
        today: fc.integer({ min: 0, max: 1400 }),
      })
      .map(({ date, today }) => ({
        loan,
        date: addDays(loan.startDate, date),
        today: addDays(loan.startDate, today),
      })),
  )
  return fc.property(arb, ({ loan, date, today }) => {
    const amount = settlingAmount(loan, date, today)
    const day = date > today ? date : today
    expect(isMoney(amount)).toBe(true)
    // A 0-paisa payment is no payment (replaying one would split an interest period and change
    // the rounding and the capitalisation), so 0 and 1 are checked against the loan as it is.
    const asItStands = loanAsOf(loan, loan.payments, day, loan.waivers).balance
    if (amount === 0) expect(asItStands).toBe(0)
    else expect(dueWith(loan, date, amount, day)).toBe(0)
    if (amount === 1) expect(asItStands).toBeGreaterThan(0)
    if (amount > 1) expect(dueWith(loan, date, amount - 1, day)).toBeGreaterThan(0)
  })
}
