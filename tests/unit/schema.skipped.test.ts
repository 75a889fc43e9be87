/**
 * Issue 26: one bad record must not take a book down. Every kind the attack run stored (and a few
 * more of each) is read past: the rest of the book reads exactly as it did, the figures are the
 * same, the export works, and the snapshot lists what was skipped, the same whether it was read
 * whole or followed change by change, on this device or another.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { bookCsvZip } from '../../shared/book/export.ts'
import { settlingAmount, summarizeDashboard } from '../../shared/ledger/engine.ts'
import { MAX_PAISE } from '../../shared/money.ts'
import { packDeposit } from '../../shared/deposit/codec.ts'
import { metaMap, undosMap } from '../../shared/schema/doc.ts'
import { NEWER_LAYOUTS, SCHEMA_VERSION, isNewerLayout } from '../../shared/schema/layouts/index.ts'
import { MAX_RATE } from '../../shared/schema/guards.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { readProfile } from '../../shared/schema/profile.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import type { LenderSnapshot, SkippedEntry } from '../../shared/schema/types.ts'
import { compareSkipped } from '../../shared/schema/lenderReads.ts'
import { GOOD_BOOK_BY, IDS, POISONS, writeGoodBook, writePoisons } from '../fixtures/poisoned.ts'

const TODAY = '2026-01-15'

function goodBook(): Y.Doc {
  const doc = new Y.Doc()
  writeGoodBook(doc)
  return doc
}

/** The snapshot without its list of what was skipped. */
function shown(snapshot: LenderSnapshot) {
  const { people, loans, payments, waivers } = snapshot
  return { people, loans, payments, waivers }
}

function figures(snapshot: LenderSnapshot) {
  const people = snapshot.people.filter((person) => !person.archived)
  const loans = snapshot.loans.filter((loan) => !loan.archived)
  return summarizeDashboard(people, loans, TODAY)
}

const sorted = (entries: SkippedEntry[]) => [...entries].sort(compareSkipped)

describe('a book with a bad record', () => {
  const good = readLender(goodBook())

  it('is the good book when it holds none', () => {
    expect(good.skipped).toEqual([])
    expect(good.people).toHaveLength(3)
    expect(good.loans).toHaveLength(4)
    // Text, layout 1's map and layout 2's array: every place a payment can be.
    expect(good.payments).toHaveLength(7)
    expect(good.waivers).toHaveLength(1)
    expect(figures(good).totalDue).toBeGreaterThan(0)
  })

  for (const poison of POISONS) {
    it(`reads the rest of the book as it was, and counts what it skips: ${poison.name}`, () => {
      const doc = goodBook()
      const projection = projectLender(doc)
      projection.snapshot()
      poison.write(doc)

      const snapshot = readLender(doc)
      expect(shown(snapshot)).toEqual(shown(good))
      expect(snapshot.skipped).toEqual(sorted(poison.skipped))
      expect(figures(snapshot)).toEqual(figures(good))
      // The projection, which followed the change, says the same as a full read.
      expect(projection.snapshot()).toEqual(snapshot)
      expect(projectLender(doc).snapshot()).toEqual(snapshot)
      // The CSV export threw on a deposit dated past 9999.
      expect(() => bookCsvZip(doc, new Y.Doc(), TODAY)).not.toThrow()
      projection.destroy()
    })

    if (poison.deep) continue
    it(`reads it the same on a device that receives it: ${poison.name}`, () => {
      const here = goodBook()
      const projection = projectLender(here)
      projection.snapshot()
      const elsewhere = new Y.Doc()
      Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(here))
      const before = Y.encodeStateVector(elsewhere)
      poison.write(elsewhere)
      Y.applyUpdate(here, Y.encodeStateAsUpdate(elsewhere, before))

      expect(projection.snapshot()).toEqual(readLender(elsewhere))
      expect(shown(projection.snapshot())).toEqual(shown(good))
      expect(projection.snapshot().skipped).toEqual(sorted(poison.skipped))
      projection.destroy()
    })
  }

  it('reads past all of them at once, and counts each', () => {
    const doc = goodBook()
    const projection = projectLender(doc)
    projection.snapshot()
    writePoisons(doc)
    const snapshot = readLender(doc)
    expect(shown(snapshot)).toEqual(shown(good))
    expect(snapshot.skipped).toEqual(sorted(POISONS.flatMap((poison) => poison.skipped)))
    expect(snapshot.skipped.length).toBeGreaterThan(30)
    expect(projection.snapshot()).toEqual(snapshot)
    // Every loan's settling amount is found (it never ended for a loan at 1e300 %).
    for (const loan of snapshot.loans) {
      expect(Number.isSafeInteger(settlingAmount(loan, TODAY, TODAY))).toBe(true)
    }
    projection.destroy()
  })

  it('shows each good record again once its bad one is taken out', () => {
    const doc = goodBook()
    const projection = projectLender(doc)
    writePoisons(doc)
    expect(projection.snapshot().skipped.length).toBeGreaterThan(0)
    const before = projection.snapshot().skipped
    expect(projection.snapshot().skipped).toBe(before) // unchanged, the same list
    undosMap(doc).delete('v-nothing')
    const after = projection.snapshot()
    expect(after.skipped).toHaveLength(before.length - 1)
    expect(after).toEqual(readLender(doc))
    projection.destroy()
  })

  it('reads a profile detail that is not text as empty', () => {
    const doc = goodBook()
    writePoisons(doc)
    expect(readProfile(doc)).toEqual({ displayName: 'Asha Lending', upiId: '' })
  })

  it('keeps a void standing when its undo cannot be read', () => {
    const doc = goodBook()
    undosMap(doc).set('v-1', { createdAt: 'not a time' })
    const snapshot = readLender(doc)
    const voided = snapshot.payments.filter((payment) => payment.voided)
    expect(voided.map((payment) => payment.depositId)).toEqual([IDS.undone])
    expect(snapshot.skipped).toEqual([{ kind: 'undo', id: 'v-1', reason: 'malformed' }])
  })
})

