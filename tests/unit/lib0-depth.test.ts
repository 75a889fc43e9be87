/**
 * The builds' lib0 (scripts/lib0Depth.ts) reads and writes a value of any depth up to a million
 * levels, where lib0 as it ships ran out of stack at about 4,200 (a book that held one opened
 * empty from IndexedDB), and it writes exactly the bytes lib0 wrote and reads them back as lib0
 * did, for every value. The modules are lib0's own files with the builds' change, loaded from a
 * scratch directory.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import * as originalDecoding from 'lib0/decoding'
import * as originalEncoding from 'lib0/encoding'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_DEPTH, withFlatReadAny, withFlatWriteAny } from '../../scripts/lib0Depth.ts'

const LIB0 = path.resolve(import.meta.dirname, '../../node_modules/lib0')
const scratch = mkdtempSync(path.join(tmpdir(), 'lib0-depth-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** lib0's `file` changed by `fix`, its imports pointing at lib0's own files. */
async function patched<T>(file: string, fix: (code: string) => string): Promise<T> {
  const code = fix(readFileSync(path.join(LIB0, file), 'utf8')).replace(
    /from '\.\/([^']+)'/g,
    (_, name: string) => `from '${pathToFileURL(path.join(LIB0, name)).href}'`,
  )
  const out = path.join(scratch, file)
  writeFileSync(out, code)
  return (await import(pathToFileURL(out).href)) as T
}

const decoding = await patched<typeof originalDecoding>('decoding.js', withFlatReadAny)
const encoding = await patched<typeof originalEncoding>('encoding.js', withFlatWriteAny)

function bytesOf(write: typeof originalEncoding.writeAny, value: unknown): Uint8Array {
  const encoder = originalEncoding.createEncoder()
  write(encoder, value as never)
  return originalEncoding.toUint8Array(encoder)
}

function read(readAny: typeof originalDecoding.readAny, bytes: Uint8Array): unknown {
  return readAny(originalDecoding.createDecoder(bytes))
}

/** `{ a: [ { a: [ … 1 ] } ] }`, `depth` levels of objects and arrays in turn. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 ? [value, 'x'] : { a: value, b: null }
  return value
}

/** How many levels `value` has, counted without recursion. */
function depthOf(value: unknown): number {
  let depth = 0
  let at = value
  while (typeof at === 'object' && at !== null) {
    depth++
    at = Array.isArray(at) ? at[0] : (at as { a: unknown }).a
  }
  return depth
}

// What a stored value can be: lib0's types, nested.
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 8 }),
)
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(fc.string(), tie('any'), { maxKeys: 4 }),
})).any

describe("the builds' lib0", () => {
  it('writes the bytes lib0 writes, and reads them back as lib0 does, for any value', () => {
    fc.assert(
      fc.property(value, (v) => {
        const bytes = bytesOf(encoding.writeAny, v)
        expect(bytes).toEqual(bytesOf(originalEncoding.writeAny, v))
        expect(read(decoding.readAny, bytes)).toEqual(read(originalDecoding.readAny, bytes))
      }),
      { numRuns: 2_000 },
    )
  })

  it('reads a key named __proto__ as lib0 does', () => {
    const v = JSON.parse('{"__proto__": {"polluted": true}, "b": [1]}') as unknown
    const bytes = bytesOf(originalEncoding.writeAny, v)
    expect(bytesOf(encoding.writeAny, v)).toEqual(bytes)
    const ours = read(decoding.readAny, bytes) as Record<string, unknown>
    const theirs = read(originalDecoding.readAny, bytes) as Record<string, unknown>
    expect(Object.getPrototypeOf(ours)).toEqual(Object.getPrototypeOf(theirs))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('reads and writes a value 100,000 levels deep, where lib0 runs out of stack', () => {
    // How deep lib0 gets depends on the stack already in use: 4,200 was too deep from IndexedDB.
    expect(() =>
      read(originalDecoding.readAny, bytesOf(encoding.writeAny, nested(100_000))),
    ).toThrow(RangeError)
    expect(() => bytesOf(originalEncoding.writeAny, nested(100_000))).toThrow(RangeError)
    const deep = nested(100_000)
    const bytes = bytesOf(encoding.writeAny, deep)
    const back = read(decoding.readAny, bytes)
    expect(depthOf(back)).toBe(100_000)
    expect(bytesOf(encoding.writeAny, back)).toEqual(bytes)
    // About 1 s alone; several times that on a machine busy with other work.
  }, 60_000)

  it('refuses a value deeper than it reads, or one that holds itself, with an error', () => {
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(() => bytesOf(encoding.writeAny, loop)).toThrow(RangeError)
    // Past MAX_DEPTH levels of `[[[…]]]`: a byte for the type and one for the length each.
    const bytes = new Uint8Array(2 * (MAX_DEPTH + 1) + 1)
    for (let i = 0; i < MAX_DEPTH + 1; i++) bytes.set([117, 1], 2 * i)
    bytes[bytes.length - 1] = 126
    expect(() => read(decoding.readAny, bytes)).toThrow(RangeError)
  })

  it('stops a build whose lib0 no longer reads as expected', () => {
    expect(() => withFlatReadAny('export const readAny = () => 1')).toThrow(/lib0: readAny/)
    expect(() => withFlatWriteAny('')).toThrow(/lib0: writeAny/)
  })
})
