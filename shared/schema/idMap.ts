/**
 * Entries by their own `id`, as a `Map<string, V>` would hold them, but without handing the ids to
 * a Map: its keys are small whole numbers, a hash of each id, and the few ids that share a hash
 * are kept in a list under it.
 *
 * Why: Chromium's V8 internalizes every string used as a key of a Map or Set, for a `get` or a
 * `has` as much as for a `set`: it copies the string into the page's string table and leaves a
 * thin string pointing at the copy in its place (seen with `%DebugPrint` in Chromium 156; Node
 * 20's V8 does not do it). Every major GC walks that table and updates it. As the 300,000-payment
 * book opened, its 300,000 payment ids went there, and the major GCs then held the page for
 * 270-335 ms at 4× CPU, about 180 ms of it in updating the roots. Small integers are never
 * internalized, and a hash of 30 bits fits in one with nothing allocated for it.
 */
export class IdMap<V extends { readonly id: string }> implements Iterable<[string, V]> {
  // hash of an id → the entry with that id, or the entries whose ids share that hash.
  private readonly byHash = new Map<number, V | V[]>()
  private count = 0

  get size(): number {
    return this.count
  }

  get(id: string): V | undefined {
    const held = this.byHash.get(hashId(id))
    if (held === undefined) return undefined
    if (Array.isArray(held)) return held.find((entry) => entry.id === id)
    return held.id === id ? held : undefined
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /** Holds `entry` under its id, in place of the entry held under that id before, if any. */
  add(entry: V): void {
    const hash = hashId(entry.id)
    const held = this.byHash.get(hash)
    if (held === undefined) {
      this.byHash.set(hash, entry)
    } else if (Array.isArray(held)) {
      const at = held.findIndex((other) => other.id === entry.id)
      if (at >= 0) return void (held[at] = entry)
      held.push(entry)
    } else if (held.id === entry.id) {
      return void this.byHash.set(hash, entry)
    } else {
      this.byHash.set(hash, [held, entry])
    }
    this.count++
  }

  delete(id: string): boolean {
    const hash = hashId(id)
    const held = this.byHash.get(hash)
    if (held === undefined) return false
    if (Array.isArray(held)) {
      const at = held.findIndex((entry) => entry.id === id)
      if (at < 0) return false
      held.splice(at, 1)
      if (held.length === 1) this.byHash.set(hash, held[0] as V)
    } else if (held.id === id) {
      this.byHash.delete(hash)
    } else {
      return false
    }
    this.count--
    return true
  }

  clear(): void {
    this.byHash.clear()
    this.count = 0
  }

  /** The entries, in the order their hashes were first held (not the order they were added). */
  *values(): Generator<V> {
    for (const held of this.byHash.values()) {
      if (Array.isArray(held)) yield* held
      else yield held
    }
  }

  *keys(): Generator<string> {
    for (const entry of this.values()) yield entry.id
  }

  *[Symbol.iterator](): Generator<[string, V]> {
    for (const entry of this.values()) yield [entry.id, entry]
  }
}

/** FNV-1a of `id`'s UTF-16 code units, cut to 30 bits: a V8 small integer on every platform. */
export function hashId(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return hash & 0x3fffffff
}

/**
 * `map.get(id)`, but an empty map is not asked: asking it would still put `id` into V8's string
 * table (see `IdMap`). For maps that are empty in nearly every book, asked for every payment id.
 */
export function getIfAny<V>(map: ReadonlyMap<string, V>, id: string): V | undefined {
  return map.size > 0 ? map.get(id) : undefined
}
