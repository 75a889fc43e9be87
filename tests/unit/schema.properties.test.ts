/**
 * Two devices start from one synced state, each makes its own random changes offline, then they
 * exchange updates. Whatever they did and in whatever order the updates arrive, both must then
 * show the same people, loans and payments, and the engine must give the same numbers.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { replayLoan } from '../../shared/ledger/engine.ts'
import { addCity, citiesMap, isStoredCity, readCities } from '../../shared/schema/city.ts'
import { validateCitiesUpdate } from '../../shared/schema/cityUpdate.ts'
import { peopleMap } from '../../shared/schema/doc.ts'
import { readLender } from '../../shared/schema/lender.ts'
import type { LenderSnapshot } from '../../shared/schema/types.ts'
import { apply, command, device, timestamp } from './lenderCommands.ts'

/** Every loan's replayed ledger, by loan id. */
function ledgers(snapshot: LenderSnapshot) {
  return snapshot.loans.map((loan) => [loan.id, replayLoan(loan, loan.payments)])
}

describe('two devices that merge', () => {
  it('show the same snapshot and the same ledgers, losing nothing', () => {
    const steps = fc.array(fc.tuple(command, timestamp), { maxLength: 6 })
    fc.assert(
      fc.property(
        steps,
        steps,
        fc.constantFrom('aFirst', 'bFirst', 'piecesShuffled'),
        fc.infiniteStream(fc.nat()),
        (stepsA, stepsB, delivery, noise) => {
          const a = device()
          const b = device()
          let recorded = 2 // the base's two payments
          for (const [cmd, now] of stepsA) recorded += apply(a.doc, cmd, now)
          for (const [cmd, now] of stepsB) recorded += apply(b.doc, cmd, now)
          const people = new Set([...peopleMap(a.doc).keys(), ...peopleMap(b.doc).keys()])

          if (delivery === 'piecesShuffled') {
            // Each transaction's update on its own, out of order: Yjs holds early ones as pending.
            const shuffle = (xs: Uint8Array[]) =>
              xs
                .map((x) => [noise.next().value, x] as const)
                .sort((p, q) => p[0] - q[0])
                .map(([, x]) => x)
            const fromA = shuffle([...a.updates])
            const fromB = shuffle([...b.updates])
            for (const update of fromA) Y.applyUpdate(b.doc, update)
            for (const update of fromB) Y.applyUpdate(a.doc, update)
          } else {
            const [first, second] = delivery === 'aFirst' ? [a.doc, b.doc] : [b.doc, a.doc]
            Y.applyUpdate(second, Y.encodeStateAsUpdate(first))
            Y.applyUpdate(first, Y.encodeStateAsUpdate(second))
          }

          const snapA = readLender(a.doc)
          const snapB = readLender(b.doc)
          expect(snapB).toEqual(snapA)
          expect(ledgers(snapB)).toEqual(ledgers(snapA))
          // Nothing lost: every person either device added, every payment either recorded
          // (but the bad records some commands write, which both skip alike).
          const skippedPeople = new Set(
            snapA.skipped.filter((entry) => entry.kind === 'person').map((entry) => entry.id),
          )
          expect(snapA.people.map((p) => p.id).sort()).toEqual(
            [...people].filter((id) => !skippedPeople.has(id)).sort(),
          )
          expect(snapA.payments).toHaveLength(recorded)
          // Nobody with a live loan is hidden (a bad record may name a person nobody added).
          const known = (loan: { personId: string }) =>
            people.has(loan.personId) && !skippedPeople.has(loan.personId)
          for (const loan of snapA.loans.filter((l) => !l.archived && known(l))) {
            expect(snapA.people.find((p) => p.id === loan.personId)?.archived).toBe(false)
          }
        },
      ),
      { numRuns: 1000 },
    )
  }, 60_000)
})

describe('the cities gate', () => {
  /** A server doc with two cities, and a client's update adding a third. */
  function scene() {
    const server = new Y.Doc()
    addCity(server, 'Pune', { now: '2026-01-01T08:00:00.000Z', id: 'pune' })
    addCity(server, 'Agra', { now: '2026-01-01T08:00:00.000Z', id: 'agra' })
    const client = new Y.Doc()
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server))
    const before = Y.encodeStateVector(client)
    addCity(client, 'Nashik', { now: '2026-01-02T08:00:00.000Z', id: 'nashik' })
    return { server, update: Y.encodeStateAsUpdate(client, before) }
  }

  it('never throws on a corrupted update, and what it lets through keeps every city intact', () => {
    const { update } = scene()
    const corruption = fc.array(
      fc.tuple(fc.nat({ max: update.length - 1 }), fc.nat({ max: 255 })),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    fc.assert(
      fc.property(corruption, (flips) => {
        const { server } = scene()
        const bytes = update.slice()
        for (const [at, value] of flips) bytes[at] = value
        const before = readCities(server)
        const check = validateCitiesUpdate(server, bytes)
        if (!check.ok) return
        Y.applyUpdate(server, bytes)
        const after = readCities(server)
        for (const city of before) expect(after).toContainEqual(city)
        for (const value of citiesMap(server).values()) expect(isStoredCity(value)).toBe(true)
        expect(Object.keys(Object.fromEntries(server.share))).toEqual(['cities'])
      }),
      { numRuns: 1000 },
    )
  }, 60_000)
})
