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
import type { Actor, VoidInfo } from '../ledger/types.ts'
import { undosMap, voidsMap, waiversMap } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  checkedOnce,
  assertOneOf,
  assertTimestamp,
  isTimestamp,
  newId,
  readActor,
} from './guards.ts'
import { readPayments } from '../deposit/log.ts'
import type { UndoAllFailure, UndoFailure, VoidFailure } from '../reasons.ts'
import type { CreateOptions, MutationOptions } from './types.ts'
import { readWaiver } from './waiver.ts'
import { issueReceipt } from '../receipts/issue.ts'
import { readReceipt } from '../receipts/receipt.ts'

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
  /** The void's own receipt as stored (`receipts/receipt.ts`); none from before receipts. */
  readonly receipt?: string
}

/** The outcome of `voidDeposit` and `voidWaiver`; on failure nothing was written. */
export type VoidResult = { ok: true; voidId: string } | { ok: false; reason: VoidFailure }

/** The outcome of `undoVoid`; on failure nothing was written. */
export type UndoResult = { ok: true } | { ok: false; reason: UndoFailure }

/** The outcome of `undoVoidsOf`; on failure nothing was written. */
export type UndoAllResult = { ok: true; voidIds: string[] } | { ok: false; reason: UndoAllFailure }

/** The void stored under `id`, or null when the entry is malformed. */
export const readVoid = checkedOnce((id, entry): StoredVoid | null => {
  const { kind, targetId, reason, createdAt, createdBy, receipt } = entry
  if (
    id === '' ||
    (kind !== 'deposit' && kind !== 'waiver') ||
    typeof targetId !== 'string' ||
    targetId === '' ||
    typeof reason !== 'string' ||
    !isTimestamp(createdAt)
  ) {
    return null
  }
  const by = readActor(createdBy)
  return {
    id,
    kind,
    targetId,
    reason,
    createdAt,
    ...(by && { createdBy: by }),
    ...(typeof receipt === 'string' && { receipt }),
  }
})

/**
 * The void that shows on each voided deposit and waiver, keyed `deposit:<id>` or `waiver:<id>`:
 * of the `voids` (those that can be read) not `undone`, the earliest (createdAt, then id), so
 * every device shows the same one. An undo that cannot be read undoes nothing (the void stands,
 * as the export lists it): `undone` holds the voids of the undos that can be read.
 */
