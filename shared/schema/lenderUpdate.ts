/**
 * The server's gate for a lender's own doc (room `users/<id>`). The server takes any well-formed
 * update there, so without a gate a broken or hostile client could store what no reader can hold:
 * JSON nested thousands deep (which later broke every open of the book from IndexedDB), a string
 * of megabytes, collections the app never reads, or a `meta.schemaVersion` no app knows (every
 * device then asks for an update, for good). The gate checks what an update adds, against the
 * room's doc, before anything of it is applied or stored:
 *
 * - every item lives in one of the book's root collections (`LENDER_ROOTS`), as a map entry in a
 *   map and as an element in the `deposits` array;
 * - Y types only where the schema puts them: a Y.Map per person and per loan, a Y.Array per
 *   actor's deposit log in `depositsBy`, and nothing inside those but plain values (so a record
 *   of `loanEdits`, like a waiver or a void, is a plain value: never a Y type);
 * - plain values within the caps of `LENDER_LIMITS` (nesting, string and key length, size), and
 *   the JSON after a deposit record's newline no deeper than a value may be;
 * - `meta.schemaVersion` an integer from 1 to SCHEMA_VERSION: the server ships with the app, so
 *   no client of this server writes a higher one.
 *
 * Where an item goes is not always written in it: an item with a left or right neighbour names
 * only that neighbour, and Yjs takes the parent from it. The gate does the same, looking the
 * neighbour up in the doc or in the update itself. An item whose neighbour or parent is in neither
 * (a device sending an edit before the rest of its offline work, or an item from another tab
 * that the server has not seen yet) waits in Yjs's pending queue; its content is checked now,
 * and its place when it can be integrated, since the doc's pending structs are checked again with
 * every later update. (With several server processes, a pending item's missing neighbour can
 * arrive from another process instead, and that item then joins without its place being checked:
 * it is still a plain value within the caps, in a collection of the book, and at most one level
 * of Y type deeper than the schema, since a Y type naming a Y type as parent is always refused.)
 *
 * The checks cost one pass over what an update adds: a normal edit is a handful of items.
 */
import * as Y from 'yjs'
import type { EntryType } from './collection.ts'
import { DEPOSITS, DEPOSITS_BY, META } from './doc.ts'
import { SCHEMA_VERSION } from './layouts/index.ts'
import { BOOK_ROOTS } from './roots.ts'

/** The root collections of a lender's doc and what each is, older forms' among them. */
export const LENDER_ROOTS: ReadonlyMap<string, 'map' | 'array'> = new Map(
  [...BOOK_ROOTS.values()].map(({ name, type }) => [name, type]),
)

/** The root collections whose entries are Y types, and which type. */
const TYPED_ROOTS: ReadonlyMap<string, EntryType> = new Map(
  [...BOOK_ROOTS.values()].flatMap(({ name, entries }) => (entries ? [[name, entries]] : [])),
)

/**
 * Caps on what one value may hold. Generous beside what the app writes (a deposit record is a
 * line of under a hundred characters; a value nests three levels at most), tight beside what
 * breaks a device (a 15 MiB string, JSON nested 4,200 deep).
 */
export const LENDER_LIMITS = {
  /** Characters of one map key: an id, a field name, an actor's log. */
  keyLength: 1024,
  /** Characters of one string anywhere in a value. */
  stringLength: 128 * 1024,
  /** Bytes of one binary value (layout 2 wrote ids as their 10 bytes). */
  binaryBytes: 64 * 1024,
  /** Arrays and objects inside one another in one value (the value itself is level 1). */
  valueDepth: 8,
  /** About the bytes one value holds: its strings' characters, 8 per number, 1 per anything. */
  valueWeight: 512 * 1024,
} as const

/** The outcome of `checkLenderUpdate`; `reason` is for the server's log, not for users. */
export type LenderUpdateCheck = { ok: true } | { ok: false; reason: string }

type Decoded = ReturnType<typeof Y.decodeUpdate>
type Struct = Decoded['structs'][number]

/** Where an item goes, as far as the gate needs to know. */
interface Place {
  /** The root collection's name. */
  root: string
  /** The parent's constructor: the root's own kind, or the Y type the item sits in. */
  parent: 'map' | 'array'
  /** 0: the item is an entry of a root collection; 1: a field of such an entry. */
  depth: number
  /** The map key, or null in an array. */
  key: string | null
}

