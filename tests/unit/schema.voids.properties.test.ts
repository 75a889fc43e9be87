/**
 * Voids, undos, waivers and deposits made on several devices while apart: whatever each did and
 * in whatever order the updates arrive, every device ends with the same snapshot and the same
 * figures; and voiding then undoing gives back exactly the ledger there was.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { loanFigures } from '../../shared/ledger/engine.ts'
import { voidsMap, waiversMap } from '../../shared/schema/doc.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { readPayments } from '../../shared/deposit/log.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addPerson } from '../../shared/schema/person.ts'
import type { LenderSnapshot } from '../../shared/schema/types.ts'
import { undoVoid, undoVoidsOf, voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'

const today = '2025-12-31'
// Few distinct values, so ties on date and createdAt are common.
const timestamp = fc.constantFrom('2026-01-01T09:00:00.000Z', '2026-01-02T09:00:00.000Z')
const date = fc.constantFrom('2025-01-15', '2025-03-31', '2025-03-31', '2025-06-30')
const pick = fc.nat({ max: 7 })
const amount = fc.integer({ min: 1, max: 1_200_000 })

const command = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), date, pick, amount }),
  fc.record({ kind: fc.constant('waiver' as const), date, pick, amount }),
  fc.record({ kind: fc.constantFrom('voidDeposit' as const, 'voidWaiver' as const), pick }),
  fc.record({ kind: fc.constantFrom('undoVoid' as const, 'undoVoidsOf' as const), pick }),
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

/** The nth of some ids, in a device-independent order; null when there are none. */
function nth(ids: Iterable<string>, n: number): string | null {
  const sorted = [...new Set(ids)].sort()
  return sorted.length === 0 ? null : (sorted[n % sorted.length] ?? null)
}

const depositIds = (doc: Y.Doc) => [...readPayments(doc).values()].map((p) => p.depositId)
const voidTargets = (doc: Y.Doc) =>
  [...voidsMap(doc).values()].map((v) => (v as { targetId: string }).targetId)

/** Applies one command on a device; `id` makes every new entry's id known and unique. */
function apply(doc: Y.Doc, cmd: Command, now: string, id: string): void {
  const loanId = cmd.kind === 'deposit' || cmd.kind === 'waiver' ? `l${cmd.pick % 2}` : ''
  switch (cmd.kind) {
    case 'deposit':
      recordDeposit(
        doc,
        { date: cmd.date, allocations: [{ loanId, amount: cmd.amount }] },
        { now, depositId: id },
      )
      return
    case 'waiver':
      recordWaiver(doc, { loanId, date: cmd.date, amount: cmd.amount }, { now, id })
      return
    case 'voidDeposit': {
      const target = nth(depositIds(doc), cmd.pick)
      if (target) voidDeposit(doc, target, `reason ${id}`, { now, id })
      return
    }
    case 'voidWaiver': {
      const target = nth(waiversMap(doc).keys(), cmd.pick)
      if (target) voidWaiver(doc, target, `reason ${id}`, { now, id })
      return
    }
    case 'undoVoid': {
      const voidId = nth(voidsMap(doc).keys(), cmd.pick)
      if (voidId) undoVoid(doc, voidId, { now })
      return
    }
    case 'undoVoidsOf': {
      const target = nth(voidTargets(doc), cmd.pick)
      if (target) undoVoidsOf(doc, target, { now })
      return
    }
  }
}

/** One person with two loans (`l0`, `l1`), one deposit on each and a waiver on `l1`. */
const baseUpdate = (() => {
  const doc = new Y.Doc()
  const now = '2026-01-01T08:00:00.000Z'
  initLenderDoc(doc)
  addPerson(doc, { name: 'Asha', cityId: 'c1', balance: 0, gender: 'female' }, { now, id: 'p' })
  for (const id of ['l0', 'l1']) {
    const terms = { amount: 1_000_000, interestRate: 2, interestType: 'per_month' as const }
    const dates = { startDate: '2025-01-01', dueDate: '2025-12-31' }
    addLoan(doc, { personId: 'p', ...terms, ...dates, description: '' }, { now, id })
  }
  recordDeposit(
    doc,
    {
      date: '2025-02-01',
      allocations: [
        { loanId: 'l0', amount: 50_000 },
        { loanId: 'l1', amount: 70_000 },
      ],
    },
    { now, depositId: 'd0' },
  )
  recordWaiver(doc, { loanId: 'l1', date: '2025-03-01', amount: 30_000 }, { now, id: 'w0' })
  return Y.encodeStateAsUpdate(doc)
})()

