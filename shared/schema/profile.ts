/**
 * The lender's own details, kept in their doc so every device shows the same: the name borrowers
 * know them by and the UPI ID they are paid on (used by statements, reminders and receipts), and
 * the book's default rule for unpaid interest, which the loan form offers first for a new loan.
 * None of them is ever used by money: a loan's figures follow the rule stored on the loan itself,
 * so changing the default changes no loan that exists.
 */
import type * as Y from 'yjs'
import type { InterestOn } from '../ledger/types.ts'
import { mapRoot } from './collection.ts'
import { setIfChanged } from './doc.ts'
import { LOCAL_ORIGIN } from './guards.ts'
import { INTEREST_RULES } from './loan.ts'

/** The lender's details as the screens see them; empty strings when not set. */
export interface LenderProfile {
  displayName: string
  upiId: string
}

/** The fields of `profile`. */
export const PROFILE_FIELDS = ['displayName', 'upiId'] as const

/**
 * `profile`: `displayName`, `upiId` (plain strings; last writer wins per field) and the default
 * rule for new loans (`NEW_LOAN_RULE_FIELD`).
 */
export const PROFILE = mapRoot('profile')

/** The `profile` map of a doc. */
export const profileMap = PROFILE.of

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
    for (const key of PROFILE_FIELDS) {
      const value = patch[key]
      if (value === undefined) continue
      setIfChanged(map, key, value.trim() === '' ? undefined : value.trim())
    }
  }, origin)
}

/** The profile's key for the book's default rule for unpaid interest (see `readNewLoanRule`). */
export const NEW_LOAN_RULE_FIELD = 'newLoanInterestOn'

/** Whether a stored default rule is one the app writes (absent is the old rule, and fine). */
export function isNewLoanRule(value: unknown): boolean {
  return value === undefined || INTEREST_RULES.includes(value as InterestOn)
}

/** Every field `profile` holds. */
export const PROFILE_KEYS: readonly string[] = [...PROFILE_FIELDS, NEW_LOAN_RULE_FIELD]

/**
 * A field of the profile as stored (undefined: not set), or null when no app writes it so: a
 * detail that is not text (read as empty), a default rule that is not one (read as the old rule).
 */
export function readProfileField(key: string, value: unknown): unknown {
  if (key === NEW_LOAN_RULE_FIELD) return isNewLoanRule(value) ? value : null
  return value === undefined || typeof value === 'string' ? value : null
}

/**
 * The rule for unpaid interest the loan form offers first for a new loan (engine notes, rule 6b):
 * the old rule (`'balance'`) unless the lender chose simple interest in Settings. Anything else
 * stored reads as the old rule (and is counted among what could not be read).
 */
export function readNewLoanRule(doc: Y.Doc): InterestOn {
  return profileMap(doc).get(NEW_LOAN_RULE_FIELD) === 'principal' ? 'principal' : 'balance'
}

/** Sets the book's default rule for new loans; the old rule is the default, so not written. */
export function setNewLoanRule(doc: Y.Doc, rule: InterestOn, origin: unknown = LOCAL_ORIGIN): void {
  if (!INTEREST_RULES.includes(rule)) throw new TypeError('rule must be balance or principal')
  doc.transact(() => {
    setIfChanged(profileMap(doc), NEW_LOAN_RULE_FIELD, rule === 'balance' ? undefined : rule)
  }, origin)
}