/** Where an item goes: a place, 'garbage' (Yjs drops it), 'missing' (waits), or a refusal. */
type Found = Place | 'garbage' | 'missing' | { refuse: string }

class Refusal extends Error {}

/**
 * Checks a client's update against the room's current doc without applying it. `decoded` is
 * `Y.decodeUpdate(update)` when the caller has it already. Never throws: garbage bytes give
 * `{ ok: false }`.
 */
export function checkLenderUpdate(
  current: Y.Doc,
  update: Uint8Array,
  decoded?: Decoded,
): LenderUpdateCheck {
  try {
    return new LenderGate(current).check(decoded ?? Y.decodeUpdate(update))
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message }
    return { ok: false, reason: 'malformed update' }
  }
}

function refuse(reason: string): never {
  throw new Refusal(reason)
}

/** A client's structs, in clock order: `list[start..end)`. */
interface Run {
  list: readonly Struct[]
  start: number
  end: number
}

class LenderGate {
  /** Where the update's structs (and the doc's pending ones) of each client are. */
  private readonly incoming = new Map<number, Run[]>()
  /** Places worked out for items that others may name: Y types, and runs of neighbours. */
  private readonly places = new Map<Struct, Found>()
  private rootNames: Map<unknown, string> | null = null

  constructor(private readonly doc: Y.Doc) {}

  check(decoded: Decoded): LenderUpdateCheck {
    const structs = decoded.structs
    this.index(structs)
    // Structs of earlier updates still waiting for what they build on: this update may be it,
    // and then they join the doc with it, so they are checked as if they came with it.
    const pending = this.doc.store.pendingStructs
    // (Yjs keeps them in its v2 encoding.)
    const waiting = pending ? Y.decodeUpdateV2(pending.update).structs : []
    this.index(waiting)
    for (const list of [structs, waiting]) {
      for (const struct of list) {
        if (!(struct instanceof Y.Item)) continue
        if (struct.id.clock + struct.length <= Y.getState(this.doc.store, struct.id.client)) {
          continue // the doc has it: re-sent state
        }
        this.checkItem(struct)
      }
    }
    return { ok: true }
  }

  /** Notes where each client's structs are: a decoded update lists them client by client. */
  private index(list: readonly Struct[]): void {
    let start = 0
    for (let i = 1; i <= list.length; i++) {
      if (i < list.length && list[i]!.id.client === list[start]!.id.client) continue
      const client = list[start]!.id.client
      const run = { list, start, end: i }
      const runs = this.incoming.get(client)
      if (runs) runs.push(run)
      else this.incoming.set(client, [run])
      start = i
    }
  }

  private checkItem(item: Y.Item): void {
    const content = item.content
    if (item.parentSub !== null && item.parentSub.length > LENDER_LIMITS.keyLength) {
      refuse('key too long')
    }
    // What an item names was written before it: on the same device, a later clock cannot be.
    if (
      namesLater(item, item.origin) ||
      namesLater(item, item.rightOrigin) ||
      namesLater(item, item.parent)
    ) {
      refuse('refers to itself or later')
    }
    // A Y type naming its parent by id is inside another Y type: one level too deep.
    if (content instanceof Y.ContentType && item.parent instanceof Y.ID) {
      refuse('Y types nested too deep')
    }
    const found = this.place(item)
    if (typeof found === 'object' && 'refuse' in found) refuse(found.refuse)
    const place = found === 'garbage' || found === 'missing' ? null : found
    if (found === 'garbage') return

    if (content instanceof Y.ContentType) {
      const kind: unknown = content.type.constructor
      if (kind !== Y.Map && kind !== Y.Array) refuse('a kind of Y type the book never holds')
      if (place && (place.depth > 0 || TYPED_ROOTS.get(place.root) !== kind)) {
        refuse(`a Y type where ${place.root} holds none of that kind`)
      }
      return
    }
    if (content instanceof Y.ContentAny) {
      const values = content.getContent()
      const log = place !== null && isDepositLog(place)
      // A place not known yet may turn out to be a deposit log: its text is checked as one.
      const jsonText = place === null || log
      const version = place?.root === META.name && place.key === 'schemaVersion'
      for (const value of values) {
        checkValue(value)
        if (jsonText && typeof value === 'string') checkRecordText(value)
        if (version && !isSchemaVersion(value)) refuse('meta.schemaVersion out of range')
      }
      return
    }
    if (content instanceof Y.ContentBinary) {
      if (content.content.byteLength > LENDER_LIMITS.binaryBytes) refuse('binary value too large')
      return
    }
    if (content instanceof Y.ContentDeleted) return
    refuse(`content the book never holds (${(content as object).constructor.name})`)
  }

