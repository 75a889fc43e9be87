/**
 * A person's contact and identity numbers: Indian mobile numbers and Aadhaar. Both are checked
 * when typed, so "98765" or "1234" is caught at the form instead of sitting in the ledger, and
 * Aadhaar is shown masked to its last four digits everywhere but the edit form.
 */

/** Why a typed mobile number or Aadhaar number was refused. */
export type IdentityReason = 'phoneLength' | 'phoneStart' | 'aadhaarLength' | 'aadhaarInvalid'

/** The text shown beside the field for each `IdentityReason`. */
export const identityMessages: Record<IdentityReason, string> = {
  phoneLength: 'Mobile number must be 10 digits, like 98765 43210',
  phoneStart: 'Mobile number must start with 6, 7, 8 or 9',
  aadhaarLength: 'Aadhaar number must be 12 digits',
  aadhaarInvalid: 'This is not a valid Aadhaar number: please check the digits',
}

// Spaces, hyphens and dots are how people group digits when they type or paste them.
const SEPARATORS = /[\s\-.]/g

/**
 * Checks an Indian mobile number and returns its 10 digits. Accepts the ways people write one:
 * `98765 43210`, `+91 98765-43210`, `919876543210`, `09876543210` (trunk prefix).
 */
export function parseMobile(
  text: string,
): { ok: true; phone: string } | { ok: false; reason: IdentityReason } {
  let digits = text.replace(SEPARATORS, '').replace(/^\+91/, '')
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'phoneLength' }
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2)
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1)
  if (digits.length !== 10) return { ok: false, reason: 'phoneLength' }
  // Indian mobile numbers (TRAI's numbering plan) begin with 6, 7, 8 or 9.
  if (!/^[6-9]/.test(digits)) return { ok: false, reason: 'phoneStart' }
  return { ok: true, phone: digits }
}

/** A stored 10-digit mobile number as people read it: `+91 98765 43210` (other text as is). */
export function formatMobile(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone
}

// Verhoeff's dihedral-group tables (multiplication, permutation, inverse), as published.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]

/** Verhoeff's running check over `digits`, read right to left, starting at position `offset`. */
function verhoeffState(digits: string, offset: number): number {
  let c = 0
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48
    c = D[c]![P[(i + offset) % 8]![d]!]!
  }
  return c
}

/** The Verhoeff check digit to append to a string of digits ('236' → 3). */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new TypeError('digits only')
  return INV[verhoeffState(digits, 1)]!
}

/** Whether a string of digits ends in its correct Verhoeff check digit ('2363' → true). */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffState(digits, 0) === 0
}

/**
 * Checks an Aadhaar number and returns its 12 digits. UIDAI issues 12 digits, never starting
 * with 0 or 1, the last being a Verhoeff check digit, which catches every single mistyped digit
 * and every swap of two neighbouring digits.
 */
export function parseAadhaar(
  text: string,
): { ok: true; aadhaar: string } | { ok: false; reason: IdentityReason } {
  const digits = text.replace(SEPARATORS, '')
  if (!/^\d{12}$/.test(digits)) return { ok: false, reason: 'aadhaarLength' }
  if (/^[01]/.test(digits) || !verhoeffValid(digits)) return { ok: false, reason: 'aadhaarInvalid' }
  return { ok: true, aadhaar: digits }
}

/**
 * An Aadhaar number masked to its last four digits, as UIDAI's "masked Aadhaar" shows it:
 * `XXXX XXXX 1234`. Anything shorter than four characters is masked entirely.
 */
export function maskAadhaar(aadhaar: string): string {
  const digits = aadhaar.replace(SEPARATORS, '')
  if (digits.length < 4) return 'XXXX XXXX XXXX'
  return `XXXX XXXX ${digits.slice(-4)}`
}
