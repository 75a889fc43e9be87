import * as Y from 'yjs'
import type { DecodedUpdate } from './messages.ts'

/**
 * Whether `update` holds nothing `doc` does not already hold: no struct past what the doc has
 * of its client, and no deletion the doc has not made. A read-only member's app sends such
 * updates all the time (its half of every sync carries the whole delete set it knows, and
 * whatever the server sent it that came back); any other update from it would change the book.
 */
export function holdsNothingNew(doc: Y.Doc, decoded: DecodedUpdate): boolean {
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue
    const { client, clock } = struct.id
    if (clock + struct.length > Y.getState(doc.store, client)) return false
  }
  if (decoded.ds.clients.size === 0) return true
  const deleted = Y.createDeleteSetFromStructStore(doc.store)
  for (const [client, ranges] of decoded.ds.clients) {
    const held = deleted.clients.get(client) ?? []
    for (const range of ranges) {
      if (range.len > 0 && !covered(held, range.clock, range.clock + range.len)) return false
    }
  }
  return true
}

/**
 * Whether [from, to) lies inside one of `ranges` (sorted by clock, adjacent ones merged, as
 * `createDeleteSetFromStructStore` makes them).
 */
function covered(
  ranges: readonly { clock: number; len: number }[],
  from: number,
  to: number,
): boolean {
  let low = 0
  let high = ranges.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const range = ranges[middle]!
    if (range.clock > from) high = middle - 1
    else if (range.clock + range.len <= from) low = middle + 1
    else return to <= range.clock + range.len
  }
  return false
}
