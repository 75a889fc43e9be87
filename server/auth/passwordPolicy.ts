import type { PasswordCode } from '../../shared/auth.ts'
import {
  COMMON_PASSWORDS_REFUSED,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../../shared/auth.ts'
import { COMMON_PASSWORDS } from './commonPasswords.ts'

/** Why a new password is refused; null when it is acceptable. */
export type PasswordProblem = keyof typeof PasswordCode

/**
 * Whether `password` is among the most common passwords, ignoring case (the list is in lower
 * case, and "Password123" is guessed as early as "password123"). The list stays one string: a
 * search of its 78 kB on the rare sign-up or change costs microseconds and no extra memory.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase()
  return !lower.includes('\n') && COMMON_PASSWORDS.includes(`\n${lower}\n`)
}

/** What is wrong with `password` as a new password, if anything. */
export function newPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort'
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong'
  if (isCommonPassword(password)) return 'tooCommon'
  return null
}

/** The refusal in English, for the operator's command line and the auth API's `message`. */
export const passwordProblemMessage: Record<PasswordProblem, string> = {
  tooShort: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`,
  tooCommon: `That password is one of the ${withCommas(COMMON_PASSWORDS_REFUSED)} most common ones, which are guessed first. Choose another.`,
}

/** 10000 → '10,000', without Intl, which would map ICU's data into every server (`intl.ts`). */
function withCommas(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',')
}
