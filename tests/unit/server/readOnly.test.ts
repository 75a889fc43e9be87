import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { holdsNothingNew } from '../../../server/sync/readOnly.ts'

/** A doc's update as the server reads it from a client. */
const decoded = (update: Uint8Array) => Y.decodeUpdate(update)

/** Random edits of a book-like doc: keys set and deleted, a list appended to and cut. */
const edits = fc.array(
  fc.record({
    kind: fc.constantFrom('set', 'delete', 'push', 'cut'),
    key: fc.constantFrom('a', 'b', 'c'),
    value: fc.integer(),
  }),
  { maxLength: 30 },
)

function apply(doc: Y.Doc, steps: { kind: string; key: string; value: number }[]): void {
  const map = doc.getMap('people')
  const list = doc.getArray<number>('log')
  for (const { kind, key, value } of steps) {
    if (kind === 'set') map.set(key, value)
    else if (kind === 'delete') map.delete(key)
    else if (kind === 'push') list.push([value])
    else if (list.length > 0) list.delete(Math.abs(value) % list.length, 1)
  }
}

/** The server's copy and a reader's copy of it, in sync. */
function replicas(steps: { kind: string; key: string; value: number }[]) {
  const server = new Y.Doc()
  apply(server, steps)
  const reader = new Y.Doc()
  Y.applyUpdate(reader, Y.encodeStateAsUpdate(server))
  return { server, reader }
}

describe("a read-only member's updates", () => {
  it('pass when they only repeat what the server holds, deletions included', () => {
    fc.assert(
      fc.property(edits, (steps) => {
        const { server, reader } = replicas(steps)
        // The reader's half of a sync: whatever the server lacks (nothing) and every deletion.
        const syncStep2 = Y.encodeStateAsUpdate(reader, Y.encodeStateVector(server))
        expect(holdsNothingNew(server, decoded(syncStep2))).toBe(true)
        // What the server sent back to it, sent again.
        expect(holdsNothingNew(server, decoded(Y.encodeStateAsUpdate(reader)))).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('are refused when they add or delete anything', () => {
    fc.assert(
      fc.property(
        edits,
        edits.filter((more) => more.length > 0),
        (steps, more) => {
          const { server, reader } = replicas(steps)
          const changes: Uint8Array[] = []
          reader.on('update', (update: Uint8Array) => changes.push(update))
          apply(reader, more)
          // Some edits change nothing (deleting a missing key, cutting an empty list).
          fc.pre(changes.length > 0)
          const update = Y.encodeStateAsUpdate(reader, Y.encodeStateVector(server))
          expect(holdsNothingNew(server, decoded(update))).toBe(false)
          for (const change of changes) {
            expect(holdsNothingNew(server, decoded(change))).toBe(false)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('are refused when they only delete what the server still holds', () => {
    const { server, reader } = replicas([{ kind: 'push', key: 'a', value: 1 }])
    const deletion: Uint8Array[] = []
    reader.on('update', (update: Uint8Array) => deletion.push(update))
    reader.getArray('log').delete(0, 1)
    expect(deletion).toHaveLength(1)
    const { structs } = decoded(deletion[0]!)
    expect(structs).toEqual([])
    expect(holdsNothingNew(server, decoded(deletion[0]!))).toBe(false)
  })
})