export function shownVoids(
  voids: Iterable<StoredVoid>,
  undone: { has(voidId: string): boolean },
): Map<string, VoidInfo> {
  const shown = new Map<string, StoredVoid>()
  for (const v of voids) {
    if (undone.has(v.id)) continue
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
      ...(v.receipt !== undefined && { receipt: v.receipt }),
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
    const undone = readUndo(id, undos.get(id)) !== null
    if (v && (kind === null || v.kind === kind) && v.targetId === targetId && !undone) {
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

/** What a void takes: the receipt it was given elsewhere, if any (see `recordDeposit`). */
export type VoidOptions = CreateOptions & { receipt?: string }

function writeVoid(
  doc: Y.Doc,
  kind: VoidKind,
  targetId: string,
  exists: boolean,
  reason: string,
  opts: VoidOptions,
): VoidResult {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  if (typeof targetId !== 'string' || !exists) return { ok: false, reason: 'notFound' }
  if (activeVoidIdsOf(doc, kind, targetId).length > 0) return { ok: false, reason: 'alreadyVoided' }
  const text = typeof reason === 'string' ? reason.trim() : ''
  if (text === '') return { ok: false, reason: 'reasonRequired' }
  const id = newId(opts.id)
  if (opts.receipt !== undefined && readReceipt(opts.receipt) === null) {
    throw new TypeError(`receipt ${opts.receipt} is not one`)
  }
  const receipt =
    opts.receipt ??
    issueReceipt(doc, { kind: 'void', id, createdAt: opts.now, target: kind, targetId })
  doc.transact(
    () => storeVoid(doc, { id, kind, targetId, reason: text, createdAt: opts.now, receipt }, by),
    opts.origin ?? LOCAL_ORIGIN,
  )
  return { ok: true, voidId: id }
}

/** Writes a checked void under its id; a void already there is a programmer error and throws. */
function storeVoid(doc: Y.Doc, fields: Omit<StoredVoid, 'createdBy'>, by: Actor | undefined) {
  const voids = voidsMap(doc)
  if (voids.has(fields.id)) throw new TypeError(`void ${fields.id} already exists`)
  voids.set(fields.id, { ...fields, ...(by && { createdBy: by }) })
}

/**
 * Voids every payment of a recorded deposit, with a reason: the engine then skips them and the
 * history shows them struck through. Nothing is deleted; `undoVoid` brings them back. A void is
 * given a receipt of its own (the deposit keeps its number, shown VOID).
 */
export function voidDeposit(
  doc: Y.Doc,
  depositId: string,
  reason: string,
  opts: VoidOptions,
): VoidResult {
  return writeVoid(doc, 'deposit', depositId, depositExists(doc, depositId), reason, opts)
}

/** Voids a recorded waiver, with a reason (the engine then skips it). */
export function voidWaiver(
  doc: Y.Doc,
  waiverId: string,
  reason: string,
  opts: VoidOptions,
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
  if (readUndo(voidId, undos.get(voidId))) return { ok: false, reason: 'alreadyUndone' }
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

/**
 * Puts back voids and their undos exactly as an exported book holds them, for the book import:
 * each with its id, reason, time and actor, as facts, the way another device's would arrive.
 * None is refused as `alreadyVoided`: two devices that voided one deposit while apart left two
 * voids that both stand (see the top of this file), and the import keeps both, so the book it
 * makes exports the same file. Nor for a target (or a void) the book does not hold: like one that
 * arrives before what it voids, it waits, and the export that held it holds it again. A blank
 * reason is refused with its index, and then nothing is written.
 */
export function restoreVoidHistory(
  doc: Y.Doc,
  voids: readonly StoredVoid[],
  undos: readonly StoredUndo[],
  opts: { origin?: unknown } = {},
): { ok: true } | { ok: false; index: number; reason: 'reasonRequired' } {
  const checked: [Omit<StoredVoid, 'createdBy'>, Actor | undefined][] = []
  const ids = new Set<string>()
  for (const [index, v] of voids.entries()) {
    assertTimestamp(v.createdAt)
    assertOneOf(v.kind, ['deposit', 'waiver'], 'kind')
    const by = actorToStore(v.createdBy)
    const reason = typeof v.reason === 'string' ? v.reason.trim() : ''
    if (reason === '') return { ok: false, index, reason: 'reasonRequired' }
    const id = newId(v.id)
    if (voidsMap(doc).has(id) || ids.has(id)) throw new TypeError(`void ${id} already exists`)
    ids.add(id)
    const { kind, targetId, createdAt, receipt } = v
    if (typeof targetId !== 'string' || targetId === '') throw new TypeError('targetId: no id')
    if (receipt !== undefined && readReceipt(receipt) === null) {
      throw new TypeError(`receipt ${receipt} is not one`)
    }
    checked.push([
      { id, kind, targetId, reason, createdAt, ...(receipt !== undefined && { receipt }) },
      by,
    ])
  }
  const undone = new Map<string, { voidId: string; createdAt: string; createdBy?: Actor }>()
  for (const u of undos) {
    assertTimestamp(u.createdAt)
    const by = actorToStore(u.createdBy)
    const { voidId } = u
    if (typeof voidId !== 'string' || voidId === '') throw new TypeError('voidId: no id')
    if (undosMap(doc).has(voidId) || undone.has(voidId)) {
      throw new TypeError(`void ${voidId} is already undone`)
    }
    undone.set(voidId, { voidId, createdAt: u.createdAt, ...(by && { createdBy: by }) })
  }
  doc.transact(() => {
    for (const [fields, by] of checked) storeVoid(doc, fields, by)
    const stored = undosMap(doc)
    for (const [voidId, undo] of undone) stored.set(voidId, undo)
  }, opts.origin ?? LOCAL_ORIGIN)
  return { ok: true }
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

/** The undo stored under `voidId`, or null when there is none or it is malformed. */
export function readUndo(voidId: string, entry: unknown): StoredUndo | null {
  if (typeof entry !== 'object' || entry === null || voidId === '') return null
  const { createdAt, createdBy } = entry as Record<string, unknown>
  if (!isTimestamp(createdAt)) return null
  const by = readActor(createdBy)
  return { voidId, createdAt, ...(by && { createdBy: by }) }
}

/** Every well-formed undo of a void, by createdAt then voidId (the export's list). */
export function readUndos(doc: Y.Doc): StoredUndo[] {
  const undos: StoredUndo[] = []
  for (const [voidId, entry] of undosMap(doc).entries()) {
    const undo = readUndo(voidId, entry)
    if (undo) undos.push(undo)
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
