/**
 * The builds' Yjs (scripts/yjsSingleValue.ts) keeps a single stored value as itself, not in an
 * array, and must do everything else as Yjs does: a book edited with it writes the very bytes
 * Yjs writes, reads every value back the same, and splits and merges its lists of values (a
 * deposit log's records) alike. The module is Yjs's own file with the builds' change, loaded
 * from a scratch directory beside Yjs's, so that it imports the same lib0.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import * as Stock from 'yjs'
import { afterAll, describe, expect, it } from 'vitest'
import { withSingleValueContent } from '../../scripts/yjsSingleValue.ts'

const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules')
const scratch = mkdtempSync(path.join(NODE_MODULES, '.yjs-single-value-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const patchedFile = path.join(scratch, 'yjs.mjs')
writeFileSync(
  patchedFile,
  withSingleValueContent(readFileSync(path.join(NODE_MODULES, 'yjs/dist/yjs.mjs'), 'utf8')),
)
// Yjs warns when a second copy is loaded; this one is meant, and never meets the first's docs.
delete (globalThis as Record<string, unknown>)['__ $YJS$ __']
const Patched = (await import(pathToFileURL(patchedFile).href)) as typeof Stock

type Yjs = typeof Stock

// A stored value, a list of values among them: a value that is itself an array must stay one.
const value = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2, noNullPrototype: true }),
)

type Op =
  | { kind: 'push'; values: unknown[] }
  | { kind: 'insert'; at: number; values: unknown[] }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'unset'; key: string }

const key = fc.constantFrom('amount', 'name', 'status', 'date')
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('push' as const),
    values: fc.array(value, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    values: fc.array(value, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('set' as const), key, value }),
  fc.record({ kind: fc.constant('unset' as const), key }),
)

/** `ops` applied to `doc`'s list and map, one transaction each, as the app's edits are. */
function apply(doc: Stock.Doc, ops: readonly Op[]): void {
  const list = doc.getArray<unknown>('list')
  const map = doc.getMap<unknown>('map')
  for (const o of ops) {
    doc.transact(() => {
      if (o.kind === 'push') list.push(o.values)
      else if (o.kind === 'insert') list.insert(o.at % (list.length + 1), o.values)
      else if (o.kind === 'delete' && list.length > 0) {
        const at = o.at % list.length
        list.delete(at, Math.min(o.length, list.length - at))
      } else if (o.kind === 'set') map.set(o.key, o.value)
      else if (o.kind === 'unset') map.delete(o.key)
    })
  }
}

/**
 * Two devices of one build: the first edits, the second reads its update (values decoded, the
 * content the patch changes) and edits on top, splitting and merging what it read; then a third
 * reads both. Returns the bytes each step wrote and what the last device reads.
 */
function session(Y: Yjs, first: readonly Op[], second: readonly Op[]) {
  const a = new Y.Doc()
  a.clientID = 1
  apply(a, first)
  const fromA = Y.encodeStateAsUpdate(a)
  const b = new Y.Doc()
  b.clientID = 2
  Y.applyUpdate(b, fromA)
  apply(b, second)
  const fromB = Y.encodeStateAsUpdate(b)
  const c = new Y.Doc()
  Y.applyUpdate(c, fromB)
  return {
    fromA,
    fromB,
    merged: Y.mergeUpdates([fromA, fromB]),
    list: c.getArray('list').toArray(),
    map: c.getMap('map').toJSON(),
  }
}

describe("the builds' Yjs", () => {
  it('writes the bytes Yjs writes and reads back every value alike, for any edits', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 12 }),
        fc.array(op, { maxLength: 12 }),
        (first, second) => {
          expect(session(Patched, first, second)).toEqual(session(Stock, first, second))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('keeps a single value as itself, and gives the same values as Yjs when asked', () => {
    const doc = new Patched.Doc()
    doc.getMap('loan').set('amount', 50_000_00)
    doc.getMap('loan').set('days', [1, 2])
    const back = new Patched.Doc()
    Patched.applyUpdate(back, Patched.encodeStateAsUpdate(doc))
    const content = back.getMap('loan')._map.get('amount')!.content as Stock.ContentAny
    // The value itself, and no array, among what the content holds.
    expect(Object.keys(content)).not.toContain('arr')
    expect(Object.values(content)).toContain(50_000_00)
    expect(Object.values(content).some(Array.isArray)).toBe(false)
    expect(content.getContent()).toEqual([50_000_00])
    expect(content.getLength()).toBe(1)
    expect(back.getMap('loan').get('days')).toEqual([1, 2])
  })

  it('stops a build whose Yjs no longer reads as expected', () => {
    expect(() => withSingleValueContent('class ContentAny {}')).toThrow(/yjs: ContentAny/)
  })
})
