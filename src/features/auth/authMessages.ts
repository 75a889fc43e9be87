import type { TFunction } from 'i18next'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PasswordCode } from '../../../shared/auth.ts'
import type { AuthFailure } from '../../data/session/session.ts'
import english from '../../i18n/locales/en/auth.json' with { type: 'json' }

/**
 * The login screen's own sentences in English, straight from the catalogue (the browser tests
 * match the English texts through this).
 */
export const authMessages = english.messages

/** Whether the failure is about the password typed as a new one (shown beside that field). */
export function isNewPasswordProblem(failure: AuthFailure): boolean {
  return (
    failure.reason === 'refused' &&
    (Object.values(PasswordCode) as string[]).includes(failure.code ?? '')
  )
}

/**
 * The sentence for a failed login or sign-up. A refusal the catalogue knows by its code
 * (auth:server.<CODE>) is said in the lender's language; any other is shown in the server's
 * words. A sign-up refused as a wrong email or password (the email has an account, and this is
 * not its password: the server answers it exactly as a failed login) gets its own sentence.
 */
export function authFailureMessage(
  failure: AuthFailure,
  t: TFunction,
  mode: 'login' | 'signup' = 'login',
): string {
  if (failure.reason === 'tooManyAttempts') {
    return failure.retryAfter === null
      ? t('auth:messages.tooManyAttemptsSoon')
      : t('auth:messages.tooManyAttempts', { count: failure.retryAfter })
  }
  if (failure.reason !== 'refused') return t(`auth:messages.${failure.reason}`)
  if (failure.code === undefined || !/^[A-Z_]+$/.test(failure.code)) return failure.message
  if (mode === 'signup' && failure.code === 'INVALID_EMAIL_OR_PASSWORD') {
    return t('auth:messages.signUpRefused')
  }
  return t(`auth:server.${failure.code}`, {
    defaultValue: failure.message,
    min: MIN_PASSWORD_LENGTH,
    max: MAX_PASSWORD_LENGTH,
  })
}
