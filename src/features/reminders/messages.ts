import type { TFunction } from 'i18next'
import { reminderText, type ReminderAsk, type Say } from '../../../shared/book/reminder.ts'
import { parseUpiId, upiPayLink } from '../../../shared/book/upi.ts'
import type { IdentityReason } from '../../../shared/identity.ts'
import {
  overdueLoans,
  type AskAmounts,
  type AskKind,
  type FiguresOf,
} from '../../../shared/ledger/engine.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import type { LenderProfile } from '../../../shared/schema/profile.ts'
import type { Language, Loan, Person } from '../../../shared/schema/types.ts'
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
  what: 'reminder' | 'receipt' | 'passbook',
  t: TFunction,
): string {
  const ask = t(`reminders:noMobile.${what}`, { name })
  return reason === 'noPhone' ? ask : `${ask} ${t(`reminders:phone.${reason}`)}.`
}

/** The lender's UPI link for `amount`, or undefined when no valid UPI ID is set. */
export function upiLinkOf(
  profile: Pick<LenderProfile, 'displayName' | 'upiId'>,
  amount: Paise,
  t: TFunction,
  note: string = t('reminders:upiNote'),
): string | undefined {
  const upiId = parseUpiId(profile.upiId)
  if (upiId === null) return undefined
  return upiPayLink({ upiId, payeeName: profile.displayName || upiId, amountPaise: amount, note })
}

// The UPI note per kind of ask, so the borrower's UPI app says what the payment is for.
const upiNotes: Record<AskKind, string> = {
  overdue: 'reminders:upiNoteOverdue',
  interest: 'reminders:upiNoteInterest',
  all: 'reminders:upiNote',
  amount: 'reminders:upiNote',
}

/**
 * What the lender picked to ask for: one of the engine's amounts (`askAmounts`), or an amount
 * typed (in paise). Absent: the default, what is overdue, else the interest due.
 */
export type AskChoice =
  { kind: Exclude<AskKind, 'amount'> } | { kind: 'amount'; amountPaise: Paise }

/** A person's reminder: the amounts it can ask for, what it asks, its text and its UPI link. */
export interface Reminder {
  amounts: AskAmounts
  ask: ReminderAsk
  text: string
  /** The UPI link in the text (and the QR code), for the amount asked; absent without a UPI ID. */
  upiLink?: string
}

/**
 * The reminder for one person's `loans`, from the engine's figures as of `today`: the amount
 * asked (`choice`, by default what is overdue, else the interest due) and what it is for, each
 * overdue loan with its due date and Due today, and the UPI link for the amount asked. `t` speaks
 * the person's language. The lender's book and a collector's sheet both ask it.
 */
export function reminderFor(
  of: {
    loans: readonly Loan[]
    today: IsoDate
    figuresOf: FiguresOf
    amounts: AskAmounts
    profile: Pick<LenderProfile, 'displayName' | 'upiId'>
    borrowerName: string
    t: TFunction
  },
  choice?: AskChoice,
): Reminder {
  const { loans, today, figuresOf, amounts, profile, t } = of
  const kind = choice?.kind
  // A choice that no longer applies (nothing is overdue any more) falls back to the default.
  const asked =
    kind === undefined || (kind !== 'amount' && kind !== 'all' && amounts[kind] <= 0)
      ? amounts.suggested
      : kind
  const ask: ReminderAsk = {
    kind: asked,
    amountPaise:
      asked !== 'amount' ? amounts[asked] : choice?.kind === 'amount' ? choice.amountPaise : 0,
  }
  const upiLink = upiLinkOf(profile, ask.amountPaise, t, t(upiNotes[asked]))
  const names = messageLoanNames(loans, t)
  const text = reminderText(
    {
      lenderName: profile.displayName,
      borrowerName: of.borrowerName,
      ask,
      overdue: overdueLoans(loans, today, figuresOf).map((o) => ({
        loanName: names.get(o.loan.id) ?? t('reminders:message.yourLoan'),
        dueDate: o.dueDate,
        amountPaise: o.totalDue,
      })),
      ...(upiLink !== undefined && { upiLink }),
      today,
    },
    sayIn(t),
  )
  return { amounts, ask, text, ...(upiLink !== undefined && { upiLink }) }
}
