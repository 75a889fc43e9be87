import { afterEach, describe, expect, test, vi } from 'vitest'
import { newId, uuidV4FromBytes } from '../../shared/schema/guards.ts'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('uuidV4FromBytes', () => {
  test('sets the version and variant bits and keeps the rest', () => {
    expect(uuidV4FromBytes(new Uint8Array(16).fill(0xff))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    )
    expect(uuidV4FromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000')
  })

  test('refuses the wrong number of bytes', () => {
    expect(() => uuidV4FromBytes(new Uint8Array(15))).toThrow(TypeError)
  })
})

describe('newId over plain http (no crypto.randomUUID)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('still makes distinct v4 UUIDs from getRandomValues', () => {
    const real = globalThis.crypto
    // An insecure context: the same crypto object, minus randomUUID.
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) })
    const ids = new Set(Array.from({ length: 1000 }, () => newId(undefined)))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(V4)
  })

  test('keeps a given id', () => {
    expect(newId('abc')).toBe('abc')
  })
})
