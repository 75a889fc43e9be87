import type { TFunction } from 'i18next'
import { parseRupees, type MoneyReason } from '../../../shared/money.ts'
import type {
  InterestOn,
  InterestType,
  IsoDate,
  Paise,
  StoredStatus,
} from '../../../shared/ledger/types.ts'

/** Why the loan form refused: its own checks (spec §5), or the amount's money reason. */
export type LoanFormReason =
  'required' | 'dueBeforeStart' | 'amountTooSmall' | 'badRate' | { money: MoneyReason }

/** A refusal in words, from the `loans` catalogue (spec §5's texts in English). */
export function loanFormMessage(reason: LoanFormReason, t: TFunction): string {
  return typeof reason === 'string'
    ? t(`loans:form.errors.${reason}`)
    : t(`loans:money.${reason.money}`)
}

/** The interest types, in the order the select offers them (`loans:form.types.<type>`). */
export const interestTypes: readonly InterestType[] = ['per_annum', 'per_month']

/** All four stored statuses, offered on the edit form (spec §2; `loans:form.statuses.<s>`). */
export const storedStatuses: readonly StoredStatus[] = ['active', 'paid', 'overdue', 'defaulted']

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
  /** How unpaid interest is treated; absent is the old rule (it earns interest). */
  interestOn?: InterestOn
  /** "Bringing an old loan from a paper khata?" ticked: the loan carries old dues. */
  oldDues?: boolean
  /** With `oldDues`: the interest already due on the start date, as typed (blank is ₹0). */
  openingInterest?: string
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
  interestOn: InterestOn
  /** Interest already due on the start date; 0 unless the loan is old dues from paper. */
  openingInterest: Paise
}

/** A field of the loan form that a check can find wrong. */
export type LoanFormField =
  'personId' | 'amount' | 'interestRate' | 'startDate' | 'dueDate' | 'openingInterest'

/** The required fields, in the order the form shows them (the first missing one gets focus). */
const requiredFields: readonly Exclude<LoanFormField, 'openingInterest'>[] = [
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
 * then the interest already due of an old loan from paper (a sum of money, ₹0 when left blank),
 * then that the due date is after the start date.
 */
export function checkLoanForm(
  values: LoanFormValues,
): { ok: true; loan: LoanFields } | { ok: false; reason: LoanFormReason; fields: LoanFormField[] } {
  const rateText = values.interestRate.trim()
  const missing = requiredFields.filter((field) => values[field].trim() === '')
  if (missing.length > 0) return { ok: false, reason: 'required', fields: missing }
  const amount = parseRupees(values.amount)
  if (!amount.ok) return { ok: false, reason: { money: amount.reason }, fields: ['amount'] }
  if (amount.paise < 100) {
    return { ok: false, reason: 'amountTooSmall', fields: ['amount'] }
  }
  if (!ratePattern.test(rateText)) {
    return { ok: false, reason: 'badRate', fields: ['interestRate'] }
  }
  let openingInterest = 0
  const oldDuesText = values.oldDues ? (values.openingInterest ?? '').trim() : ''
  if (oldDuesText !== '') {
    const parsed = parseRupees(oldDuesText)
    if (!parsed.ok) {
      return { ok: false, reason: { money: parsed.reason }, fields: ['openingInterest'] }
    }
    openingInterest = parsed.paise
  }
  if (values.dueDate <= values.startDate) {
    return { ok: false, reason: 'dueBeforeStart', fields: ['dueDate'] }
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
      interestOn: values.interestOn ?? 'balance',
      openingInterest,
    },
  }
}
