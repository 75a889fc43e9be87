/**
 * Issue 11's engine properties: Pay Full at any date settles to exactly 0 and is the smallest
 * amount that does; money is conserved with waivers and voids; voided facts count for nothing;
 * and a ledger with no voids or waivers gets exactly the figures it always got.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { FIRST_EPOCH_DAY, LAST_EPOCH_DAY, addDays, fromEpochDay } from '../../shared/dates.ts'
import {
  loanAsOf,
  loanFigures,
  loanReckoning,
  replayLedgerLoan,
  replayLoan,
  settlingAmount,
  summarizePerson,
  type LedgerLoan,
  type LoanLedger,
  type PaymentFact,
} from '../../shared/ledger/engine.ts'
import { MAX_PAISE } from '../../shared/money.ts'
import { MAX_RATE } from '../../shared/schema/guards.ts'
import { loanAsOf as legacyAsOf } from './legacy/asOf.ts'
import { loanFigures as legacyFigures } from './legacy/figures.ts'
import { replayLoan as legacyReplay } from './legacy/replay.ts'
import { summarizePerson as legacySummary } from './legacy/summary.ts'
import { createdAt, dueWith, factsArb, loanTerms, orderFree, payFullExact } from './ledgerArbs.ts'

/** A loan on `loanTerms`, active twice as often as defaulted. */
const loanArb = fc.record({
  ...loanTerms,
  status: fc.constantFrom('active' as const, 'active' as const, 'defaulted' as const),
})

const anyLoan = loanArb.chain((loan) =>
  factsArb(loan, { voidEvery: 1, maxWaivers: 3 }).map((facts): LedgerLoan => ({
    ...loan,
    ...facts,
  })),
)
const plainLoan = loanArb.chain((loan) =>
  factsArb(loan, { voids: false, maxWaivers: 0 }).map((facts): LedgerLoan => ({
    ...loan,
    payments: facts.payments,
  })),
)
/** A loan and a day around its life (before the start too). */
const loanAndDay = (loans: fc.Arbitrary<LedgerLoan>) =>
  loans.chain((loan) =>
    fc
      .integer({ min: -30, max: 1600 })
      .map((offset) => ({ loan, day: addDays(loan.startDate, offset) })),
  )

describe('Pay Full (settlingAmount)', () => {
  test('at any date, recording it leaves exactly 0 on max(date, today), and one paisa less does not', () => {
    fc.assert(payFullExact(anyLoan), { numRuns: 1000 })
  }, 60_000)
})

