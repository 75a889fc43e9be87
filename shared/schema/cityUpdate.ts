/**
 * The server's gate for the shared cities doc. Every signed-in lender writes to it, so the server
 * checks each client update before applying it: adding a city is allowed, anything else is not.
 * Nothing in the doc can ever be removed, so what one account adds every other account's devices
 * sync for good: a city holds only a short name and a timestamp (see `isStoredCity`), one update
 * adds at most MAX_CITIES_PER_UPDATE, and the server caps what one account adds per day.
 */
import * as Y from 'yjs'
import { MAX_CITIES_PER_UPDATE, citiesMap, isStoredCity } from './city.ts'

/** Longest city id accepted (ids are 20 hex digits; older ones 36-character UUIDs). */
const MAX_CITY_ID_LENGTH = 128

/** The outcome of `validateCitiesUpdate`; `reason` is for the server's log, not for users. */
export type CitiesUpdateCheck = { ok: true } | { ok: false; reason: string }

/** The outcome of `checkCitiesUpdate`: with how many cities the update adds. */
export type CitiesUpdateCount = { ok: true; added: number } | { ok: false; reason: string }

/**
 * Checks a client's update against the server's current cities doc without applying it.
 *
 * The update is decoded and every struct the doc does not already have must be one new key of
 * the root `cities` map whose value is a valid `{ name, createdAt }`: no origin (a map write with
 * an origin overwrites the key's previous value), a key the doc does not have yet, and no gap in
 * the client's clock (a gapped struct would wait in the doc's pending queue and be integrated
 * later, unchecked against what arrived meanwhile). Structs the doc already has are skipped, so a
 * client re-sending state it got from the server passes. The delete set must be empty: the doc
 * never deletes anything, so any deletion is an attempt to remove or replace a city.
 * Never throws: garbage bytes give `{ ok: false }`.
 */
export function validateCitiesUpdate(current: Y.Doc, update: Uint8Array): CitiesUpdateCheck {
  let decoded: ReturnType<typeof Y.decodeUpdate>
  try {
    decoded = Y.decodeUpdate(update)
  } catch {
    return refuse('malformed update')
  }
  const check = checkCitiesUpdate(current, decoded)
  return check.ok ? { ok: true } : check
}

/**
 * `validateCitiesUpdate` on an update already decoded (`Y.decodeUpdate`), counting the cities it
 * adds; refuses one that adds more than MAX_CITIES_PER_UPDATE.
 */
export function checkCitiesUpdate(
  current: Y.Doc,
  decoded: ReturnType<typeof Y.decodeUpdate>,
): CitiesUpdateCount {
  for (const ranges of decoded.ds.clients.values()) {
    if (ranges.length > 0) return refuse('deletes content')
  }

  const known = Y.decodeStateVector(Y.encodeStateVector(current))
  const nextClock = new Map<number, number>()
  const cities = citiesMap(current)
  const added = new Set<string>()
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue
    const { client, clock } = struct.id
    const have = known.get(client) ?? 0
    if (clock + struct.length <= have) continue
    if (clock !== (nextClock.get(client) ?? have)) return refuse('gap in client clock')
    nextClock.set(client, clock + struct.length)

    if (!(struct instanceof Y.Item)) return refuse('unexpected garbage-collected struct')
    if (struct.origin !== null || struct.rightOrigin !== null) return refuse('overwrites a city')
    // A decoded item names its root parent by string (no doc to resolve it in yet).
    if ((struct.parent as unknown) !== 'cities') return refuse('writes outside the cities map')
    const key = struct.parentSub
    if (typeof key !== 'string' || key === '' || key.length > MAX_CITY_ID_LENGTH) {
      return refuse('not a city key')
    }
    if (cities.has(key) || added.has(key)) return refuse('overwrites a city')
    if (!(struct.content instanceof Y.ContentAny)) return refuse('invalid city value')
    const values = struct.content.getContent()
    if (values.length !== 1 || !isStoredCity(values[0])) return refuse('invalid city value')
    added.add(key)
    if (added.size > MAX_CITIES_PER_UPDATE) return refuse('too many cities in one update')
  }
  return { ok: true, added: added.size }
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason }
}
