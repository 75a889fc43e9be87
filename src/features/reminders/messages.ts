import type { TFunction } from 'i18next'
import type { Say } from '../../../shared/book/reminder.ts'
import type { IdentityReason } from '../../../shared/identity.ts'
import type { Language, Person } from '../../../shared/schema/types.ts'
import { i18n } from '../../i18n/index.ts'

/**
 * The language of a person's reminders and receipts: theirs when set, else the lender's (the
 * app's current language).
 */
export function messageLanguage(person: Pick<Person, 'language'> | undefined, app: Language) {
  return person?.language ?? app
}

/** The `reminders` words fixed to one language, for a message to a borrower. */
export function messageT(language: Language): TFunction {
  return i18n.getFixedT(language, 'reminders')
}

/** `say` for the shared message builders: the `message` group of the `reminders` catalogue. */
export function sayIn(t: TFunction): Say {
  return (word, values) => t(`reminders:message.${word}`, values)
}

/** Why a person cannot be sent a message, said instead of a broken link (in the lender's words). */
export function noLinkMessage(
  reason: 'noPhone' | IdentityReason,
  name: string,
  what: 'reminder' | 'receipt',
  t: TFunction,
): string {
  const ask = t(`reminders:noMobile.${what}`, { name })
  return reason === 'noPhone' ? ask : `${ask} ${t(`reminders:phone.${reason}`)}.`
}