  /** Where `item` goes, as Yjs will work it out when it integrates the item (`getMissing`). */
  private place(item: Y.Item): Found {
    const known = this.places.get(item)
    if (known) return known
    // Items that name only a neighbour take its place; a run of them (records appended one by
    // one by two devices in turn) is followed in a loop, not by recursion.
    const chain: Y.Item[] = []
    let current: Y.Item = item
    let found: Found | undefined
    for (;;) {
      const cached = this.places.get(current)
      if (cached) {
        found = cached
        break
      }
      chain.push(current)
      if (current.parent !== null) {
        found = this.parentPlace(current)
        break
      }
      const left = current.origin ? this.find(current.origin) : null
      const right = current.rightOrigin ? this.find(current.rightOrigin) : null
      if (left === 'missing' || right === 'missing') {
        found = 'missing'
        break
      }
      if (left instanceof Y.GC || right instanceof Y.GC) {
        found = 'garbage'
        break
      }
      const neighbour = left ?? right
      if (neighbour === null) {
        found = 'garbage'
        break
      }
      if (!this.isIncoming(neighbour)) {
        found = this.docPlace(neighbour)
        break
      }
      if (chain.includes(neighbour)) {
        found = { refuse: 'neighbours in a circle' }
        break
      }
      current = neighbour
    }
    // A lone item is cached only if others may name it as their parent: a run of neighbours is
    // cached whole, so the next item of the run does not walk it again.
    if (chain.length > 1 || item.content instanceof Y.ContentType) {
      for (const link of chain) this.places.set(link, found)
    }
    return found
  }

  /** The place of an item that names its parent: a root by name, or a Y type by its id. */
  private parentPlace(item: Y.Item): Found {
    const parent = item.parent as unknown
    const key = item.parentSub
    if (typeof parent === 'string') {
      const kind = LENDER_ROOTS.get(parent)
      if (!kind) return { refuse: `writes outside the book's collections (${parent.slice(0, 40)})` }
      return checkKind({ root: parent, parent: kind, depth: 0, key })
    }
    if (!(parent instanceof Y.ID)) return { refuse: 'unknown parent' }
    const holder = this.find(parent)
    if (holder === 'missing') return 'missing'
    if (holder instanceof Y.GC) return 'garbage'
    if (!(holder.content instanceof Y.ContentType)) return { refuse: 'parent is not a Y type' }
    const type = holder.content.type
    const kind = type.constructor === Y.Map ? 'map' : type.constructor === Y.Array ? 'array' : null
    if (kind === null) return { refuse: 'a kind of Y type the book never holds' }
    const holderPlace = this.isIncoming(holder) ? this.place(holder) : this.docPlace(holder)
    if (typeof holderPlace !== 'object' || 'refuse' in holderPlace) return holderPlace
    if (holderPlace.depth > 0) return { refuse: 'Y types nested too deep' }
    return checkKind({ root: holderPlace.root, parent: kind, depth: 1, key })
  }

  /** The place of an item already in the doc. */
  private docPlace(item: Y.Item): Found {
    const parent = item.parent as Y.AbstractType<unknown> | null
    if (parent === null) return 'garbage'
    const holder = parent._item
    const kind = parent instanceof Y.Array ? 'array' : 'map'
    if (holder === null) {
      const root = this.rootName(parent)
      if (root === null || !LENDER_ROOTS.has(root)) {
        return { refuse: `writes outside the book's collections (${(root ?? '?').slice(0, 40)})` }
      }
      return { root, parent: LENDER_ROOTS.get(root)!, depth: 0, key: item.parentSub }
    }
    const holderPlace = this.docPlace(holder)
    if (typeof holderPlace !== 'object' || 'refuse' in holderPlace) return holderPlace
    if (holderPlace.depth > 0) return { refuse: 'Y types nested too deep' }
    return { root: holderPlace.root, parent: kind, depth: 1, key: item.parentSub }
  }

