/**
 * A city holds a short name and a normal timestamp, and one update adds at most 200: the gate
 * refuses anything larger, and readers skip what an older server let in, so one account's bloat
 * cannot slow another lender's screens.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  MAX_CITIES_PER_UPDATE,
  MAX_CITY_TIMESTAMP_LENGTH,
  addCity,
  citiesMap,
  isStoredCity,
  readCities,
} from '../../shared/schema/city.ts'
import { checkCitiesUpdate, validateCitiesUpdate } from '../../shared/schema/cityUpdate.ts'

const NOW = '2026-11-21T10:00:00.000Z'

function adding(count: number, createdAt = NOW): Uint8Array {
  const doc = new Y.Doc()
  doc.transact(() => {
    for (let i = 0; i < count; i++) citiesMap(doc).set(`c${i}`, { name: `Village ${i}`, createdAt })
  })
  return Y.encodeStateAsUpdate(doc)
}

describe('what a city may hold', () => {
  it('a timestamp of normal length, as the app writes it', () => {
    expect(isStoredCity({ name: 'Ujjain', createdAt: NOW })).toBe(true)
    expect(isStoredCity({ name: 'Ujjain', createdAt: '2026-11-21T15:30:00.000+05:30' })).toBe(true)
    expect(isStoredCity({ name: 'Ujjain', createdAt: NOW + '0'.repeat(15 * 1024 * 1024) })).toBe(
      false,
    )
    expect(
      isStoredCity({ name: 'Ujjain', createdAt: NOW.padEnd(MAX_CITY_TIMESTAMP_LENGTH + 1, '0') }),
    ).toBe(false)
    expect(isStoredCity({ name: 'Ujjain', createdAt: 'yesterday' })).toBe(false)
    expect(isStoredCity({ name: 'Ujjain', createdAt: '2026-11-21' })).toBe(false)
    expect(() => addCity(new Y.Doc(), 'Ujjain', { now: NOW.padEnd(50, '0') })).toThrow(TypeError)
  })

  it('readers skip a city an older server let in, and show the rest', () => {
    const doc = new Y.Doc()
    citiesMap(doc).set('big', { name: 'Bloat', createdAt: NOW + '0'.repeat(1024 * 1024) })
    citiesMap(doc).set('ok', { name: 'Ujjain', createdAt: NOW })
    expect(readCities(doc).map((city) => city.name)).toEqual(['Ujjain'])
  })
})

describe('what one update may add', () => {
  it(`${MAX_CITIES_PER_UPDATE} cities, counted; one more is refused`, () => {
    expect(checkCitiesUpdate(new Y.Doc(), Y.decodeUpdate(adding(3)))).toEqual({
      ok: true,
      added: 3,
    })
    expect(validateCitiesUpdate(new Y.Doc(), adding(MAX_CITIES_PER_UPDATE))).toEqual({ ok: true })
    expect(validateCitiesUpdate(new Y.Doc(), adding(MAX_CITIES_PER_UPDATE + 1))).toEqual({
      ok: false,
      reason: 'too many cities in one update',
    })
  })

  it('no city with an over-long timestamp', () => {
    expect(validateCitiesUpdate(new Y.Doc(), adding(1, NOW + '0'.repeat(1024)))).toEqual({
      ok: false,
      reason: 'invalid city value',
    })
  })
})
