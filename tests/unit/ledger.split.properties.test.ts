/**
 * Issue 27's engine properties, under both rules for unpaid interest (rule 6b), with old dues
 * from paper, waivers and voids: the truthful split and conservation (rule 6a), no interest on
 * interest under simple interest, and Pay Full exact and smallest. (The old fields under the old
 * rule are checked against the frozen legacy engine in ledger.settle.properties.test.ts; the
 * statement's properties are in ledger.statement.properties.test.ts.)
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  loanAsOf,
  loanFigures,
  loanPosition,
  loanReckoning,
  periodInterest,
  replayLedgerLoan,
} from '../../shared/ledger/engine.ts'
import { anyLoan, isMoney, loanAndDay, orderFree, payFullExact, sum } from './ledgerArbs.ts'

describe('the truthful split (rule 6a), under both rules', () => {
  test('every entry: interest part + principal part + overpaid = payment, and the two running amounts close', () => {
    fc.assert(
      fc.property(anyLoan, (loan) => {
        const ledger = replayLedgerLoan(loan)
        for (const e of ledger.entries) {
          for (const n of [
            e.principalLeftBefore,
            e.interestOwedBefore,
            e.interestPart,
            e.principalPart,
            e.interestWaived,
            e.principalWaived,
            e.principalLeft,
            e.interestOwed,
          ]) {
            expect(isMoney(n)).toBe(true)
          }
          expect(e.principalLeftBefore + e.interestOwedBefore).toBe(e.balanceBefore)
          expect(e.interestPart + e.principalPart + e.overpaid).toBe(e.paymentAmount)
          expect(e.interestPart).toBeLessThanOrEqual(e.interestOwedBefore + e.interestForPeriod)
          expect(e.principalPart).toBeLessThanOrEqual(e.principalLeftBefore)
          // Interest first: principal is paid only once all interest owed is.
          if (e.principalPart > 0) {
            expect(e.interestPart).toBe(e.interestOwedBefore + e.interestForPeriod)
          }
          if (e.overpaid > 0) expect(e.principalLeft + e.interestOwed).toBe(0)
          expect(e.interestWaived + e.principalWaived).toBe(e.waived ?? 0)
          if (e.principalWaived > 0) {
            expect(e.interestWaived).toBe(e.interestOwedBefore + e.interestForPeriod)
          }
          expect(e.principalLeft).toBe(e.principalLeftBefore - e.principalPart - e.principalWaived)
          expect(e.interestOwed).toBe(
            e.interestOwedBefore + e.interestForPeriod - e.interestPart - e.interestWaived,
          )
          expect(e.principalLeft + e.interestOwed).toBe(e.newBalance)
        }
        const live = loan.payments.filter((p) => !p.voided)
        const paid = sum(live.map((p) => p.amount))
        expect(ledger.totalInterestPart + ledger.totalPrincipalPart + ledger.overpaid).toBe(paid)
        expect(ledger.totalPrincipalPart + ledger.totalPrincipalWaived + ledger.principalLeft).toBe(
          loan.amount,
        )
        expect(ledger.totalPrincipalPart).toBeLessThanOrEqual(loan.amount)
        expect((loan.openingInterest ?? 0) + ledger.totalInterestCharged).toBe(
          ledger.totalInterestPart + ledger.totalInterestWaived + ledger.interestOwed,
        )
        expect(ledger.principalLeft + ledger.interestOwed).toBe(ledger.currentBalance)
        // The old fields' own conservation holds under both rules too.
        expect(ledger.totalInterestPaid + ledger.totalPrincipalPaid).toBe(paid)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('on every day: due = principal left + interest owed; paid, lent and interest all close', () => {
    fc.assert(
      fc.property(loanAndDay, ({ loan, day }) => {
        const p = loanPosition(loan, day)
        for (const [key, n] of Object.entries(p))
          if (key !== 'day') expect(isMoney(n as number)).toBe(true)
        expect(p.principalLeft + p.interestOwed).toBe(p.due)
        expect(p.interestCarried + p.interestAccruing).toBe(p.interestOwed)
        expect(p.principalPaid + p.principalWaived + p.principalLeft).toBe(p.lent)
        expect(p.interestCharged).toBe(p.interestPaid + p.interestWaived + p.interestOwed)
        expect(p.interestPaid + p.principalPaid + p.overpaid).toBe(p.paid)
        // One figure everywhere: the as-of balance, the reckoning, the screens' columns.
        expect(p.due).toBe(loanAsOf(loan, loan.payments, day, loan.waivers).balance)
        const r = loanReckoning(loan, day)
        expect(r.due).toBe(p.due)
        expect(r.lent + r.interest).toBe(r.paid - r.overpaid + r.waived + r.due)
        const f = loanFigures(loan, day)
        expect(f.principalRemaining + f.currentInterest).toBe(f.totalDue)
        expect(f.principalRemaining + f.unpaidInterest + f.accruingInterest).toBe(f.totalDue)
        expect(f.position).toEqual(p)
        // Status never hides money (rule 8).
        expect(f.outstanding).toBe(f.totalDue > 0)
        expect(f.status === 'Paid').toBe(f.totalDue === 0)
        if (day >= loan.startDate) {
          const live = loan.payments.filter((x) => !x.voided && x.date <= day)
          expect(p.paid).toBe(sum(live.map((x) => x.amount)))
        }
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('payments and waivers in any order give the same ledger', () => {
    fc.assert(orderFree(anyLoan), { numRuns: 300 })
  }, 60_000)
})

describe('simple interest (rule 6b): interest on principal left only, never on interest', () => {
  const simpleLoanAndDay = loanAndDay.map(({ loan, day }) => ({
    loan: { ...loan, interestOn: 'principal' as const },
    day,
  }))

  test('no period’s interest exceeds round(principal left × rate × days): it is exactly that', () => {
    fc.assert(
      fc.property(simpleLoanAndDay, ({ loan, day }) => {
        const ledger = replayLedgerLoan(loan)
        for (const e of ledger.entries) {
          const onPrincipal = periodInterest(
            e.principalLeftBefore,
            loan.interestRate,
            loan.interestType,
            e.daysSinceLast,
          )
          expect(e.interestForPeriod).toBe(onPrincipal)
          // The interest owed carried in adds nothing: the same as with none carried.
          expect(e.interestForPeriod).toBe(
            periodInterest(
              e.balanceBefore - e.interestOwedBefore,
              loan.interestRate,
              loan.interestType,
              e.daysSinceLast,
            ),
          )
        }
        // The accruing interest as of any day too.
        const p = loanPosition(loan, day)
        if (day >= loan.startDate) {
          const last = ledger.entries.filter((e) => e.depositDate <= day).at(-1)
          const from = last && last.depositDate > loan.startDate ? last.depositDate : loan.startDate
          const days = Math.round((Date.parse(day) - Date.parse(from)) / 86_400_000)
          expect(p.interestAccruing).toBe(
            periodInterest(p.principalLeft, loan.interestRate, loan.interestType, days),
          )
        }
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('interest owed earns nothing: any opening interest leaves every period’s interest the same until principal is paid', () => {
    // Payments too small to reach principal (each ≤ ₹1) keep principal left = amount, so every
    // period's interest is on the amount, whatever interest is owed and carried.
    const arb = simpleLoanAndDay.map(({ loan, day }) => ({
      loan: {
        ...loan,
        waivers: [],
        payments: loan.payments.map((p) => ({ ...p, amount: Math.min(p.amount, 100) })),
      },
      day,
    }))
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 1_000_000_000 }), ({ loan }, opening) => {
        const a = replayLedgerLoan({ ...loan, openingInterest: opening })
        const b = replayLedgerLoan({ ...loan, openingInterest: opening + 1_000_000 })
        // With ₹10,000 more owed from the start, ₹1 payments never reach principal in b.
        for (let i = 0; i < b.entries.length; i++) {
          const eb = b.entries[i]
          const ea = a.entries[i]
          if (ea && eb && ea.principalLeftBefore === loan.amount) {
            expect(eb.interestForPeriod).toBe(ea.interestForPeriod)
          }
        }
      }),
      { numRuns: 500 },
    )
  }, 60_000)

  test('simple interest never asks more than the old rule, on any day', () => {
    fc.assert(
      fc.property(simpleLoanAndDay, ({ loan, day }) => {
        const old = { ...loan, interestOn: 'balance' as const }
        const simple = loanPosition(loan, day)
        const compound = loanPosition(old, day)
        expect(simple.due).toBeLessThanOrEqual(compound.due)
        expect(simple.interestCharged).toBeLessThanOrEqual(compound.interestCharged)
        expect(simple.principalLeft).toBeLessThanOrEqual(compound.principalLeft)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)
})

describe('Pay Full (rule 10) under both rules, with old dues', () => {
  test('recording it leaves exactly 0 on max(date, today), and one paisa less does not', () => {
    fc.assert(payFullExact(anyLoan), { numRuns: 500 })
  }, 60_000)
})
