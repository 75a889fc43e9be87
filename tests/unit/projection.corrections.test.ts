/**
 * The projection with corrections: voids, undos and waivers, mixed with every other lender
 * command, locally and merged from another device, must leave it equal to a full read, with the
 * voided payments flagged and the waivers on their loans.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { loansMap, waiversMap } from '../../shared/schema/doc.ts'
import { readPayments } from '../../shared/deposit/log.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import { undoVoidsOf, voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import { apply, command, device, nth, timestamp } from './lenderCommands.ts'

const by = { account: 'lender@example.com', device: 'Phone' }
const pick = fc.nat({ max: 7 })
const correction = fc.oneof(
  fc.record({ kind: fc.constant('voidDeposit' as const), pick }),
  fc.record({ kind: fc.constant('undoDeposit' as const), pick }),
  fc.record({
    kind: fc.constant('waiver' as const),
    pick,
    amount: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  fc.record({ kind: fc.constant('voidWaiver' as const), pick }),
  fc.record({ kind: fc.constant('undoWaiver' as const), pick }),
)
type Correction = typeof correction extends fc.Arbitrary<infer C> ? C : never

/** The nth deposit id of the doc, in a device-independent order. */
function nthDeposit(doc: Y.Doc, n: number): string | null {
  const ids = new Set<string>()
  for (const payment of readPayments(doc).values()) ids.add(payment.depositId)
  const sorted = [...ids].sort()
  return sorted.length ? (sorted[n % sorted.length] ?? null) : null
}

function correct(doc: Y.Doc, c: Correction, now: string): void {
  const opts = { now, by }
  switch (c.kind) {
    case 'voidDeposit':
    case 'undoDeposit': {
      const id = nthDeposit(doc, c.pick)
      if (!id) return
      if (c.kind === 'voidDeposit') voidDeposit(doc, id, 'typo', opts)
      else undoVoidsOf(doc, id, opts)
      return
    }
    case 'waiver': {
      const loanId = nth(loansMap(doc), c.pick)
      if (loanId) recordWaiver(doc, { loanId, date: '2025-06-01', amount: c.amount }, opts)
      return
    }
    case 'voidWaiver':
    case 'undoWaiver': {
      const id = nth(waiversMap(doc), c.pick)
      if (!id) return
      if (c.kind === 'voidWaiver') voidWaiver(doc, id, 'mistake', opts)
      else undoVoidsOf(doc, id, opts)
      return
    }
  }
}

describe('the lender projection, with voids and waivers', () => {
  it('equals a full read after every correction and every other change, local or merged', () => {
    const step = fc.tuple(
      fc.boolean(),
      fc.oneof(
        command.map((cmd) => ({ cmd })),
        correction.map((fix) => ({ fix })),
      ),
      timestamp,
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 14 }), (steps) => {
        const local = device()
        const remote = device()
        const projection = projectLender(local.doc)
        expect(projection.snapshot()).toEqual(readLender(local.doc))
        for (const [onRemote, change, at] of steps) {
          const target = onRemote ? remote.doc : local.doc
          const before = Y.encodeStateVector(local.doc)
          if ('cmd' in change) apply(target, change.cmd, at)
          else correct(target, change.fix, at)
          if (onRemote) Y.applyUpdate(local.doc, Y.encodeStateAsUpdate(remote.doc, before))
          expect(projection.snapshot()).toEqual(readLender(local.doc))
        }
        projection.destroy()
      }),
      { numRuns: 300 },
    )
  }, 60_000)

  it('flags the voided deposit on its loan and brings it back on undo', () => {
    const { doc } = device()
    const projection = projectLender(doc)
    const depositId = nthDeposit(doc, 0) as string
    const paymentOf = () => projection.snapshot().loans.find((l) => l.id === 'la')?.payments[0]
    expect(paymentOf()?.voided).toBeUndefined()
    voidDeposit(doc, depositId, 'typo', { now: '2026-01-03T00:00:00.000Z', by })
    expect(paymentOf()?.voided).toMatchObject({ reason: 'typo', by })
    undoVoidsOf(doc, depositId, { now: '2026-01-04T00:00:00.000Z', by })
    expect(paymentOf()?.voided).toBeUndefined()
    recordWaiver(
      doc,
      { loanId: 'lb', date: '2025-06-01', amount: 1_000 },
      { now: '2026-01-05T00:00:00.000Z', by },
    )
    expect(projection.snapshot().loans.find((l) => l.id === 'lb')?.waivers).toHaveLength(1)
    projection.destroy()
  })
})
