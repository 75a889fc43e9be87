/**
 * A collector's phone (issue 31): his deposits count on his sheet once (waiting, or recorded but
 * not yet on a newer sheet), never when held or refused; and the owner's day book of his cash.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CollectedDeposit, CollectorSheet, Handover } from '../../shared/collect.ts'
import { paymentId } from '../../shared/deposit/record.ts'
import { dayBook } from '../../shared/ledger/dayBook.ts'
import { loanFigures } from '../../shared/ledger/engine.ts'
import type { Loan, Payment } from '../../shared/schema/types.ts'
import {
  answered,
  collectedOn,
  loansWithOutbox,
  voidedOnSheet,
  type OutboxEntry,
} from '../../src/data/collect/outbox.ts'

const today = '2026-11-28'
const by = { account: 'munshi@example.com', device: 'Phone' }

function loan(id: string, payments: Payment[] = []): Loan {
  return {
    id,
    personId: `p-${id}`,
    amount: 10_000_00,
    interestRate: 2,
    interestType: 'per_month',
    startDate: '2026-09-01',
    dueDate: '2027-03-01',
    status: 'active',
    description: '',
    createdAt: '2026-09-01T00:00:00.000Z',
    updatedAt: '2026-09-01T00:00:00.000Z',
    archived: false,
    payments,
    waivers: [],
  }
}

function sheet(loans: Loan[]): CollectorSheet {
  return {
    lender: { displayName: 'Suresh', upiId: '' },
    villages: [{ id: 'rampur', name: 'Rampur' }],
    people: [],
    loans,
    asOf: '2026-11-28T06:00:00.000Z',
  }
}

let n = 0
function deposit(amount: number, loanId = 'a', date = today): CollectedDeposit {
  n += 1
  return {
    depositId: n.toString(16).padStart(20, '0'),
    date,
    createdAt: `${date}T0${n % 10}:00:00.000Z`,
    device: 'Phone',
    allocations: [{ loanId, amount }],
  }
}

const waiting = (d: CollectedDeposit): OutboxEntry => ({
  deposit: d,
  personId: 'p-a',
  state: 'waiting',
})

/** The loan's payments as the book holds a recorded deposit: ids derived from its book id. */
function inBook(d: CollectedDeposit, bookId: string): Payment {
  return {
    id: paymentId(bookId, 0),
    loanId: d.allocations[0]!.loanId,
    depositId: bookId,
    date: d.date,
    amount: d.allocations[0]!.amount,
    createdAt: d.createdAt,
    createdBy: by,
  }
}

const dueToday = (loans: readonly Loan[], id = 'a') =>
  loanFigures(
    loans.find((l) => l.id === id)!,
    today,
  ).totalDue

describe('a collector’s deposits on his sheet', () => {
  it('a waiting deposit lowers what is due at once, offline', () => {
    const before = dueToday([loan('a')])
    const after = dueToday(loansWithOutbox(sheet([loan('a')]), [waiting(deposit(500_00))], by))
    expect(before - after).toBe(500_00)
  })

  it('counts once whichever of outbox and sheet holds it, and never when held or refused', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: 2_000_00 }),
            state: fc.constantFrom('waiting', 'recorded', 'held', 'refused'),
            onSheet: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        (made) => {
          const entries: OutboxEntry[] = []
          const onSheet: Payment[] = []
          let counted = 0
          for (const { amount, state, onSheet: arrived } of made) {
            const d = deposit(amount)
            const bookId = `b${d.depositId.slice(1)}`
            if (state === 'waiting') entries.push(waiting(d))
            else if (state === 'recorded') {
              entries.push(
                answered(waiting(d), {
                  depositId: d.depositId,
                  outcome: 'recorded',
                  inBook: bookId,
                }),
              )
              if (arrived) onSheet.push(inBook(d, bookId))
            } else if (state === 'held') {
              entries.push(
                answered(waiting(d), { depositId: d.depositId, outcome: 'held for review' }),
              )
            } else {
              entries.push(
                answered(waiting(d), { depositId: d.depositId, outcome: 'refused', reason: 'x' }),
              )
            }
            if (state === 'waiting' || state === 'recorded') counted += amount
          }
          const loans = loansWithOutbox(sheet([loan('a', onSheet)]), entries, by)
          const paid = loans[0]!.payments.reduce((sum, p) => sum + p.amount, 0)
          expect(paid).toBe(counted)
          expect(collectedOn(entries, today).amount).toBe(counted)
        },
      ),
    )
  })

  it('a deposit the owner voided since counts nowhere, on his figures or in his day’s cash', () => {
    const d = deposit(300_00)
    const entry = answered(waiting(d), {
      depositId: d.depositId,
      outcome: 'recorded',
      inBook: 'x1',
    })
    const voided = {
      ...inBook(d, 'x1'),
      voided: { voidId: 'v', reason: 'typed twice', at: `${today}T12:00:00.000Z` },
    }
    const given = sheet([loan('a', [voided])])
    expect(dueToday(loansWithOutbox(given, [entry], by))).toBe(dueToday([loan('a')]))
    expect(collectedOn([entry], today, voidedOnSheet(given))).toEqual({ count: 0, amount: 0 })
    expect(collectedOn([entry], today)).toEqual({ count: 1, amount: 300_00 })
  })

  it('leaves the sheet’s own loans untouched (the server’s copy is never changed here)', () => {
    const given = sheet([loan('a'), loan('b')])
    const loans = loansWithOutbox(given, [waiting(deposit(100, 'b'))], by)
    expect(loans[0]).toBe(given.loans[0])
    expect(given.loans[1]!.payments).toHaveLength(0)
    expect(loans[1]!.payments).toHaveLength(1)
  })
})

describe('a collector’s day book', () => {
  const payment = (id: string, date: string, amount: number, extra: Partial<Payment> = {}) => ({
    id,
    loanId: 'a',
    depositId: `d-${id}`,
    date,
    amount,
    createdAt: `${date}T09:00:00.000Z`,
    createdBy: by,
    ...extra,
  })
  const handover = (id: string, day: string, amount: number, withdrawn = false): Handover => ({
    id,
    memberId: 'm',
    day,
    amount,
    note: '',
    createdAt: `${day}T18:00:00.000Z`,
    withdrawnAt: withdrawn ? `${day}T19:00:00.000Z` : null,
  })

  it('holds what he received and has not handed over, day by day, until it is zero', () => {
    const book = dayBook(
      [
        payment('1', '2026-11-27', 500_00),
        payment('2', '2026-11-27', 300_00),
        payment('3', '2026-11-28', 200_00),
        // Not his, and voided: neither counts.
        payment('4', '2026-11-28', 9_000_00, { createdBy: { account: 'owner@x', device: 'Pc' } }),
        payment('5', '2026-11-28', 7_000_00, {
          voided: { voidId: 'v', reason: 'typed twice', at: '2026-11-28T10:00:00.000Z' },
        }),
      ],
      by.account,
      [
        handover('h1', '2026-11-27', 800_00),
        handover('h2', '2026-11-28', 150_00),
        handover('h3', '2026-11-28', 50_00, true),
      ],
    )
    expect(book.rows).toEqual([
      { day: '2026-11-28', received: 200_00, deposits: 1, handedOver: 150_00, holding: 50_00 },
      { day: '2026-11-27', received: 800_00, deposits: 2, handedOver: 800_00, holding: 0 },
    ])
    expect(book.holding).toBe(50_00)
  })
})
