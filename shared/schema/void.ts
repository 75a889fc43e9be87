/**
 * Voids: correcting a mistake without deleting anything. A void is a new immutable fact naming
 * what it voids (a whole deposit, or a waiver) and why; undoing a void is another fact, kept in
 * `undos` under the void's id. The engine skips whatever has a void that was not undone.
 *
 * Why facts and not a flag: two devices that void, undo and record while apart must converge
 * whatever order their updates merge in. Entries that are only ever added (and read by a rule)
 * give that for free; a flag set and cleared concurrently would not. Two voids of one entry made
 * while apart both stand: the entry stays voided until each is undone (`undoVoidsOf` undoes all).
 */
import type * as Y from 'yjs'
import type { VoidInfo } from '../ledger/types.ts'
import { undosMap, voidsMap, waiversMap } from './doc.ts'
import { LOCAL_ORIGIN, actorToStore, assertTimestamp, newId, readActor } from './guards.ts'
import { readPayments } from './payment.ts'
import type { CreateOptions, MutationOptions } from './types.ts'
import { readWaiver } from './waiver.ts'

/** What a void voids: every payment of a deposit, or one waiver. */
export type VoidKind = 'deposit' | 'waiver'

/** A void as stored. */
export interface StoredVoid {
  readonly id: string
  readonly kind: VoidKind
  /** The depositId or the waiverId. */
  readonly targetId: string
  readonly reason: string
  readonly createdAt: string
  readonly createdBy?: VoidInfo['by']
}

/** The outcome of `voidDeposit` and `voidWaiver`; on failure nothing was written. */
export type VoidResult =
  | { ok: true; voidId: string }
  | { ok: false; reason: 'notFound' | 'alreadyVoided' | 'reasonRequired' }

/** The outcome of `undoVoid`; on failure nothing was written. */
export type UndoResult = { ok: true } | { ok: false; reason: 'notFound' | 'alreadyUndone' }

/** The outcome of `undoVoidsOf`; on failure nothing was written. */
export type UndoAllResult = { ok: true; voidIds: string[] } | { ok: false; reason: 'notVoided' }

const checked = new WeakMap<object, StoredVoid | null>()

/** The void stored under `id`, or null when the entry is malformed. */
export function readVoid(id: string, entry: unknown): StoredVoid | null {
  if (typeof entry !== 'object' || entry === null) return null
  const cached = checked.get(entry)
  if (cached === null) return null
  if (cached !== undefined && cached.id === id) return cached
  const { kind, targetId, reason, createdAt, createdBy } = entry as Record<string, unknown>
  let stored: StoredVoid | null = null
  if (
    (kind === 'deposit' || kind === 'waiver') &&
    typeof targetId === 'string' &&
    typeof reason === 'string' &&
    typeof createdAt === 'string'
  ) {
    const by = readActor(createdBy)
    stored = { id, kind, targetId, reason, createdAt, ...(by && { createdBy: by }) }
  }
  checked.set(entry, stored)
  return stored
}

/**
 * The void that shows on each voided deposit and waiver, keyed `deposit:<id>` or `waiver:<id>`:
 * of the voids not undone, the earliest (createdAt, then id), so every device shows the same one.
 */
export function activeVoids(doc: Y.Doc): Map<string, VoidInfo> {
  const undos = undosMap(doc)
  const shown = new Map<string, StoredVoid>()
  for (const [id, entry] of voidsMap(doc).entries()) {
    const v = readVoid(id, entry)
    if (!v || undos.has(id)) continue
    const key = `${v.kind}:${v.targetId}`
    const other = shown.get(key)
    if (
      !other ||
      v.createdAt < other.createdAt ||
      (v.createdAt === other.createdAt && v.id < other.id)
    ) {
      shown.set(key, v)
    }
  }
  const result = new Map<string, VoidInfo>()
  for (const [key, v] of shown) {
    result.set(key, {
      voidId: v.id,
      reason: v.reason,
      at: v.createdAt,
      ...(v.createdBy && { by: v.createdBy }),
    })
  }
  return result
}

/** Ids of the voids of one target (of `kind`, or of any kind) that were not undone. */
function activeVoidIdsOf(doc: Y.Doc, kind: VoidKind | null, targetId: string): string[] {
  const undos = undosMap(doc)
  const ids: string[] = []
  for (const [id, entry] of voidsMap(doc).entries()) {
    const v = readVoid(id, entry)
    if (v && (kind === null || v.kind === kind) && v.targetId === targetId && !undos.has(id)) {
      ids.push(id)
    }
  }
  return ids.sort()
}

