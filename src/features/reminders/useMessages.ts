import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { receiptText, reminderText } from '../../../shared/book/reminder.ts'
import { parseUpiId, upiPayLink } from '../../../shared/book/upi.ts'
import { overdueLoans, summarizePerson } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import type { LenderProfile } from '../../../shared/schema/profile.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useFiguresOf,
  usePaymentsOf,
  useProfile,
  useToday,
} from '../../data/hooks.ts'
import { useLanguage } from '../../i18n/index.ts'
import { messageLanguage, messageT, sayIn } from './messages.ts'

/** The lender's UPI link for `amount`, or undefined when no valid UPI ID is set. */
export function upiLinkOf(profile: LenderProfile, amount: Paise, t: TFunction): string | undefined {
  const upiId = parseUpiId(profile.upiId)
  if (upiId === null) return undefined
  return upiPayLink({
    upiId,
    payeeName: profile.displayName || upiId,
    amountPaise: amount,
    note: t('reminders:upiNote'),
  })
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
 * The reminder for one person, in their language, from the engine's figures as of today: their Due today (the
 * person page's tile and the dashboard row), each overdue loan with its due date, and the UPI
 * link for the amount due.
 */
export function useReminderText(personId: string, borrowerName: string): string {
  const loans = useActiveLoansOf(personId)
  const figuresOf = useFiguresOf()
  const today = useToday()
  const profile = useProfile()
  const t = useMessageT(personId)
  return useMemo(() => {
    const due = summarizePerson(loans, today, figuresOf).totalDue
    const upiLink = upiLinkOf(profile, due, t)
    return reminderText(
      {
        lenderName: profile.displayName,
        borrowerName,
        dueTodayPaise: due,
        overdue: overdueLoans(loans, today, figuresOf).map((o) => ({
          loanLabel: t('reminders:message.loanLabel', { id: o.loan.id.slice(-6) }),
          dueDate: o.dueDate,
          amountPaise: o.totalDue,
        })),
        ...(upiLink !== undefined && { upiLink }),
        today,
      },
      sayIn(t),
    )
  }, [loans, today, figuresOf, profile, borrowerName, t])
}

/**
 * The receipt for one deposit, in the person's language, or null when it is not (or no longer) a live deposit of the
 * person: the amount, its date, each loan's interest/principal split as the engine replayed it,
 * and the person's Due today after it.
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
    const byLoan = new Map(loans.map((loan) => [loan.id, loan]))
    const paid = payments.filter(
      (p) => p.depositId === depositId && !p.voided && byLoan.has(p.loanId),
    )
    const first = paid[0]
    if (first === undefined) return null
    const lines = paid.map((payment) => {
      const loan = byLoan.get(payment.loanId)!
      const entry = figuresOf(loan, today).ledger.entries.find((e) => e.paymentId === payment.id)
      return {
        loanLabel: t('reminders:message.loanLabel', { id: loan.id.slice(-6) }),
        amountPaise: payment.amount,
        interestPaise: entry?.interestPaid ?? 0,
        principalPaise: entry?.principalPaid ?? 0,
      }
    })
    return receiptText(
      {
        lenderName: profile.displayName,
        borrowerName,
        amountPaise: paid.reduce((sum, p) => sum + p.amount, 0),
        date: first.date,
        lines,
        balanceDuePaise: summarizePerson(loans, today, figuresOf).totalDue,
      },
      sayIn(t),
    )
  }, [depositId, loans, payments, figuresOf, today, profile, borrowerName, t])
}
