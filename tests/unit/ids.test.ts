import { afterEach, describe, expect, test, vi } from 'vitest'
import { idFromBytes, newId } from '../../shared/schema/guards.ts'

// 20 hex digits: URL-safe, shown like a UUID's tail, and not much more than half its 36.
const ID = /^[0-9a-f]{20}$/

describe('idFromBytes', () => {
  test('spells 10 bytes as 20 hex digits, every bit kept', () => {
    expect(idFromBytes(new Uint8Array(10))).toBe('00000000000000000000')
    expect(idFromBytes(Uint8Array.from([0xff, 1, 2, 3, 4, 5, 6, 7, 8, 0xa0]))).toBe(
      'ff0102030405060708a0',
    )
  })

  test('refuses the wrong number of bytes', () => {
    expect(() => idFromBytes(new Uint8Array(16))).toThrow(TypeError)
  })
})

describe('newId', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('makes distinct short ids, also over plain http (no crypto.randomUUID)', () => {
    const real = globalThis.crypto
    // An insecure context: the same crypto object, minus randomUUID.
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) })
    const ids = new Set(Array.from({ length: 1000 }, () => newId(undefined)))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(ID)
  })

  test('keeps a given id', () => {
    expect(newId('abc')).toBe('abc')
  })
})