/** A device synced to the base state that keeps each of its transactions' updates. */
function device(): { doc: Y.Doc; updates: Uint8Array[] } {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, baseUpdate)
  const updates: Uint8Array[] = []
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') updates.push(update)
  })
  return { doc, updates }
}

/** Every loan's figures on `today`: what the screens would show. */
function figures(snapshot: LenderSnapshot) {
  return snapshot.loans.map((loan) => [loan.id, loanFigures(loan, today)])
}

const steps = fc.array(fc.tuple(command, timestamp), { maxLength: 5 })

describe('devices that void, undo, waive and record while apart', () => {
  it('converge to the same snapshot and figures, whatever order the updates arrive in', () => {
    fc.assert(
      fc.property(
        fc.tuple(steps, steps, steps),
        fc.infiniteStream(fc.nat()),
        (perDevice, noise) => {
          const devices = perDevice.map((cmds, d) => {
            const dev = device()
            cmds.forEach(([cmd, now], i) => apply(dev.doc, cmd, now, `x${d}-${i}`))
            return dev
          })
          // Every device, and one newcomer, gets the others' updates one by one, shuffled.
          const newcomer = device()
          for (const [r, receiver] of [...devices, newcomer].entries()) {
            const incoming = devices
              .filter((_, d) => d !== r)
              .flatMap((dev) => dev.updates)
              .map((update) => [noise.next().value, update] as const)
              .sort((x, y) => x[0] - y[0])
            for (const [, update] of incoming) Y.applyUpdate(receiver.doc, update, 'remote')
          }
          const first = readLender(newcomer.doc)
          for (const { doc } of devices) {
            const snapshot = readLender(doc)
            expect(snapshot).toEqual(first)
            expect(figures(snapshot)).toEqual(figures(first))
          }
          // Nothing lost: every deposit and waiver recorded anywhere is listed.
          const recorded = perDevice.flat().filter(([c]) => c.kind === 'deposit').length
          expect(new Set(first.payments.map((p) => p.depositId)).size).toBe(1 + recorded)
          const waived = perDevice.flat().filter(([c]) => c.kind === 'waiver').length
          expect(first.waivers).toHaveLength(1 + waived)
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000)
})

describe('void, then undo', () => {
  it('gives back exactly the ledger there was', () => {
    const facts = fc.array(
      fc.tuple(
        fc.record({
          kind: fc.constantFrom('deposit' as const, 'waiver' as const),
          date,
          pick,
          amount,
        }),
        timestamp,
      ),
      { maxLength: 5 },
    )
    const voids = fc.array(fc.tuple(fc.boolean(), pick), { minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(facts, voids, (recorded, chosen) => {
        const { doc } = device()
        recorded.forEach(([cmd, now], i) => apply(doc, cmd, now, `f${i}`))
        const before = readLender(doc)
        const now = '2026-02-01T00:00:00.000Z'
        chosen.forEach(([ofDeposit, n], i) =>
          apply(doc, { kind: ofDeposit ? 'voidDeposit' : 'voidWaiver', pick: n }, now, `v${i}`),
        )
        const voided = readLender(doc)
        expect(voided.payments.some((p) => p.voided) || voided.waivers.some((w) => w.voided)).toBe(
          true,
        )
        for (const target of new Set(voidTargets(doc))) undoVoidsOf(doc, target, { now })
        const after = readLender(doc)
        expect(after).toEqual(before)
        expect(figures(after)).toEqual(figures(before))
      }),
      { numRuns: 300 },
    )
  }, 60_000)
})
