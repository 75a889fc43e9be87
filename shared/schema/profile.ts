/**
 * The lender's own details, kept in their doc so every device shows the same: the name borrowers
 * know them by and the UPI ID they are paid on. Used by statements, reminders and receipts only;
 * never by money.
 */
import type * as Y from 'yjs'
import { setIfChanged } from './doc.ts'
import { LOCAL_ORIGIN } from './guards.ts'

/** The lender's details as the screens see them; empty strings when not set. */
export interface LenderProfile {
  displayName: string
  upiId: string
}

/** `profile`: `displayName`, `upiId` (plain strings; last writer wins per field). */
export function profileMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('profile')
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The stored profile; anything that is not a string reads as empty. */
export function readProfile(doc: Y.Doc): LenderProfile {
  const map = profileMap(doc)
  return { displayName: text(map.get('displayName')), upiId: text(map.get('upiId')) }
}

/** Writes the fields that changed (an empty string clears a field). */
export function setProfile(
  doc: Y.Doc,
  patch: Partial<LenderProfile>,
  origin: unknown = LOCAL_ORIGIN,
): void {
  const map = profileMap(doc)
  doc.transact(() => {
    for (const key of ['displayName', 'upiId'] as const) {
      const value = patch[key]
      if (value === undefined) continue
      setIfChanged(map, key, value.trim() === '' ? undefined : value.trim())
    }
  }, origin)
}
