/**
 * The auth API's rules and refusals that the app turns into sentences: what a new password must
 * be (sign-up, change, operator reset), and the answer when sign-ins are being limited. Existing
 * passwords are never re-checked: an account made under an older, shorter rule still signs in.
 */

/** Shortest new password, in characters (UTF-16 code units, as better-auth counts them). */
export const MIN_PASSWORD_LENGTH = 10

/** Longest password: better-auth's default, which bounds the work of hashing one. */
export const MAX_PASSWORD_LENGTH = 128

/** How many of the most common passwords are refused as a new password. */
export const COMMON_PASSWORDS_REFUSED = 10_000

/** The auth API's error codes for a refused new password, the app's key to its own sentences. */
export const PasswordCode = {
  tooShort: 'PASSWORD_TOO_SHORT',
  tooLong: 'PASSWORD_TOO_LONG',
  tooCommon: 'PASSWORD_TOO_COMMON',
} as const
export type PasswordCode = (typeof PasswordCode)[keyof typeof PasswordCode]

/**
 * The error code of a sign-in or sign-up refused because too many were tried lately (from the
 * address, or for the account); the answer's `retryAfter` says in how many seconds to try again.
 */
export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS'
