import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { receiptLabel } from '../../../shared/receipts/receipt.ts'
import { receiptText } from '../../../shared/book/reminder.ts'
import { askAmounts, depositSplit, summarizePerson } from '../../../shared/ledger/engine.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useFiguresOf,
  usePaymentsOf,
  useProfile,
  useToday,
} from '../../data/book/hooks.ts'
import { useLanguage } from '../../i18n/index.ts'
import {
  messageLanguage,
  messageLoanNames,
  messageT,
  reminderFor,
  sayIn,
  type AskChoice,
  type Reminder,
} from './messages.ts'

export type { AskChoice, Reminder }

/**
 * The words (`reminders` by default) in the language of `personId`'s messages: the one set on the person, else
 * the lender's. Follows a change of either.
 */
export function useMessageT(personId: string): TFunction {
  const people = useActivePeople()
  const [app] = useLanguage()
  const language = messageLanguage(
    people.find((p) => p.id === personId),
    app,
  )
  return useMemo(() => messageT(language), [language])
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
  return useMemo(
    () =>
      reminderFor(
        { loans, today, figuresOf, amounts, profile, borrowerName, t },
        kind === undefined
          ? undefined
          : kind === 'amount'
            ? { kind, amountPaise: typed }
            : { kind },
      ),
    [amounts, kind, typed, loans, today, figuresOf, profile, borrowerName, t],
  )
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
        receipt: receiptLabel(paid[0]?.receipt),
      },
      sayIn(t),
    )
  }, [depositId, loans, payments, figuresOf, today, profile, borrowerName, t])
}
