/**
 * The overlay the book's payments are kept in (`Overlay` in `schema/keyed.ts`): whatever the base
 * gains and whatever is set or deleted over it, it reads as a plain Map given the same changes
 * would, entry for entry and object for object.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Overlay } from '../../shared/schema/keyed.ts'

type Entry = { n: number }
const IDS = ['a', 'b', 'c', 'd', 'e']
const ENTRIES: Entry[] = Array.from({ length: 4 }, (_, n) => ({ n }))

const op = fc.oneof(
  fc.record({
    kind: fc.constant('baseAdds' as const),
    id: fc.constantFrom(...IDS),
    entry: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('set' as const), id: fc.constantFrom(...IDS), entry: fc.nat(3) }),
  fc.record({ kind: fc.constant('setBase' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ kind: fc.constant('clear' as const) }),
)

describe('Overlay', () => {
  it('reads as a Map given the same changes, while its base gains entries under it', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const base = new Map<string, Entry>()
        const overlay = new Overlay(base)
        const expected = new Map<string, Entry>()
        for (const step of ops) {
          if (step.kind === 'baseAdds') {
            if (base.has(step.id)) continue
            overlay.hold(step.id)
            base.set(step.id, ENTRIES[step.entry] as Entry)
          } else if (step.kind === 'set') {
            overlay.set(step.id, ENTRIES[step.entry] as Entry)
            expected.set(step.id, ENTRIES[step.entry] as Entry)
          } else if (step.kind === 'setBase') {
            const entry = base.get(step.id)
            if (!entry) continue
            overlay.set(step.id, entry)
            expected.set(step.id, entry)
          } else if (step.kind === 'delete') {
            overlay.delete(step.id)
            expected.delete(step.id)
          } else {
            // A whole read: the base is read again from nothing, and so is what shows over it.
            base.clear()
            overlay.clear()
            expected.clear()
          }
          expect(overlay.size).toBe(expected.size)
          expect(new Map(overlay)).toEqual(expected)
          expect([...overlay.keys()].sort()).toEqual([...expected.keys()].sort())
          for (const id of IDS) {
            expect(overlay.get(id)).toBe(expected.get(id))
            expect(overlay.has(id)).toBe(expected.has(id))
          }
          expect(new Set(overlay.values())).toEqual(new Set(expected.values()))
        }
      }),
      { numRuns: 500 },
    )
  })
})