describe('every search ends, whatever the loan holds', () => {
  // Anything the writers accept, to its edges: up to ₹1,000 crore, up to 999.99 % a month, any
  // day of the years 0001–9999. Such a loan's figures pass 2^53 paise within decades.
  const day = fc.integer({ min: FIRST_EPOCH_DAY, max: LAST_EPOCH_DAY }).map(fromEpochDay)
  const paise = fc.oneof(fc.constantFrom(1, MAX_PAISE), fc.integer({ min: 1, max: MAX_PAISE }))
  const fact = fc.record({ date: day, amount: paise, createdAt })
  const extremeLoan = fc
    .record({
      amount: paise,
      interestRate: fc.oneof(
        fc.constantFrom(0, MAX_RATE),
        fc.integer({ min: 0, max: MAX_RATE * 100 }).map((h) => h / 100),
      ),
      interestType: fc.constantFrom('per_annum' as const, 'per_month' as const),
      startDate: fc.oneof(fc.constantFrom('0001-01-01', '9999-12-31'), day),
      payments: fc.array(fact, { maxLength: 8 }),
      waivers: fc.array(fact, { maxLength: 2 }),
    })
    .map((loan): LedgerLoan => ({
      ...loan,
      id: 'loan',
      personId: 'person',
      dueDate: '9999-12-31',
      status: 'active',
      createdAt: '2020-01-01T00:00:00.000Z',
      payments: loan.payments.map((p, i) => ({ ...p, id: `p${i}` })),
      waivers: loan.waivers.map((w, i) => ({ ...w, id: `w${i}` })),
    }))

  test('Pay Full is found at the edges, and is exact wherever paise still are', () => {
    fc.assert(
      fc.property(
        extremeLoan,
        fc.oneof(fc.constantFrom('0001-01-01', '9999-12-31'), day),
        day,
        (loan, date, today) => {
          const amount = settlingAmount(loan, date, today)
          expect(typeof amount).toBe('number')
          const settleOn = date > today ? date : today
          if (Number.isSafeInteger(amount) && amount > 1 && settleOn >= loan.startDate) {
            expect(dueWith(loan, date, amount, settleOn)).toBe(0)
          }
          // The other figures of such a loan are numbers too, never a throw.
          expect(() => loanFigures(loan, today)).not.toThrow()
          expect(() => summarizePerson([loan], today)).not.toThrow()
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000)

  test('a balance grown past every number by thousands of one-paisa payments', () => {
    // 999.99 % a month is 33 % a day: a paisa paid daily leaves the interest unpaid, which then
    // earns interest too, and the balance passes 10^308 within 2,500 days.
    const payments: PaymentFact[] = Array.from({ length: 3_000 }, (_, i) => ({
      id: `p${i}`,
      date: addDays('2000-01-02', i),
      amount: 1,
      createdAt: '2020-01-01T00:00:00.000Z',
    }))
    const loan: LedgerLoan = {
      id: 'loan',
      personId: 'person',
      amount: MAX_PAISE,
      interestRate: MAX_RATE,
      interestType: 'per_month',
      startDate: '2000-01-01',
      dueDate: '2001-01-01',
      status: 'active',
      createdAt: '2020-01-01T00:00:00.000Z',
      payments,
    }
    expect(replayLedgerLoan(loan).currentBalance).toBe(Infinity)
    expect(settlingAmount(loan, '2010-01-01', '2010-01-01')).toBe(Infinity)
    expect(() => summarizePerson([loan], '2010-01-01')).not.toThrow()
  })
})

describe('money is conserved', () => {
  test('lent + interest = paid − overpaid + waived + due, for every loan on every day', () => {
    fc.assert(
      fc.property(loanAndDay(anyLoan), ({ loan, day }) => {
        const r = loanReckoning(loan, day)
        for (const n of Object.values(r)) expect(Number.isSafeInteger(n) && n >= 0).toBe(true)
        expect(r.lent + r.interest).toBe(r.paid - r.overpaid + r.waived + r.due)
        expect(r.overpaid).toBeLessThanOrEqual(r.paid)
        expect(r.due).toBe(loanAsOf(loan, loan.payments, day, loan.waivers).balance)
        if (day >= loan.startDate) {
          const live = loan.payments.filter((p) => !p.voided && p.date <= day)
          expect(r.paid).toBe(live.reduce((s, p) => s + p.amount, 0))
        }
        // The screen's lines add up too, and none is negative.
        const f = loanFigures(loan, day)
        expect(f.reckoning).toEqual(r)
        expect(f.principalRemaining + f.currentInterest).toBe(f.totalDue)
        expect(f.principalRemaining + f.unpaidInterest + f.accruingInterest).toBe(f.totalDue)
        if (day >= loan.startDate) {
          expect(f.unpaidInterest).toBeGreaterThanOrEqual(0)
          expect(f.accruingInterest).toBeGreaterThanOrEqual(0)
        }
        expect(f.settledByWaiver).toBe(f.ledger.settled && f.waived > 0)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('a person’s reckoning is the sum of their loans’', () => {
    const arb = fc.array(anyLoan, { minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 5000 }), (loans, offset) => {
        const day = addDays('2020-01-01', offset)
        const r = summarizePerson(loans, day).reckoning
        expect(r.lent + r.interest).toBe(r.paid - r.overpaid + r.waived + r.due)
        expect(r.due).toBe(loans.reduce((s, l) => s + loanReckoning(l, day).due, 0))
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})

describe('voids and order', () => {
  test('a voided payment or waiver counts for nothing: the ledger is as if it was never recorded', () => {
    fc.assert(
      fc.property(loanAndDay(anyLoan), ({ loan, day }) => {
        const kept: LedgerLoan = {
          ...loan,
          payments: loan.payments.filter((p) => !p.voided),
          waivers: (loan.waivers ?? []).filter((w) => !w.voided),
        }
        expect(replayLedgerLoan(loan)).toStrictEqual(replayLedgerLoan(kept))
        const { ledger: _a, ...figures } = loanFigures(loan, day)
        const { ledger: _b, ...expected } = loanFigures(kept, day)
        expect(figures).toStrictEqual(expected)
      }),
      { numRuns: 500 },
    )
  }, 60_000)

  test('payments and waivers in any order give the same ledger', () => {
    fc.assert(orderFree(anyLoan), { numRuns: 500 })
  }, 60_000)
})

/**
 * A ledger cut down to the fields the engine had before issue 27: the hidden agreement with the
 * old app reads these, and under the old rule they must not change by a paisa. The truthful split
 * (issue 27) only adds fields.
 */
function oldFields(ledger: LoanLedger) {
  const {
    principalLeft: _pl,
    interestOwed: _io,
    totalInterestCharged: _tc,
    totalInterestPart: _ti,
    totalPrincipalPart: _tp,
    totalInterestWaived: _tiw,
    totalPrincipalWaived: _tpw,
    ...rest
  } = ledger
  return {
    ...rest,
    entries: ledger.entries.map(
      ({
        principalLeftBefore: _a,
        interestOwedBefore: _b,
        interestPart: _c,
        principalPart: _d,
        interestWaived: _e,
        principalWaived: _f,
        principalLeft: _g,
        interestOwed: _h,
        ...entry
      }) => entry,
    ),
  }
}

describe('no voids, no waivers: every old output is unchanged', () => {
  test('replayLoan, loanAsOf and loanFigures’ old fields equal the engine before issue 11', () => {
    // The old rule is the default: absent, or said outright, with or without a zero opening interest.
    const oldRule = fc.constantFrom<Partial<LedgerLoan>>(
      {},
      { interestOn: 'balance' },
      { openingInterest: 0 },
      { interestOn: 'balance', openingInterest: 0 },
    )
    fc.assert(
      fc.property(
        loanAndDay(plainLoan),
        fc.boolean(),
        oldRule,
        ({ loan, day }, emptyWaivers, rule) => {
          const input = { ...loan, ...rule, ...(emptyWaivers && { waivers: [] }) }
          const legacy = legacyReplay(loan, loan.payments)
          expect(oldFields(replayLoan(input, input.payments))).toStrictEqual(legacy)
          expect(oldFields(replayLedgerLoan(input))).toStrictEqual(legacy)
          expect(loanAsOf(input, input.payments, day)).toStrictEqual(
            legacyAsOf(loan, loan.payments, day),
          )
          const now = loanFigures(input, day)
          const old = legacyFigures(loan, day)
          expect(oldFields(now.ledger)).toStrictEqual(old.ledger)
          expect(now.asOf).toStrictEqual(old.asOf)
          expect(now.totalDue).toBe(old.totalDue)
          expect(now.totalPaid).toBe(old.totalPaid)
          // Principal and interest are the truthful split now (rule 6a): the same due, divided so
          // that carried interest paid off is interest, never principal, so principal left is never
          // below the old figure.
          expect(now.principalRemaining + now.currentInterest).toBe(
            old.principalRemaining + old.currentInterest,
          )
          expect(now.principalRemaining).toBeGreaterThanOrEqual(old.principalRemaining)
          // Outstanding is what is due today (rule 8, corrected), whatever the label.
          expect(now.outstanding).toBe(now.totalDue > 0)
          expect(now.waived).toBe(0)
          expect(now.settledByWaiver).toBe(false)
        },
      ),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('a person’s tiles: paid and counts as before; every loan that owes counts (rule 8)', () => {
    const arb = fc.array(plainLoan, { maxLength: 4 })
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 5000 }), (loans, offset) => {
        const day = addDays('2020-01-01', offset)
        const now = summarizePerson(loans, day)
        const old = legacySummary(loans, day)
        expect(now.loanCount).toBe(old.loanCount)
        expect(now.totalPaid).toBe(old.totalPaid)
        const figures = loans.map((loan) => loanFigures(loan, day))
        const owing = figures.filter((f) => f.totalDue > 0)
        expect(now.activeLoans).toBe(owing.length)
        expect(now.totalDue).toBe(figures.reduce((s, f) => s + f.totalDue, 0))
        expect(now.principalRemaining + now.currentInterest).toBe(now.totalDue)
        // A label never takes a loan out (the old tiles left out the defaulted ones).
        expect(now.totalDue).toBeGreaterThanOrEqual(old.totalDue)
        expect(now.defaultedLoans).toBe(
          loans.filter((l, i) => l.status === 'defaulted' && (figures[i]?.totalDue ?? 0) > 0)
            .length,
        )
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})