describe('payments under one id', () => {
  // The good book's receipt for it: a copy that names another is not alike.
  const { receipt } = readLender(goodBook()).payments.find((p) => p.depositId === IDS.tenThousand)!
  const payment = (amount: number, createdAt: string) =>
    packDeposit({
      depositId: IDS.tenThousand,
      date: '2025-02-01',
      createdAt,
      description: 'Deposit payment',
      createdBy: GOOD_BOOK_BY,
      ...(receipt !== undefined && { receipt }),
      payments: [{ id: `${IDS.tenThousand}-0`, loanId: IDS.ashaLoan, amount }],
    })
  const amountOf = (doc: Y.Doc) =>
    readLender(doc).payments.find((p) => p.id === `${IDS.tenThousand}-0`)?.amount

  it('show the same one on every device, whichever arrived first', () => {
    // The copy was recorded earlier than the original: it is the one shown, and flagged.
    const forged = payment(10_00_000_00, '2026-01-01T00:00:00.000Z')
    const a = goodBook()
    const b = new Y.Doc()
    b.getArray('deposits').push([forged])
    writeGoodBook(b)
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    for (const doc of [a, b]) {
      expect(amountOf(doc)).toBe(10_00_000_00)
      expect(readLender(doc).skipped).toEqual([
        { kind: 'payment', id: `${IDS.tenThousand}-0`, reason: 'duplicate' },
      ])
    }
    expect(readLender(b)).toEqual(readLender(a))
  })

  it('count one payment when they are alike, and each other one when they differ', () => {
    const doc = goodBook()
    const projection = projectLender(doc)
    const original = payment(10_000_00, '2026-01-10T09:00:00.000Z')
    doc.getArray('deposits').push([original, original])
    expect(amountOf(doc)).toBe(10_000_00)
    expect(readLender(doc).skipped).toEqual([])
    expect(projection.snapshot()).toEqual(readLender(doc))
    doc.getArray('deposits').push([payment(1, '2026-02-01T00:00:00.000Z')])
    doc.getArray('deposits').push([payment(2, '2026-02-01T00:00:00.000Z')])
    doc.getArray('deposits').push([payment(2, '2026-02-01T00:00:00.000Z')])
    expect(amountOf(doc)).toBe(10_000_00)
    expect(readLender(doc).skipped).toHaveLength(2)
    expect(projection.snapshot()).toEqual(readLender(doc))
    projection.destroy()
  })
})

