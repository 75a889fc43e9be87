import { moneyMessages, parseRupees } from '../../../shared/money.ts'
import type { InterestType, IsoDate, Paise, StoredStatus } from '../../../shared/ledger/types.ts'

/** The messages of the loan form, word for word from spec §5. */
export const loanMessages = {
  required: 'Please fill in all required fields',
  dueBeforeStart: 'Due date must be after start date',
  notFound: 'Loan not found',
  amountTooSmall: 'Amount must be at least ₹1',
  badRate: 'Please enter a valid interest rate',
} as const

/** The interest types, as the select shows them. */
export const interestTypes: readonly { value: InterestType; label: string }[] = [
  { value: 'per_annum', label: 'Per Annum' },
  { value: 'per_month', label: 'Per Month' },
]

/** All four stored statuses, offered on the edit form (spec §2). */
export const storedStatuses: readonly { value: StoredStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'defaulted', label: 'Defaulted' },
]

/** The loan form exactly as typed. */
export interface LoanFormValues {
  personId: string
  amount: string
  interestRate: string
  interestType: InterestType
  startDate: IsoDate | ''
  dueDate: IsoDate | ''
  description: string
  status: StoredStatus
}

/** A checked loan's terms, ready for `addLoan`/`updateLoan`. */
export interface LoanFields {
  personId: string
  amount: Paise
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
  dueDate: IsoDate
  description: string
  status: StoredStatus
}

/** A field of the loan form that a check can find wrong. */
export type LoanFormField = 'personId' | 'amount' | 'interestRate' | 'startDate' | 'dueDate'

/** The required fields, in the order the form shows them (the first missing one gets focus). */
const requiredFields: readonly LoanFormField[] = [
  'personId',
  'amount',
  'interestRate',
  'startDate',
  'dueDate',
]

/** A rate is a non-negative percentage with at most two decimals (the engine's unit). */
const ratePattern = /^\d{1,3}(\.\d{1,2})?$/

/**
 * Checks the loan form in the spec's order: the required fields (person, amount, rate, start and
 * due date), then the amount (at least ₹1, paisa precision) and rate (at least 0, two decimals),
 * then that the due date is after the start date.
 */
export function checkLoanForm(
  values: LoanFormValues,
): { ok: true; loan: LoanFields } | { ok: false; message: string; fields: LoanFormField[] } {
  const rateText = values.interestRate.trim()
  const missing = requiredFields.filter((field) => values[field].trim() === '')
  if (missing.length > 0) return { ok: false, message: loanMessages.required, fields: missing }
  const amount = parseRupees(values.amount)
  if (!amount.ok) return { ok: false, message: moneyMessages[amount.reason], fields: ['amount'] }
  if (amount.paise < 100) {
    return { ok: false, message: loanMessages.amountTooSmall, fields: ['amount'] }
  }
  if (!ratePattern.test(rateText)) {
    return { ok: false, message: loanMessages.badRate, fields: ['interestRate'] }
  }
  if (values.dueDate <= values.startDate) {
    return { ok: false, message: loanMessages.dueBeforeStart, fields: ['dueDate'] }
  }
  return {
    ok: true,
    loan: {
      personId: values.personId,
      amount: amount.paise,
      interestRate: Number(rateText),
      interestType: values.interestType,
      startDate: values.startDate,
      dueDate: values.dueDate,
      description: values.description.trim(),
      status: values.status,
    },
  }
}
