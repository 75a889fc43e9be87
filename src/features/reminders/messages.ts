import type { TFunction } from 'i18next'
import type { Say } from '../../../shared/book/reminder.ts'
import type { IdentityReason } from '../../../shared/identity.ts'
import type { Language, Person } from '../../../shared/schema/types.ts'
import { i18n } from '../../i18n/index.ts'
import { loanCallName, loanTitle, type TitledLoan } from '../loans/loanText.ts'

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

/**
 * How a message to a borrower names each of their loans: by its title, the description the
 * lender gave it ("Tractor"), else its amount and start date ("₹50,000 from 01/03/2026"); two
 * loans that would read alike both get the amount and date too. Never the `Loan #bc4e77` label,
 * which means nothing to a borrower.
 */
export function messageLoanNames(
  loans: readonly (TitledLoan & { id: string })[],
  t: TFunction,
): Map<string, string> {
  const called = loans.map((loan) => loanCallName(loan, t))
  const names = new Map<string, string>()
  loans.forEach((loan, index) => {
    const name = called[index] as string
    const shared = called.filter((other) => other === name).length > 1
    names.set(loan.id, shared ? loanTitle(loan, t) : name)
  })
  return names
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
