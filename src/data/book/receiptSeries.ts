/**
 * This device's receipt series for a book, kept between visits, so that a lender's receipts
 * count on (K7Q2MX-41, K7Q2MX-42, …) rather than starting a new series at every opening of the
 * app, and each chain of codes runs the book's whole life on this device (a receipt taken out of
 * the middle then shows).
 *
 * A series must have one writer at a time: each open tab holds a Web Lock on the series it
 * continues, for as long as it lives. A second tab of the same book finds the lock taken and
 * continues another series of this device, or starts one. Where a series stands is saved in
 * localStorage with every receipt, in the same task that writes its record, so a reload goes on
 * from the last number given. Without Web Locks (or storage), each visit numbers in a series of
 * its own, as the shared code does by itself.
 */
import type * as Y from 'yjs'
import { continueSeries, startSeries, type SeriesState } from '../../../shared/receipts/issue.ts'
import { readReceipt, storeReceipt } from '../../../shared/receipts/receipt.ts'

/** Series kept per device and book; the oldest is dropped past this (it simply ends there). */
const KEPT = 8

function storageKey(userId: string, room: string): string {
  return `rin-khata:receipt-series:${userId}:${room}`
}

/** The series kept for the book, as stored; anything unreadable is left out. */
function readKept(key: string): SeriesState[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    if (!Array.isArray(value)) return []
    return value.flatMap((text) => {
      const state = readReceipt(text)
      return state ? [state] : []
    })
  } catch {
    return []
  }
}

function saveKept(key: string, state: SeriesState): void {
  const others = readKept(key).filter((kept) => kept.series !== state.series)
  const kept = [state, ...others].slice(0, KEPT).map(storeReceipt)
  try {
    localStorage.setItem(key, JSON.stringify(kept))
  } catch {
    // Storage full or refused: this visit's receipts are still unique, the next starts afresh.
  }
}

/**
 * Continues one of this device's series for `doc` (the book `room`, opened by `userId`) once
 * its lock is held, or a new one; returns what gives the lock back (the workspace's close).
 */
export function keepReceiptSeries(doc: Y.Doc, userId: string, room: string): () => void {
  const locks = globalThis.navigator?.locks
  if (locks === undefined) return () => {}
  const key = storageKey(userId, room)
  let release = (): void => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let closed = false
  void (async () => {
    // A series saved but no longer first (a second tab's) is tried too; a brand-new one last.
    for (const state of [...readKept(key), startSeries()]) {
      if (closed) return
      const held = await new Promise<boolean>((resolve) => {
        locks
          .request(`${key}:${state.series}`, { ifAvailable: true }, async (lock) => {
            resolve(lock !== null)
            if (lock !== null) await released
          })
          .catch(() => resolve(false))
      })
      if (!held) continue
      if (closed) return
      continueSeries(doc, state, { save: (next) => saveKept(key, next) })
      return
    }
  })()
  return () => {
    closed = true
    release()
  }
}
