/**
 * The map the deposit logs' payments are kept in (`IdMap` in `schema/idMap.ts`): whatever is added
 * and deleted, it holds what a Map keyed by each entry's id would hold, object for object, ids that
 * share a hash included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashId, IdMap } from '../../shared/schema/idMap.ts'

type Entry = { id: string; version: number }

// Two ids with one hash (found by search): the map must keep both apart.
const SHARED_HASH = ['payment-96646', 'payment-148790']
const IDS = [...SHARED_HASH, 'a', 'b', '8f2c1d0e9b7a6f5e4d3c-0']

const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), id: fc.constantFrom(...IDS), version: fc.nat(3) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ kind: fc.constant('clear' as const) }),
)

describe('IdMap', () => {
  it('keeps two ids that share a hash apart', () => {
    expect(hashId(SHARED_HASH[0]!)).toBe(hashId(SHARED_HASH[1]!))
    const map = new IdMap<Entry>()
    const first = { id: SHARED_HASH[0]!, version: 0 }
    const second = { id: SHARED_HASH[1]!, version: 0 }
    map.add(first)
    map.add(second)
    expect([map.get(first.id), map.get(second.id), map.size]).toEqual([first, second, 2])
    expect(map.delete(first.id)).toBe(true)
    expect([map.get(first.id), map.get(second.id), map.size]).toEqual([undefined, second, 1])
  })

  it('holds what a Map keyed by id holds, whatever is added and deleted', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const map = new IdMap<Entry>()
        const expected = new Map<string, Entry>()
        for (const step of ops) {
          if (step.kind === 'add') {
            const entry = { id: step.id, version: step.version }
            map.add(entry)
            expected.set(step.id, entry)
          } else if (step.kind === 'delete') {
            expect(map.delete(step.id)).toBe(expected.delete(step.id))
          } else {
            map.clear()
            expected.clear()
          }
          expect(map.size).toBe(expected.size)
          for (const id of IDS) {
            expect(map.get(id)).toBe(expected.get(id))
            expect(map.has(id)).toBe(expected.has(id))
          }
          const byId = (a: [string, Entry], b: [string, Entry]) => (a[0] < b[0] ? -1 : 1)
          expect([...map].sort(byId)).toEqual([...expected].sort(byId))
          expect(new Set(map.values())).toEqual(new Set(expected.values()))
          expect([...map.keys()].sort()).toEqual([...expected.keys()].sort())
        }
      }),
    )
  })

  it('hashes any id to a small whole number', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (id) => {
        const hash = hashId(id)
        expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true)
      }),
    )
  })
})
