/**
 * A doc's whole state as several updates, each small enough to apply in one short task, which
 * applied in order (each on its own) give exactly what `Y.encodeStateAsUpdate` gives at once.
 *
 * A big book kept on a device as one update holds the page while it is decoded (about 290 ms
 * of a desktop's CPU for 100,000 payments, four times that on a phone). Kept in segments, it is
 * read a segment per task, and the page stays free to draw between them.
 *
 * Each struct goes after everything it is written against (the item to its left and right when
 * it was made and, for an item with neither, its parent's item), so no segment waits on a later
 * one: Yjs never holds anything back as pending. Within one client, structs are in clock order,
 * as Yjs requires; across clients, a client's run waits until what it depends on is written.
 * Deletions travel with the structs they delete.
 */
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'

/** What one segment holds, about: at most ~25 ms to apply here, ~100 ms on a phone-class CPU. */
export const SEGMENT_BYTES = 128 * 1024

/**
 * And at most this many structs: a struct of a nested map costs more to apply than its bytes
 * say (about 10 µs each, a list's values a hundredth of that).
 */
const SEGMENT_STRUCTS = 2_000

/** How many values of one item go in one piece (see `writePiece`): about 40 kB of records. */
const PIECE_VALUES = 512

type Struct = Y.Item | Y.GC

/** One client's structs in one segment, written as they come, with the clocks they delete. */
interface Run {
  client: number
  clock: number
  count: number
  encoder: Y.UpdateEncoderV1
  deleted: [number, number][]
}

/**
 * The doc's state as updates of about `perSegment` bytes each (a struct bigger than that gets
 * one of its own). Applying them in order, each with `Y.applyUpdate`, gives the doc's state;
 * none of them is pending on a later one.
 */
export function encodeStateAsSegments(doc: Y.Doc, perSegment = SEGMENT_BYTES): Uint8Array[] {
  const store = doc.store
  // Higher client ids first, as Yjs writes them.
  const clients = [...store.clients.keys()].sort((a, b) => b - a)
  const next = new Map<number, number>(clients.map((client) => [client, 0]))
  const written = new Map<number, number>(clients.map((client) => [client, 0]))
  const isWritten = (id: Y.ID | null): boolean =>
    id === null || id.clock < (written.get(id.client) ?? 0)
  const ready = (struct: Struct): boolean => {
    if (!(struct instanceof Y.Item)) return true
    if (!isWritten(struct.origin) || !isWritten(struct.rightOrigin)) return false
    if (struct.origin !== null || struct.rightOrigin !== null) return true
    const parentItem = (struct.parent as Y.AbstractType<unknown>)._item
    return parentItem === null || isWritten(parentItem.id)
  }

  const segments: Uint8Array[] = []
  let runs = new Map<number, Run>()
  let bytes = 0
  let count = 0
  const flush = (): void => {
    if (runs.size === 0) return
    segments.push(encodeRuns([...runs.values()]))
    runs = new Map()
    bytes = 0
    count = 0
  }

  let remaining = clients.reduce((sum, client) => sum + store.clients.get(client)!.length, 0)
  while (remaining > 0) {
    let moved = false
    for (const client of clients) {
      const structs = store.clients.get(client) as Struct[]
      // A piece of a struct is ever left over only within a client's loop (see `writePiece`).
      let offset = 0
      let at = next.get(client)!
      while (at < structs.length && (offset > 0 || ready(structs[at]!))) {
        const struct = structs[at]!
        let run = runs.get(client)
        if (!run) {
          const clock = struct.id.clock + offset
          run = { client, clock, count: 0, encoder: new Y.UpdateEncoderV1(), deleted: [] }
          runs.set(client, run)
        }
        const before = encoding.length(run.encoder.restEncoder)
        const end = writePiece(run.encoder, struct, offset)
        bytes += encoding.length(run.encoder.restEncoder) - before
        run.count++
        if (struct.deleted) addRange(run.deleted, struct.id.clock + offset, end - offset)
        written.set(client, struct.id.clock + end)
        moved = true
        if (end < struct.length) {
          offset = end
        } else {
          offset = 0
          at++
          remaining--
        }
        if (bytes >= perSegment || ++count >= SEGMENT_STRUCTS) flush()
      }
      next.set(client, at)
    }
    // Causality rules out a cycle; should a store ever hold one, the state is kept whole.
    if (!moved) return [Y.encodeStateAsUpdate(doc)]
  }
  flush()
  return segments.length ? segments : [Y.encodeStateAsUpdate(doc)]
}

/**
 * Writes `struct` from `offset`, whole or, for a long list of values (a deposit log's records,
 * which Yjs keeps in one item while one device appends them), the next `PIECE_VALUES` of them.
 * Returns the offset it wrote up to. A piece is the item Yjs itself would make by splitting it
 * there: the same right origin, its left origin the value before it.
 */
function writePiece(encoder: Y.UpdateEncoderV1, struct: Struct, offset: number): number {
  const content = struct instanceof Y.Item ? struct.content : null
  const values = content instanceof Y.ContentAny || content instanceof Y.ContentJSON ? content.arr : null
  if (!values || values.length - offset <= PIECE_VALUES) {
    struct.write(encoder, offset)
    return struct.length
  }
  const item = struct as Y.Item
  const end = offset + PIECE_VALUES
  const slice = values.slice(offset, end)
  const piece = new Y.Item(
    Y.createID(item.id.client, item.id.clock + offset),
    null,
    offset > 0 ? Y.createID(item.id.client, item.id.clock + offset - 1) : item.origin,
    null,
    item.rightOrigin,
    item.parent,
    item.parentSub,
    content instanceof Y.ContentAny ? new Y.ContentAny(slice) : new Y.ContentJSON(slice),
  )
  piece.write(encoder, 0)
  return end
}

/** One update: each run's structs, then the deletions among them (Yjs's update format, v1). */
function encodeRuns(runs: Run[]): Uint8Array {
  const update = new Y.UpdateEncoderV1()
  const out = update.restEncoder
  runs.sort((a, b) => b.client - a.client)
  encoding.writeVarUint(out, runs.length)
  for (const run of runs) {
    encoding.writeVarUint(out, run.count)
    update.writeClient(run.client)
    encoding.writeVarUint(out, run.clock)
    encoding.writeUint8Array(out, run.encoder.toUint8Array())
  }
  const deleting = runs.filter((run) => run.deleted.length > 0)
  encoding.writeVarUint(out, deleting.length)
  for (const { client, deleted } of deleting) {
    update.resetDsCurVal()
    encoding.writeVarUint(out, client)
    encoding.writeVarUint(out, deleted.length)
    for (const [clock, length] of deleted) {
      update.writeDsClock(clock)
      update.writeDsLen(length)
    }
  }
  return update.toUint8Array()
}

/** Adds [clock, clock + length) to `ranges`, joined to the last range where they meet. */
function addRange(ranges: [number, number][], clock: number, length: number): void {
  const last = ranges[ranges.length - 1]
  if (last && last[0] + last[1] === clock) last[1] += length
  else ranges.push([clock, length])
}
