/**
 * The incremental projection must always show exactly what a full read shows, whatever mix of
 * local changes and merged remote updates reaches the doc, and must hand out the same objects for
 * what did not change (that is what lets the figures cache and React skip them).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createDashboardCache, summarizeDashboard } from '../../shared/ledger/engine.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { paymentsInAnyOrder } from '../../shared/schema/lenderReads.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson, archivePerson, updatePerson } from '../../shared/schema/person.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import type { Payment } from '../../shared/schema/types.ts'
import { undoVoid, voidDeposit } from '../../shared/schema/void.ts'
import { apply, commandOrDrop, device, timestamp } from './lenderCommands.ts'

const now = '2026-02-01T08:00:00.000Z'

/** Payments in id order, to compare lists whose order does not matter. */
function byId(payments: Iterable<Payment>): Payment[] {
  return [...payments].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

describe('the lender projection', () => {
  it('equals a full read after every local change and every merged remote update', () => {
    // Bad records, payments under another's id and entries taken away included: what is
    // skipped, and which of two payments under one id is shown, follow the change too.
    const step = fc.tuple(fc.boolean(), commandOrDrop, timestamp)
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const local = device()
        const remote = device()
        const projection = projectLender(local.doc)
        const dashboard = createDashboardCache()
        expect(projection.snapshot()).toEqual(readLender(local.doc))
        for (const [onRemote, cmd, at] of steps) {
          if (onRemote) {
            const before = Y.encodeStateVector(local.doc)
            apply(remote.doc, cmd, at)
            Y.applyUpdate(local.doc, Y.encodeStateAsUpdate(remote.doc, before))
          } else {
            apply(local.doc, cmd, at)
          }
          const snapshot = projection.snapshot()
          expect(snapshot).toEqual(readLender(local.doc))
          for (const person of snapshot.people) {
            const active = snapshot.loans.filter((l) => l.personId === person.id && !l.archived)
            expect(projection.activeLoansOf(person.id)).toEqual(active)
          }
          // Each loan's own payments are the full list's, in the same order.
          for (const loan of snapshot.loans) {
            const own = snapshot.payments.filter((p) => p.loanId === loan.id)
            expect(projection.paymentsOf(loan.id)).toEqual(own)
          }
          // The cached dashboard shows what a full computation shows.
          const people = snapshot.people.filter((p) => !p.archived)
          const loans = snapshot.loans.filter((l) => !l.archived)
          expect(dashboard(people, projection.activeLoansOf, '2025-12-01')).toEqual(
            summarizeDashboard(people, loans, '2025-12-01'),
          )
        }
        projection.destroy()
      }),
      { numRuns: 500 },
    )
  }, 120_000)

  it('keeps the objects a change did not touch, and the snapshot when nothing changed', () => {
    const { doc } = device()
    const projection = projectLender(doc)
    const before = projection.snapshot()
    expect(projection.snapshot()).toBe(before)

    const [la, lb, lc] = before.loans
    const loansOfPb = projection.activeLoansOf('pb')
    recordDeposit(
      doc,
      { date: '2025-03-01', allocations: [{ loanId: 'la', amount: 100 }] },
      { now },
    )
    const after = projection.snapshot()
    expect(after).not.toBe(before)
    expect(after.loans[0]).not.toBe(la)
    expect(after.loans[0]?.payments).toHaveLength((la?.payments.length ?? 0) + 1)
    expect(after.loans[1]).toBe(lb)
    expect(after.loans[2]).toBe(lc)
    // The borrower's own record did not change, so neither did their object.
    expect(after.people).toBe(before.people)
    // Only the borrower's list of loans is new.
    expect(projection.activeLoansOf('pa')).toContain(after.loans[0])
    expect(projection.activeLoansOf('pb')).toBe(loansOfPb)
    expect(loansOfPb).toEqual([lc])
  })

  it('keeps a person stamped with who changed them when a deposit touches their loan', () => {
    const { doc } = device()
    const by = { account: 'lender@example.com', device: 'Phone' }
    updatePerson(doc, 'pa', { phone: '98765' }, { now, by })
    const projection = projectLender(doc)
    const before = projection.snapshot()
    recordDeposit(
      doc,
      { date: '2025-03-01', allocations: [{ loanId: 'la', amount: 100 }] },
      { now, by },
    )
    const after = projection.snapshot()
    expect(after.people).toBe(before.people)
    expect(after.people[0]?.updatedBy).toEqual(by)
    expect(after).toEqual(readLender(doc))
  })

  it('shows a person archived elsewhere as revived when a loan of theirs arrives', () => {
    const phone = device()
    const laptop = device()
    const projection = projectLender(phone.doc)
    archivePerson(phone.doc, 'pb', { now })
    expect(projection.snapshot().people.find((p) => p.id === 'pb')?.archived).toBe(true)

    addPerson(laptop.doc, { name: 'Meena', cityId: 'c1', balance: 0, gender: 'female' }, { now })
    const terms = { amount: 5_000_00, interestRate: 2, interestType: 'per_month' as const }
    const dates = { startDate: '2025-06-01', dueDate: '2025-12-31' }
    addLoan(laptop.doc, { personId: 'pb', ...terms, ...dates, description: '' }, { now })
    Y.applyUpdate(phone.doc, Y.encodeStateAsUpdate(laptop.doc))

    const pb = projection.snapshot().people.find((p) => p.id === 'pb')
    expect(pb).toMatchObject({ archived: false, revived: true })
    expect(projection.snapshot()).toEqual(readLender(phone.doc))
  })

  it('lists every payment when asked, however many changes came since it was last asked', () => {
    const { doc } = device()
    const projection = projectLender(doc)
    const { payments: before } = projection.snapshot()
    const already = before.length
    const first = before[0]?.depositId as string
    let firstVoid = ''
    // The screens read each loan's payments, never the whole list: 150 deposits go by unread,
    // past the point where the list is brought up to date without being asked. Some are voided
    // and the void undone in the same run, so one payment changes more than once unread.
    const seen = []
    for (let day = 1; day <= 150; day++) {
      const date = `2025-${String(3 + Math.floor((day - 1) / 28)).padStart(2, '0')}-${String(((day - 1) % 28) + 1).padStart(2, '0')}`
      const loanId = day % 2 ? 'la' : 'lb'
      const deposit = recordDeposit(doc, { date, allocations: [{ loanId, amount: day }] }, { now })
      if (!deposit.ok) throw new Error('deposit refused')
      projection.snapshot()
      if (day % 3 === 0) {
        const voided = voidDeposit(doc, deposit.depositId, 'typo', { now })
        if (!voided.ok) throw new Error('void refused')
        projection.snapshot()
        if (day % 9 === 0) undoVoid(doc, voided.voidId, { now })
      }
      // A deposit from before the run, voided and brought back while nobody reads the list.
      if (day === 10)
        firstVoid = (voidDeposit(doc, first, 'typo', { now }) as { voidId: string }).voidId
      if (day === 20) undoVoid(doc, firstVoid, { now })
      const snapshot = projection.snapshot()
      // Every payment, in any order, read without building the list.
      if (day % 7 === 0) {
        expect(byId(paymentsInAnyOrder(snapshot))).toEqual(byId(readLender(doc).payments))
      }
      if (day % 50 === 0) seen.push({ snapshot, payments: readLender(doc).payments })
    }
    expect(projection.snapshot()).toEqual(readLender(doc))
    // An older snapshot read late still lists the payments it had, not the later ones.
    for (const { snapshot, payments } of seen) {
      expect(byId(paymentsInAnyOrder(snapshot))).toEqual(byId(payments))
      expect(snapshot.payments).toEqual(payments)
      expect(byId(paymentsInAnyOrder(snapshot))).toEqual(byId(payments))
    }
    expect(seen.map(({ snapshot }) => snapshot.payments.length)).toEqual(
      [50, 100, 150].map((n) => already + n),
    )
  })

  it('tells its subscribers about a change, and not about a change elsewhere in the doc', () => {
    const { doc } = device()
    const projection = projectLender(doc)
    projection.snapshot()
    let calls = 0
    const off = projection.subscribe(() => calls++)
    doc.getMap('meta').set('note', 'not a ledger change')
    expect(calls).toBe(0)
    recordDeposit(
      doc,
      { date: '2025-03-01', allocations: [{ loanId: 'lb', amount: 100 }] },
      { now },
    )
    expect(calls).toBe(1)
    off()
    projection.destroy()
  })
})
