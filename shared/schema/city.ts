/**
 * The shared cities doc (room `cities`): cityId → plain immutable `{ name, createdAt }`. Any
 * lender may add a city; nobody may change or remove one (the server enforces it with
 * `validateCitiesUpdate`), so a city id stays valid for every person that refers to it.
 */
import type * as Y from 'yjs'
import { isIsoDate } from '../dates.ts'
import { onFirstUse } from '../intl.ts'
import { LOCAL_ORIGIN, assertTimestamp, newId } from './guards.ts'
import type { City, CreateOptions } from './types.ts'

/** Longest city name the server accepts. */
export const MAX_CITY_NAME_LENGTH = 100

/**
 * Longest `createdAt` a city may hold: the app writes `toISOString()` (24 characters); a zone
 * offset or more fractional digits stay well under this. One account once stored a 15 MiB one,
 * which every other lender's device then synced and held.
 */
export const MAX_CITY_TIMESTAMP_LENGTH = 40

/**
 * Most cities one update may add. A book import adds every village its people live in, in one
 * update, and a device whose update was refused sends the same one again at every connection: a
 * cap below what one import may hold would keep that device's villages off the server for good.
 * So this is the daily allowance of one account (the server's CITIES_PER_DAY default), not less.
 */
export const MAX_CITIES_PER_UPDATE = 200

/** The stored value of one city. */
export interface StoredCity {
  name: string
  createdAt: string
}

/** `cities`: cityId → `{ name, createdAt }`. */
export function citiesMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('cities')
}

/** True for an ISO timestamp (`2026-01-31T…`) of at most MAX_CITY_TIMESTAMP_LENGTH characters. */
export function isCityTimestamp(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_CITY_TIMESTAMP_LENGTH &&
    value[10] === 'T' &&
    isIsoDate(value.slice(0, 10))
  )
}

/**
 * True for exactly `{ name, createdAt }` with a non-blank name of at most 100 characters and a
 * timestamp of normal length: what `addCity` writes, and all the server lets in. Readers skip
 * anything else, so a city stored before the server checked lengths cannot slow a screen down.
 */
export function isStoredCity(value: unknown): value is StoredCity {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  if (keys.length !== 2 || !keys.includes('name') || !keys.includes('createdAt')) return false
  const { name, createdAt } = value as Record<string, unknown>
  return (
    typeof name === 'string' &&
    name.length <= MAX_CITY_NAME_LENGTH &&
    name.trim() !== '' &&
    isCityTimestamp(createdAt)
  )
}

// 'en' pinned so two devices with different locales list the cities in the same order.
const byName = onFirstUse(() => new Intl.Collator('en', { sensitivity: 'base' }))

/**
 * Every well-formed city, one per name ignoring case, sorted by name (then by id, so the order is
 * total). Same-named entries, made by lenders who added the name while apart, merge into the
 * earliest (by createdAt, then id); the others' ids become its `aliases`.
 */
export function readCities(doc: Y.Doc): City[] {
  const stored: { id: string; name: string; createdAt: string }[] = []
  for (const [id, value] of citiesMap(doc).entries()) {
    if (isStoredCity(value)) stored.push({ id, name: value.name, createdAt: value.createdAt })
  }
  stored.sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1,
  )
  const byKey = new Map<
    string,
    { id: string; name: string; createdAt: string; aliases: string[] }
  >()
  for (const city of stored) {
    const key = city.name.trim().toLowerCase()
    const first = byKey.get(key)
    if (first) first.aliases.push(city.id)
    else byKey.set(key, { ...city, aliases: [] })
  }
  return [...byKey.values()].sort(
    (a, b) => byName().compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** Every city id, aliases included, to the listed city it belongs to. */
export function cityIndex(cities: readonly City[]): ReadonlyMap<string, City> {
  const index = new Map<string, City>()
  for (const city of cities) {
    index.set(city.id, city)
    for (const alias of city.aliases) index.set(alias, city)
  }
  return index
}

/**
 * Adds a city by its trimmed name and returns its id. A blank name writes nothing and returns
 * null; a name that equals an existing city's ignoring case writes nothing and returns that id.
 * A name over 100 characters, or a timestamp over 40, throws (the server would refuse either).
 */
export function addCity(doc: Y.Doc, name: string, opts: CreateOptions): string | null {
  assertTimestamp(opts.now)
  if (!isCityTimestamp(opts.now)) {
    throw new TypeError(`a city's timestamp has at most ${MAX_CITY_TIMESTAMP_LENGTH} characters`)
  }
  if (typeof name !== 'string') throw new TypeError('name must be a string')
  const trimmed = name.trim()
  if (trimmed === '') return null
  if (trimmed.length > MAX_CITY_NAME_LENGTH) {
    throw new TypeError(`a city name has at most ${MAX_CITY_NAME_LENGTH} characters`)
  }
  const key = trimmed.toLowerCase()
  const existing = readCities(doc).find((city) => city.name.trim().toLowerCase() === key)
  if (existing) return existing.id
  const id = newId(opts.id)
  const cities = citiesMap(doc)
  if (cities.has(id)) throw new TypeError(`city ${id} already exists`)
  const city: StoredCity = { name: trimmed, createdAt: opts.now }
  doc.transact(() => cities.set(id, city), opts.origin ?? LOCAL_ORIGIN)
  return id
}