describe('the layout stamp', () => {
  it.each([999, Infinity, -Infinity, NaN, 4.5, '5', -1, 0, SCHEMA_VERSION + NEWER_LAYOUTS + 1, {}])(
    '%s is not a layout: the book opens, says so, and is stamped over',
    (stamp) => {
      const doc = goodBook()
      metaMap(doc).set('schemaVersion', stamp)
      expect(isNewerLayout(doc)).toBe(false)
      expect(readLender(doc).skipped).toEqual([
        { kind: 'layout', id: 'schemaVersion', reason: 'malformed' },
      ])
      const before = shown(readLender(doc))
      initLenderDoc(doc)
      expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
      expect(readLender(doc).skipped).toEqual([])
      expect(shown(readLender(doc))).toEqual(before)
    },
  )

  it.each([SCHEMA_VERSION + 1, SCHEMA_VERSION + NEWER_LAYOUTS])(
    '%s is a newer app’s layout: the book stays closed and unchanged',
    (stamp) => {
      const doc = goodBook()
      metaMap(doc).set('schemaVersion', stamp)
      expect(isNewerLayout(doc)).toBe(true)
      expect(readLender(doc).skipped).toEqual([])
      initLenderDoc(doc)
      expect(metaMap(doc).get('schemaVersion')).toBe(stamp)
    },
  )

  it('of an older layout is no newer one, and moves the book', () => {
    const doc = goodBook()
    metaMap(doc).set('schemaVersion', 1)
    expect(isNewerLayout(doc)).toBe(false)
    expect(readLender(doc).skipped).toEqual([])
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
  })
})

describe('the writers refuse what the readers skip', () => {
  function book() {
    const doc = new Y.Doc()
    const now = '2026-01-01T00:00:00.000Z'
    addPerson(doc, { name: 'A', cityId: 'c', balance: 0, gender: 'male' }, { now, id: 'p' })
    const loan = {
      personId: 'p',
      amount: MAX_PAISE,
      interestRate: MAX_RATE,
      interestType: 'per_month' as const,
      startDate: '0001-01-01',
      dueDate: '9999-12-31',
      description: '',
    }
    return { doc, now, loan }
  }

  it('and take everything up to the edges the forms allow', () => {
    const { doc, now, loan } = book()
    addLoan(doc, loan, { now, id: 'l' })
    const deposit = recordDeposit(
      doc,
      { date: '9999-12-31', allocations: [{ loanId: 'l', amount: MAX_PAISE }] },
      { now },
    )
    expect(deposit.ok).toBe(true)
    const snapshot = readLender(doc)
    expect(snapshot.loans).toHaveLength(1)
    expect(snapshot.payments).toHaveLength(1)
    expect(snapshot.skipped).toEqual([])
  })

  it('past those edges', () => {
    const { doc, now, loan } = book()
    expect(() => addLoan(doc, { ...loan, amount: MAX_PAISE + 1 }, { now })).toThrow(TypeError)
    expect(() => addLoan(doc, { ...loan, interestRate: MAX_RATE + 0.01 }, { now })).toThrow(
      TypeError,
    )
    expect(() => addLoan(doc, { ...loan, startDate: '0000-12-31' }, { now })).toThrow(TypeError)
    expect(() =>
      addPerson(doc, { name: 'B', cityId: 'c', balance: MAX_PAISE + 1, gender: 'male' }, { now }),
    ).toThrow(TypeError)
    addLoan(doc, loan, { now, id: 'l' })
    expect(
      recordDeposit(
        doc,
        { date: '2026-01-01', allocations: [{ loanId: 'l', amount: MAX_PAISE + 1 }] },
        { now },
      ),
    ).toEqual({ ok: false, reason: 'invalidAllocation' })
  })
})