function depositExists(doc: Y.Doc, depositId: string): boolean {
  for (const payment of readPayments(doc).values()) {
    if (payment.depositId === depositId) return true
  }
  return false
}

function writeVoid(
  doc: Y.Doc,
  kind: VoidKind,
  targetId: string,
  exists: boolean,
  reason: string,
  opts: CreateOptions,
): VoidResult {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  if (typeof targetId !== 'string' || !exists) return { ok: false, reason: 'notFound' }
  if (activeVoidIdsOf(doc, kind, targetId).length > 0) return { ok: false, reason: 'alreadyVoided' }
  const text = typeof reason === 'string' ? reason.trim() : ''
  if (text === '') return { ok: false, reason: 'reasonRequired' }
  const voids = voidsMap(doc)
  const id = newId(opts.id)
  if (voids.has(id)) throw new TypeError(`void ${id} already exists`)
  doc.transact(() => {
    voids.set(id, {
      id,
      kind,
      targetId,
      reason: text,
      createdAt: opts.now,
      ...(by && { createdBy: by }),
    })
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true, voidId: id }
}

/**
 * Voids every payment of a recorded deposit, with a reason: the engine then skips them and the
 * history shows them struck through. Nothing is deleted; `undoVoid` brings them back.
 */
export function voidDeposit(
  doc: Y.Doc,
  depositId: string,
  reason: string,
  opts: CreateOptions,
): VoidResult {
  return writeVoid(doc, 'deposit', depositId, depositExists(doc, depositId), reason, opts)
}

/** Voids a recorded waiver, with a reason (the engine then skips it). */
export function voidWaiver(
  doc: Y.Doc,
  waiverId: string,
  reason: string,
  opts: CreateOptions,
): VoidResult {
  const exists = readWaiver(waiverId, waiversMap(doc).get(waiverId)) !== null
  return writeVoid(doc, 'waiver', waiverId, exists, reason, opts)
}

/** Undoes one void: records that it was undone (the void itself stays, as history). */
export function undoVoid(doc: Y.Doc, voidId: string, opts: MutationOptions): UndoResult {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  if (typeof voidId !== 'string' || !readVoid(voidId, voidsMap(doc).get(voidId))) {
    return { ok: false, reason: 'notFound' }
  }
  const undos = undosMap(doc)
  if (undos.has(voidId)) return { ok: false, reason: 'alreadyUndone' }
  doc.transact(() => {
    undos.set(voidId, { voidId, createdAt: opts.now, ...(by && { createdBy: by }) })
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true }
}

/**
 * Undoes every void of a deposit or waiver (by its depositId or waiverId) that was not undone
 * yet, in one transaction: the UI's "Undo" (two devices may each have voided it while apart).
 * `notVoided` when there was none.
 */
export function undoVoidsOf(doc: Y.Doc, targetId: string, opts: MutationOptions): UndoAllResult {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const ids = activeVoidIdsOf(doc, null, targetId)
  if (ids.length === 0) return { ok: false, reason: 'notVoided' }
  const undos = undosMap(doc)
  doc.transact(() => {
    for (const voidId of ids)
      undos.set(voidId, { voidId, createdAt: opts.now, ...(by && { createdBy: by }) })
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true, voidIds: ids }
}

/** A record that a void was undone, as stored under the void's id. */
export interface StoredUndo {
  readonly voidId: string
  readonly createdAt: string
  readonly createdBy?: VoidInfo['by']
}

/** Every well-formed void, undone ones included, by createdAt then id (the export's list). */
export function readVoids(doc: Y.Doc): StoredVoid[] {
  const voids: StoredVoid[] = []
  for (const [id, entry] of voidsMap(doc).entries()) {
    const v = readVoid(id, entry)
    if (v) voids.push(v)
  }
  return voids.sort(byTime)
}

/** Every well-formed undo of a void, by createdAt then voidId (the export's list). */
export function readUndos(doc: Y.Doc): StoredUndo[] {
  const undos: StoredUndo[] = []
  for (const [voidId, entry] of undosMap(doc).entries()) {
    if (typeof entry !== 'object' || entry === null) continue
    const { createdAt, createdBy } = entry as Record<string, unknown>
    if (typeof createdAt !== 'string') continue
    const by = readActor(createdBy)
    undos.push({ voidId, createdAt, ...(by && { createdBy: by }) })
  }
  return undos.sort((a, b) => byTime({ ...a, id: a.voidId }, { ...b, id: b.voidId }))
}

function byTime(
  a: { createdAt: string; id: string },
  b: { createdAt: string; id: string },
): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