  private rootName(type: unknown): string | null {
    if (!this.rootNames) {
      this.rootNames = new Map()
      for (const [name, root] of this.doc.share) this.rootNames.set(root, name)
    }
    return this.rootNames.get(type) ?? null
  }

  private isIncoming(struct: Y.Item | Y.GC): boolean {
    return struct.id.clock >= Y.getState(this.doc.store, struct.id.client)
  }

  /** The struct holding `id`: in the doc, else in the update; 'missing' when in neither. */
  private find(id: Y.ID): Y.Item | Y.GC | 'missing' {
    if (id.clock < Y.getState(this.doc.store, id.client)) {
      const structs = this.doc.store.clients.get(id.client)!
      return structs[Y.findIndexSS(structs, id.clock)]!
    }
    for (const { list, start, end } of this.incoming.get(id.client) ?? []) {
      let low = start
      let high = end - 1
      while (low <= high) {
        const mid = (low + high) >> 1
        const struct = list[mid]!
        if (id.clock < struct.id.clock) high = mid - 1
        else if (id.clock >= struct.id.clock + struct.length) low = mid + 1
        else if (!(struct instanceof Y.Skip)) return struct
        else break
      }
    }
    return 'missing'
  }
}

/** A map entry in a map, an element in an array: anything else is a collection misused. */
function checkKind(place: Place): Found {
  if ((place.parent === 'map') !== (place.key !== null)) {
    return { refuse: place.key === null ? 'an element in a map' : 'a key in an array' }
  }
  return place
}

function isDepositLog(place: Place): boolean {
  return (
    (place.root === DEPOSITS.name && place.depth === 0) ||
    (place.root === DEPOSITS_BY.name && place.depth === 1)
  )
}

function isSchemaVersion(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SCHEMA_VERSION
}

/** Weight of the value `checkValue` is visiting (one value at a time: no closure per value). */
let weight = 0

/** Refuses a plain value that nests too deep, holds a string too long, or is too large. */
function checkValue(value: unknown): void {
  weight = 0
  visit(value, 1)
}

function visit(node: unknown, depth: number): void {
  weight += 1
  if (typeof node === 'string') {
    if (node.length > LENDER_LIMITS.stringLength) refuse('string too long')
    weight += node.length
  } else if (typeof node === 'number') {
    weight += 8
  } else if (node instanceof Uint8Array) {
    if (node.byteLength > LENDER_LIMITS.binaryBytes) refuse('binary value too large')
    weight += node.byteLength
  } else if (typeof node === 'object' && node !== null) {
    if (depth > LENDER_LIMITS.valueDepth) refuse('value nested too deep')
    if (Array.isArray(node)) {
      for (const element of node) visit(element, depth + 1)
    } else {
      // A `__proto__` key read back becomes the object's prototype, out of sight of entries.
      if (Object.getPrototypeOf(node) !== Object.prototype) refuse('a __proto__ key')
      for (const key in node) {
        if (key.length > LENDER_LIMITS.keyLength) refuse('key too long')
        weight += key.length
        visit((node as Record<string, unknown>)[key], depth + 1)
      }
    }
  }
  if (weight > LENDER_LIMITS.valueWeight) refuse('value too large')
}

/** Whether `item` names, on its own device, a clock not before its own. */
function namesLater(item: Y.Item, ref: unknown): boolean {
  return ref instanceof Y.ID && ref.client === item.id.client && ref.clock >= item.id.clock
}

/**
 * A deposit record's text may end in JSON after a newline (see `deposit/codec.ts`), which readers
 * parse: it may nest no deeper than a value. Counted by brackets outside strings, not parsed.
 */
function checkRecordText(text: string): void {
  const newline = text.indexOf('\n')
  if (newline < 0) return
  let depth = 0
  let inString = false
  for (let i = newline + 1; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c)
        i++ // backslash: skip the escaped character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > LENDER_LIMITS.valueDepth) refuse('record JSON nested too deep')
    } else if (char === 0x7d || char === 0x5d) {
      depth--
    }
  }
}
