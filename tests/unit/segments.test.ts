/**
 * A book kept in segments must read back as exactly the book: several devices' edits, deletions
 * and nested types, each segment applied on its own, in order, with nothing left pending.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { encodeStateAsSegments } from '../../src/data/sync/segments.ts'
import { buildBook, LENDER_DEVICE } from '../fixtures/book.ts'

/** The doc read back from `segments`, checking after each that nothing waits on a later one. */
function readBack(segments: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc()
  for (const segment of segments) {
    Y.applyUpdate(doc, segment)
    expect(doc.store.pendingStructs).toBeNull()
    expect(doc.store.pendingDs).toBeNull()
  }
  return doc
}

/** `doc` as JSON, its root types read as `like` has them (a doc shows only those asked for). */
function json(doc: Y.Doc, like: Y.Doc): Record<string, unknown> {
  for (const [name, type] of like.share) {
    doc.get(name, type.constructor as new () => Y.AbstractType<unknown>)
  }
  return doc.toJSON()
}

function expectSameState(read: Y.Doc, original: Y.Doc): void {
  expect(Y.encodeStateVector(read)).toEqual(Y.encodeStateVector(original))
  expect(json(read, original)).toEqual(original.toJSON())
  // What a third device makes of each is the same too: the deletions came across.
  const viaRead = new Y.Doc()
  Y.applyUpdate(viaRead, Y.encodeStateAsUpdate(read))
  const viaOriginal = new Y.Doc()
  Y.applyUpdate(viaOriginal, Y.encodeStateAsUpdate(original))
  expect(json(viaRead, original)).toEqual(json(viaOriginal, original))
  expect(
    Y.equalDeleteSets(
      Y.createDeleteSetFromStructStore(read.store),
      Y.createDeleteSetFromStructStore(original.store),
    ),
  ).toBe(true)
}

/** One edit by one device: a map entry set or removed, a list grown or cut, a text typed in. */
const edit = fc.record({
  device: fc.nat({ max: 2 }),
  kind: fc.constantFrom('set', 'remove', 'push', 'insert', 'cut', 'nest', 'type'),
  key: fc.constantFrom('a', 'b', 'c', 'd'),
  at: fc.nat({ max: 20 }),
  value: fc.string({ maxLength: 6 }),
  syncAfter: fc.boolean(),
})

describe('a doc kept in segments', () => {
  it('reads back as the doc, whatever devices wrote it and however small the segments', () => {
    fc.assert(
      fc.property(
        fc.array(edit, { maxLength: 60 }),
        fc.integer({ min: 1, max: 200 }),
        (edits, size) => {
          const devices = [new Y.Doc(), new Y.Doc(), new Y.Doc()]
          const syncAll = () => {
            for (const from of devices) {
              for (const to of devices)
                if (from !== to) Y.applyUpdate(to, Y.encodeStateAsUpdate(from))
            }
          }
          for (const step of edits) {
            const doc = devices[step.device]!
            const map = doc.getMap<unknown>('map')
            const list = doc.getArray<unknown>('list')
            const text = doc.getText('text')
            if (step.kind === 'set') map.set(step.key, step.value)
            if (step.kind === 'remove') map.delete(step.key)
            // Up to 800 values in one item: longer than a piece (see `writePiece`).
            if (step.kind === 'push')
              list.push(Array.from({ length: step.at * 40 + 1 }, (_, i) => `${step.value}${i}`))
            if (step.kind === 'insert')
              list.insert(Math.min(step.at, list.length), [step.value, step.key])
            if (step.kind === 'cut' && list.length) {
              const from = Math.min(step.at, list.length - 1)
              list.delete(from, Math.min(2, list.length - from))
            }
            if (step.kind === 'nest') {
              const inner = map.get('inner')
              if (inner instanceof Y.Map) inner.set(step.key, step.value)
              else map.set('inner', new Y.Map([[step.key, step.value]]))
            }
            if (step.kind === 'type') {
              text.insert(Math.min(step.at, text.length), step.value)
              if (text.length > 8) text.delete(0, 3)
            }
            if (step.syncAfter) syncAll()
          }
          syncAll()
          const [original] = devices as [Y.Doc]
          const segments = encodeStateAsSegments(original, size)
          expectSameState(readBack(segments), original)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('cuts a big book into segments of about the size asked for', () => {
    const { doc } = buildBook(
      { people: 100, loans: 1_000, payments: 10_000 },
      { by: LENDER_DEVICE },
    )
    const segments = encodeStateAsSegments(doc, 64 * 1024)
    const whole = Y.encodeStateAsUpdate(doc).byteLength
    expect(segments.length).toBeGreaterThan(3)
    // A segment ends with the piece that takes it past the size asked for (a piece of a long
    // list is 512 records: about 40 kB, receipts and all).
    for (const segment of segments) expect(segment.byteLength).toBeLessThan(112 * 1024)
    expect(segments.length).toBeGreaterThanOrEqual(Math.floor(whole / (112 * 1024)))
    expectSameState(readBack(segments), doc)
  })
})
