/**
 * Issue 27's statement of a period, as properties: for random periods, loans under both rules
 * with old dues, waivers and voids, opening + movements = closing, line by line and in total;
 * consecutive periods chain; a person's statement is the sum of their loans'.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  borrowerCopy,
  loanPosition,
  loanStatement,
  personStatement,
  type LoanStatement,
  type StatementBalance,
} from '../../shared/ledger/engine.ts'
import { anyLoan, isMoney, sum } from './ledgerArbs.ts'

/** Principal and interest move by the statement's totals from opening to closing. */
function expectCloses(s: {
  opening: StatementBalance
  closing: StatementBalance
  totals: LoanStatement['totals']
}) {
  const t = s.totals
  expect(s.opening.principalLeft + t.lent - t.principalPaid - t.principalWaived).toBe(
    s.closing.principalLeft,
  )
  expect(s.opening.interestOwed + t.interestCharged - t.interestPaid - t.interestWaived).toBe(
    s.closing.interestOwed,
  )
  expect(t.interestPaid + t.principalPaid + t.overpaid).toBe(t.paid)
  expect(s.opening.due).toBe(s.opening.principalLeft + s.opening.interestOwed)
  expect(s.closing.due).toBe(s.closing.principalLeft + s.closing.interestOwed)
}

/**
 * Whether every figure of `s` is far enough below 2^53 paise that sums of them stay exact. A
 * loan of ₹1 crore compounding at 100 % a month for four years passes it (the readers cap an
 * amount, not what interest makes of it); no real book does, and past it no arithmetic closes.
 */
function exact(s: { opening: StatementBalance; closing: StatementBalance; totals: object }) {
  const figures = [
    ...Object.values(s.opening),
    ...Object.values(s.closing),
    ...(Object.values(s.totals) as number[]),
  ]
  return figures.every((n) => Math.abs(n) < 2 ** 50)
}

describe('a statement of a period: opening + movements = closing', () => {
  const withPeriod = anyLoan.chain((loan) =>
    fc
      .record({
        from: fc.option(fc.integer({ min: -60, max: 1500 }), { freq: 5, nil: undefined }),
        length: fc.integer({ min: 0, max: 800 }),
        cut: fc.integer({ min: 0, max: 800 }),
      })
      .map(({ from, length, cut }) => {
        const first = from === undefined ? undefined : addDays(loan.startDate, from)
        const to = addDays(first ?? loan.startDate, length)
        return { loan, from: first, to, cut: Math.min(cut, length) }
      }),
  )

  test('for random periods, both rules, with voids and waivers: it closes line by line and in total', () => {
    fc.assert(
      fc.property(withPeriod, ({ loan, from, to }) => {
        const period = from === undefined ? { to } : { from, to }
        const s = loanStatement(loan, period)
        fc.pre(exact(s))
        expectCloses(s)
        // Each line moves the running amounts by its own figures; voided lines move nothing.
        let principal = s.opening.principalLeft
        let interest = s.opening.interestOwed
        for (const line of s.lines) {
          for (const n of [
            line.amount,
            line.lent,
            line.interestCharged,
            line.paid,
            line.interestPaid,
            line.principalPaid,
            line.overpaid,
            line.interestWaived,
            line.principalWaived,
          ]) {
            expect(isMoney(n)).toBe(true)
          }
          expect(line.interestPaid + line.principalPaid + line.overpaid).toBe(line.paid)
          if (line.voided)
            expect(
              line.paid +
                line.lent +
                line.interestCharged +
                line.interestWaived +
                line.principalWaived,
            ).toBe(0)
          principal += line.lent - line.principalPaid - line.principalWaived
          interest += line.interestCharged - line.interestPaid - line.interestWaived
          expect(line.principalLeft).toBe(principal)
          expect(line.interestOwed).toBe(interest)
          expect(line.date <= to).toBe(true)
        }
        // The edges are the loan's positions (rule 7's as-of figures) on those days.
        if (to >= loan.startDate) {
          const end = loanPosition(loan, to)
          expect(s.closing).toEqual({
            principalLeft: end.principalLeft,
            interestOwed: end.interestOwed,
            due: end.due,
          })
        }
        if (from !== undefined && from > loan.startDate) {
          const before = loanPosition(loan, addDays(from, -1))
          expect(s.opening.due).toBe(before.due)
          expect(s.lines.every((line) => line.date >= from)).toBe(true)
        } else {
          expect(s.opening.due).toBe(0)
        }
        // The borrower's copy leaves voided lines out and changes no figure.
        const copy = borrowerCopy(s)
        expect(copy.lines.every((line) => line.voided === undefined)).toBe(true)
        expect(copy.totals).toEqual(s.totals)
        // From the beginning, principal paid never passes what was lent.
        if (from === undefined) expect(s.totals.principalPaid).toBeLessThanOrEqual(s.totals.lent)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('two consecutive periods chain: the first’s closing is the second’s opening, and their movements add up', () => {
    fc.assert(
      fc.property(withPeriod, ({ loan, from, to, cut }) => {
        const mid = addDays(from ?? loan.startDate, cut)
        if (mid >= to) return
        const whole = loanStatement(loan, from === undefined ? { to } : { from, to })
        fc.pre(exact(whole))
        const a = loanStatement(loan, from === undefined ? { to: mid } : { from, to: mid })
        const b = loanStatement(loan, { from: addDays(mid, 1), to })
        if (mid >= loan.startDate) expect(b.opening).toEqual(a.closing)
        expect(b.closing).toEqual(whole.closing)
        for (const key of Object.keys(whole.totals) as (keyof typeof whole.totals)[]) {
          expect(a.totals[key] + b.totals[key]).toBe(whole.totals[key])
        }
      }),
      { numRuns: 500 },
    )
  }, 60_000)

  test('a person’s statement is the sum of their loans’, and closes too', () => {
    const arb = fc.record({
      loans: fc.array(anyLoan, { minLength: 1, maxLength: 3 }),
      from: fc.integer({ min: 0, max: 4000 }),
      length: fc.integer({ min: 0, max: 1000 }),
    })
    fc.assert(
      fc.property(arb, ({ loans, from, length }) => {
        const start = addDays('2020-01-01', from)
        const s = personStatement(loans, { from: start, to: addDays(start, length) })
        fc.pre(exact(s))
        expectCloses(s)
        expect(s.closing.due).toBe(sum(s.loans.map((l) => l.closing.due)))
        expect(s.totals.paid).toBe(sum(s.loans.map((l) => l.totals.paid)))
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})
