import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  autoAllocate,
  balanceDue,
  loanAsOf,
  periodInterest,
  replayLoan,
  type LedgerLoan,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'
import { loanTerms } from './ledgerArbs.ts'

const runs = { numRuns: 1000 }

/** An active loan on `loanTerms` (up to ₹1 crore at up to 100 %, starting 2020–2030). */
const loanArb = fc.record({ ...loanTerms, status: fc.constant('active' as const) })

/**
 * Up to 8 payments around the loan's life, including some before the start, several on one day
 * and with equal createdAt (so the id tiebreak matters), sized from nothing to over the amount.
 */
function paymentsArb(loan: { amount: number; startDate: string }) {
  return fc
    .array(
      fc.record({
        offset: fc.integer({ min: -20, max: 1500 }),
        amount: fc.integer({ min: 0, max: Math.ceil(loan.amount * 0.8) }),
        createdAt: fc.constantFrom('2030-01-01T00:00:00.000Z', '2030-01-01T00:00:01.000Z'),
        described: fc.boolean(),
      }),
      { maxLength: 8 },
    )
    .map((raw) =>
      raw.map((p, i): PaymentFact => ({
        id: `p${i}`,
        date: addDays(loan.startDate, p.offset),
        amount: p.amount,
        createdAt: p.createdAt,
        ...(p.described ? { description: 'Cash' } : {}),
      })),
    )
}

const loanWithPayments = loanArb.chain((loan) =>
  paymentsArb(loan).map((payments): LedgerLoan => ({ ...loan, payments })),
)

/** The same payments in another order. */
const shuffled = loanWithPayments.chain((loan) =>
  fc
    .array(fc.double({ noNaN: true }), {
      minLength: loan.payments.length,
      maxLength: loan.payments.length,
    })
    .map((keys) => {
      const order = loan.payments.map((p, i) => ({ p, k: keys[i] ?? 0 }))
      return { loan, reordered: order.sort((a, b) => a.k - b.k).map((x) => x.p) }
    }),
)

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

describe('ledger properties', () => {
  test('payments in any order give the same ledger', () => {
    fc.assert(
      fc.property(shuffled, ({ loan, reordered }) => {
        expect(replayLoan(loan, reordered)).toEqual(replayLoan(loan, loan.payments))
      }),
      runs,
    )
  })

  test('money is conserved, entry by entry and overall', () => {
    fc.assert(
      fc.property(loanWithPayments, (loan) => {
        const ledger = replayLoan(loan, loan.payments)
        for (const e of ledger.entries) {
          expect(e.paymentAmount).toBe(e.interestPaid + e.principalPaid)
          expect(e.newBalance).toBe(
            e.balanceBefore + e.interestForPeriod - e.paymentAmount + e.overpaid,
          )
        }
        const interest = sum(ledger.entries.map((e) => e.interestForPeriod))
        const paid = sum(loan.payments.map((p) => p.amount))
        expect(ledger.currentBalance).toBe(loan.amount + interest - paid + ledger.overpaid)
        expect(ledger.totalInterestPaid + ledger.totalPrincipalPaid).toBe(paid)
      }),
      runs,
    )
  })

  test('Pay Full on any day on or after the last payment leaves exactly ₹0 and settles the loan', () => {
    const arb = loanWithPayments.chain((loan) =>
      fc.integer({ min: 0, max: 400 }).map((later) => ({ loan, later })),
    )
    fc.assert(
      fc.property(arb, ({ loan, later }) => {
        const dates = [loan.startDate, ...loan.payments.map((p) => p.date)].sort()
        const date = addDays(dates[dates.length - 1] as string, later)
        const full: PaymentFact = {
          id: 'pay-full',
          date,
          amount: balanceDue(loan, date),
          // Recorded after every earlier payment, so it replays last on its day.
          createdAt: '2099-01-01T00:00:00.000Z',
        }
        const after = replayLoan(loan, [...loan.payments, full])
        expect(after.currentBalance).toBe(0)
        expect(after.settled).toBe(true)
        expect(after.entries.at(-1)?.overpaid).toBe(0)
      }),
      runs,
    )
  })

  test('no negative days, interest or balances, in the ledger or as of any day', () => {
    const arb = loanWithPayments.chain((loan) =>
      fc
        .integer({ min: -30, max: 2000 })
        .map((offset) => ({ loan, asOf: addDays(loan.startDate, offset) })),
    )
    fc.assert(
      fc.property(arb, ({ loan, asOf }) => {
        for (const e of replayLoan(loan, loan.payments).entries) {
          for (const n of [
            e.daysSinceLast,
            e.interestForPeriod,
            e.balanceBefore,
            e.totalDue,
            e.newBalance,
            e.overpaid,
            e.interestPaid,
            e.principalPaid,
          ]) {
            expect(n).toBeGreaterThanOrEqual(0)
            expect(Number.isSafeInteger(n)).toBe(true)
          }
        }
        const figures = loanAsOf(loan, loan.payments, asOf)
        expect(figures.interestAccrued).toBeGreaterThanOrEqual(0)
        expect(figures.balance).toBeGreaterThanOrEqual(0)
        expect(figures.totalAmount).toBe(figures.principal + figures.interestAccrued)
      }),
      runs,
    )
  })

  test('interest matches an exact BigInt reference, rounded half up, at every size', () => {
    const arb = fc.record({
      balance: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1e12 })),
      hundredths: fc.integer({ min: 0, max: 10_000 }),
      perMonth: fc.boolean(),
      days: fc.integer({ min: 0, max: 40_000 }),
    })
    fc.assert(
      fc.property(arb, ({ balance, hundredths, perMonth, days }) => {
        const n = BigInt(balance) * BigInt(hundredths) * (perMonth ? 12n : 1n) * BigInt(days)
        const expected = Number((2n * n + 3_650_000n) / 7_300_000n)
        const type = perMonth ? 'per_month' : 'per_annum'
        expect(periodInterest(balance, hundredths / 100, type, days)).toBe(expected)
      }),
      runs,
    )
  })
})

describe('auto-allocate properties', () => {
  test('never allocates more than the deposit nor more than any balance due', () => {
    const arb = fc.record({
      amount: fc.integer({ min: 0, max: 10_000_000 }),
      loans: fc.array(
        fc.record({
          id: fc.uuid(),
          dueDate: fc.integer({ min: 0, max: 60 }).map((n) => addDays('2025-01-01', n)),
          balanceDue: fc.integer({ min: -1000, max: 5_000_000 }),
        }),
        { maxLength: 10 },
      ),
    })
    fc.assert(
      fc.property(arb, ({ amount, loans }) => {
        const result = autoAllocate(amount, loans)
        const total = sum(result.map((a) => a.amount))
        expect(total).toBeLessThanOrEqual(amount)
        for (const a of result) {
          expect(a.amount).toBeGreaterThan(0)
          const loan = loans.find((l) => l.id === a.id)
          expect(a.amount).toBeLessThanOrEqual(loan?.balanceDue ?? 0)
        }
        // And it gives away as much as it can: the amount, or everything owed.
        const owed = sum(loans.map((l) => Math.max(0, l.balanceDue)))
        expect(total).toBe(Math.min(amount, owed))
      }),
      runs,
    )
  })
})
