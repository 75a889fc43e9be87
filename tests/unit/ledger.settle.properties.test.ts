/**
 * Issue 11's engine properties: Pay Full at any date settles to exactly 0 and is the smallest
 * amount that does; money is conserved with waivers and voids; voided facts count for nothing;
 * and a ledger with no voids or waivers gets exactly the figures it always got.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays } from '../../shared/dates.ts'
import {
  loanAsOf,
  loanFigures,
  loanReckoning,
  replayLedgerLoan,
  replayLoan,
  settlingAmount,
  summarizePerson,
  type LedgerLoan,
  type PaymentFact,
  type WaiverFact,
} from '../../shared/ledger/engine.ts'
import { loanAsOf as legacyAsOf } from './legacy/asOf.ts'
import { loanFigures as legacyFigures } from './legacy/figures.ts'
import { replayLoan as legacyReplay } from './legacy/replay.ts'
import { summarizePerson as legacySummary } from './legacy/summary.ts'

const voidInfo = { voidId: 'v', reason: 'mistake', at: '2030-06-01T00:00:00.000Z' }
const createdAt = fc.constantFrom('2030-01-01T00:00:00.000Z', '2030-01-01T00:00:01.000Z')

/** A loan of up to ₹1 crore at up to 100 % (two decimals), starting 2020–2030. */
const loanArb = fc.record({
  id: fc.constant('loan'),
  personId: fc.constant('person'),
  amount: fc.integer({ min: 1, max: 1_000_000_000 }),
  interestRate: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
  interestType: fc.constantFrom('per_annum' as const, 'per_month' as const),
  startDate: fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n)),
  dueDate: fc.constant('2031-01-01'),
  status: fc.constantFrom('active' as const, 'active' as const, 'defaulted' as const),
  createdAt: fc.constant('2020-01-01T00:00:00.000Z'),
})

/** Facts around the loan's life: payments and waivers, some voided, some on one day. */
function factsArb(loan: { amount: number; startDate: string }, withExtras: boolean) {
  const fact = fc.record({
    offset: fc.integer({ min: -10, max: 1200 }),
    amount: fc.integer({ min: 1, max: Math.ceil(loan.amount * 0.7) }),
    createdAt,
    voided: withExtras ? fc.boolean() : fc.constant(false),
  })
  return fc.record({
    payments: fc.array(fact, { maxLength: 6 }).map((raw) =>
      raw.map((p, i): PaymentFact => ({
        id: `p${i}`,
        date: addDays(loan.startDate, p.offset),
        amount: p.amount,
        createdAt: p.createdAt,
        ...(p.voided && { voided: voidInfo }),
      })),
    ),
    waivers: (withExtras ? fc.array(fact, { maxLength: 3 }) : fc.constant([])).map((raw) =>
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

const anyLoan = loanArb.chain((loan) =>
  factsArb(loan, true).map((facts): LedgerLoan => ({ ...loan, ...facts })),
)
const plainLoan = loanArb.chain((loan) =>
  factsArb(loan, false).map((facts): LedgerLoan => ({ ...loan, payments: facts.payments })),
)
/** A loan and a day around its life (before the start too). */
const loanAndDay = (loans: fc.Arbitrary<LedgerLoan>) =>
  loans.chain((loan) =>
    fc
      .integer({ min: -30, max: 1600 })
      .map((offset) => ({ loan, day: addDays(loan.startDate, offset) })),
  )

/** The balance due on `day` once `amount` is recorded on `date`, after everything on that date. */
function dueWith(loan: LedgerLoan, date: string, amount: number, day: string): number {
  const payment: PaymentFact = { id: 'zz-new', date, amount, createdAt: '9999-12-31T00:00:00.000Z' }
  return loanAsOf(loan, [...loan.payments, payment], day, loan.waivers).balance
}

describe('Pay Full (settlingAmount)', () => {
  test('at any date, recording it leaves exactly 0 on max(date, today), and one paisa less does not', () => {
    const arb = anyLoan.chain((loan) =>
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
    fc.assert(
      fc.property(arb, ({ loan, date, today }) => {
        const amount = settlingAmount(loan, date, today)
        const day = date > today ? date : today
        expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true)
        // A 0-paisa payment is no payment (replaying one would split an interest period and change
        // the rounding and the capitalisation), so 0 and 1 are checked against the loan as it is.
        const asItStands = loanAsOf(loan, loan.payments, day, loan.waivers).balance
        if (amount === 0) expect(asItStands).toBe(0)
        else expect(dueWith(loan, date, amount, day)).toBe(0)
        if (amount === 1) expect(asItStands).toBeGreaterThan(0)
        if (amount > 1) expect(dueWith(loan, date, amount - 1, day)).toBeGreaterThan(0)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)
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
    const arb = anyLoan.chain((loan) =>
      fc
        .tuple(
          fc.shuffledSubarray([...loan.payments], { minLength: loan.payments.length }),
          fc.shuffledSubarray([...(loan.waivers ?? [])], { minLength: loan.waivers?.length ?? 0 }),
        )
        .map(([payments, waivers]) => ({ loan, payments, waivers })),
    )
    fc.assert(
      fc.property(arb, ({ loan, payments, waivers }) => {
        expect(replayLoan(loan, payments, waivers)).toStrictEqual(replayLedgerLoan(loan))
      }),
      { numRuns: 500 },
    )
  }, 60_000)
})

describe('no voids, no waivers: every old output is unchanged', () => {
  test('replayLoan, loanAsOf and loanFigures’ old fields equal the engine before issue 11', () => {
    fc.assert(
      fc.property(loanAndDay(plainLoan), fc.boolean(), ({ loan, day }, emptyWaivers) => {
        const input = emptyWaivers ? { ...loan, waivers: [] } : loan
        expect(replayLoan(input, input.payments)).toStrictEqual(legacyReplay(loan, loan.payments))
        expect(replayLedgerLoan(input)).toStrictEqual(legacyReplay(loan, loan.payments))
        expect(loanAsOf(input, input.payments, day)).toStrictEqual(
          legacyAsOf(loan, loan.payments, day),
        )
        const now = loanFigures(input, day)
        const old = legacyFigures(loan, day)
        for (const key of Object.keys(old) as (keyof typeof old)[]) {
          expect(now[key]).toStrictEqual(old[key])
        }
        expect(now.waived).toBe(0)
        expect(now.settledByWaiver).toBe(false)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)

  test('a person’s old tiles are unchanged', () => {
    const arb = fc.array(plainLoan, { maxLength: 4 })
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 5000 }), (loans, offset) => {
        const day = addDays('2020-01-01', offset)
        const { reckoning: _r, ...now } = summarizePerson(loans, day)
        expect(now).toStrictEqual(legacySummary(loans, day))
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})
