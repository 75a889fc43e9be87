import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { receiptText, reminderText, type ReminderAsk } from '../../../shared/book/reminder.ts'
import { parseUpiId, upiPayLink } from '../../../shared/book/upi.ts'
import {
  askAmounts,
  depositSplit,
  overdueLoans,
  summarizePerson,
  type AskAmounts,
  type AskKind,
} from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import type { LenderProfile } from '../../../shared/schema/profile.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useFiguresOf,
  usePaymentsOf,
  useProfile,
  useToday,
} from '../../data/book/hooks.ts'
import { useLanguage } from '../../i18n/index.ts'
import { messageLanguage, messageLoanNames, messageT, sayIn } from './messages.ts'

/** The lender's UPI link for `amount`, or undefined when no valid UPI ID is set. */
export function upiLinkOf(
  profile: LenderProfile,
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
 * The `reminders` words in the language of `personId`'s messages: the one set on the person, else
 * the lender's. Follows a change of either.
 */
function useMessageT(personId: string): TFunction {
  const people = useActivePeople()
  const [app] = useLanguage()
  const language = messageLanguage(
    people.find((p) => p.id === personId),
    app,
  )
  return useMemo(() => messageT(language), [language])
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
 * The reminder for one person, in their language, from the engine's figures as of today: the
 * amount asked (`choice`, by default what is overdue, else the interest due) and what it is for,
 * each overdue loan with its due date and Due today, and the UPI link for the amount asked.
 */
export function useReminder(personId: string, borrowerName: string, choice?: AskChoice): Reminder {
  const loans = useActiveLoansOf(personId)
  const figuresOf = useFiguresOf()
  const today = useToday()
  const profile = useProfile()
  const t = useMessageT(personId)
  const kind = choice?.kind
  const typed = choice?.kind === 'amount' ? choice.amountPaise : 0
  const amounts = useMemo(() => askAmounts(loans, today, figuresOf), [loans, today, figuresOf])
  return useMemo(() => {
    // A choice that no longer applies (nothing is overdue any more) falls back to the default.
    const asked =
      kind === undefined || (kind !== 'amount' && kind !== 'all' && amounts[kind] <= 0)
        ? amounts.suggested
        : kind
    const ask: ReminderAsk = {
      kind: asked,
      amountPaise: asked === 'amount' ? typed : amounts[asked],
    }
    const upiLink = upiLinkOf(profile, ask.amountPaise, t, t(upiNotes[asked]))
    const names = messageLoanNames(loans, t)
    const text = reminderText(
      {
        lenderName: profile.displayName,
        borrowerName,
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
  }, [amounts, kind, typed, loans, today, figuresOf, profile, borrowerName, t])
}

/** The reminder's text for one person, asking for the default amount (see `useReminder`). */
export function useReminderText(personId: string, borrowerName: string): string {
  return useReminder(personId, borrowerName).text
}

/**
 * The receipt for one deposit, in the person's language, or null when it is not (or no longer) a
 * live deposit of the person: the cash received, its date, each loan's truthful split (interest
 * owed first, then principal, then overpaid: `depositSplit`, engine notes rule 6a), which adds up
 * to the cash received, and the person's Due today after it.
 */
export function useReceiptText(
  personId: string,
  borrowerName: string,
  depositId: string | null,
): string | null {
  const loans = useActiveLoansOf(personId)
  const payments = usePaymentsOf(loans)
  const figuresOf = useFiguresOf()
  const today = useToday()
  const profile = useProfile()
  const t = useMessageT(personId)
  return useMemo(() => {
    if (depositId === null) return null
    const paid = payments.filter((p) => p.depositId === depositId && !p.voided)
    const split = depositSplit(
      loans,
      paid.map((p) => p.id),
      (loan) => figuresOf(loan, today).ledger,
    )
    const first = split.lines[0]
    if (first === undefined) return null
    const names = messageLoanNames(loans, t)
    const lines = split.lines.map((line) => ({
      loanName: names.get(line.loanId) ?? t('reminders:message.yourLoan'),
      amountPaise: line.amount,
      interestPaise: line.interestPart,
      principalPaise: line.principalPart,
      overpaidPaise: line.overpaid,
    }))
    return receiptText(
      {
        lenderName: profile.displayName,
        borrowerName,
        amountPaise: split.amount,
        date: first.date,
        lines,
        balanceDuePaise: summarizePerson(loans, today, figuresOf).totalDue,
      },
      sayIn(t),
    )
  }, [depositId, loans, payments, figuresOf, today, profile, borrowerName, t])
}
