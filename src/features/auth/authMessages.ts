import type { TFunction } from 'i18next'
import type { AuthFailure } from '../../data/session.ts'
import english from '../../i18n/locales/en/auth.json' with { type: 'json' }

/**
 * The login screen's own sentences in English, straight from the catalogue (the browser tests
 * match the English texts through this).
 */
export const authMessages = english.messages

/**
 * The sentence for a failed login or sign-up. A refusal the catalogue knows by its code
 * (auth:server.<CODE>, whose English is the server's own sentence) is said in the lender's
 * language; any other is shown in the server's words.
 */
export function authFailureMessage(failure: AuthFailure, t: TFunction): string {
  if (failure.reason !== 'refused') return t(`auth:messages.${failure.reason}`)
  if (failure.code === undefined || !/^[A-Z_]+$/.test(failure.code)) return failure.message
  return t(`auth:server.${failure.code}`, { defaultValue: failure.message })
}
