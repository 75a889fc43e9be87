/**
 * fast-check arbitraries of loans for issue 27's engine properties: either rule for unpaid
 * interest (rule 6b), old dues from paper, payments and waivers around the loan's life, some
 * voided, some on one day, some before the start.
 */
import fc from 'fast-check'
import { addDays } from '../../shared/dates.ts'
import type { LedgerLoan, PaymentFact, WaiverFact } from '../../shared/ledger/engine.ts'

const voidInfo = { voidId: 'v', reason: 'mistake', at: '2030-06-01T00:00:00.000Z' }
const createdAt = fc.constantFrom('2030-01-01T00:00:00.000Z', '2030-01-01T00:00:01.000Z')

/**
 * A loan of up to ₹1 crore at up to 100 % (two decimals), starting 2020–2030, under either rule
 * (the old one absent or said outright), sometimes with old dues from paper.
 */
const loanArb = fc
  .record({
    id: fc.constant('loan'),
    personId: fc.constant('person'),
    amount: fc.integer({ min: 1, max: 1_000_000_000 }),
    interestRate: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
    interestType: fc.constantFrom('per_annum' as const, 'per_month' as const),
    startDate: fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n)),
    dueDate: fc.constant('2031-01-01'),
    status: fc.constantFrom('active' as const, 'defaulted' as const, 'paid' as const),
    createdAt: fc.constant('2020-01-01T00:00:00.000Z'),
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

/** Payments and waivers around the loan's life, some voided, some on one day, some before it. */
function factsArb(loan: { amount: number; startDate: string }) {
  const fact = fc.record({
    offset: fc.integer({ min: -10, max: 1200 }),
    amount: fc.integer({ min: 1, max: Math.ceil(loan.amount * 0.7) }),
    createdAt,
    voided: fc.boolean(),
  })
  return fc.record({
    payments: fc.array(fact, { maxLength: 6 }).map((raw) =>
      raw.map((p, i): PaymentFact => ({
        id: `p${i}`,
        date: addDays(loan.startDate, p.offset),
        amount: p.amount,
        createdAt: p.createdAt,
        ...(p.voided && i % 3 === 0 && { voided: voidInfo }),
      })),
    ),
    waivers: fc.array(fact, { maxLength: 2 }).map((raw) =>
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
