/**
 * What one deposit stores: its id, its day, when and by whom it was recorded, its words, and one
 * payment per loan it paid. A record is written once and never changed; `codec.ts` writes it as
 * the logs hold it, `log.ts` says which log, and the readers give it back as `Payment`s.
 */
import type { Actor, IsoDate, Paise } from '../ledger/types.ts'
import type { Payment } from '../schema/types.ts'

/** The description a deposit's payments get when the lender gives none (spec §9). */
export const DEFAULT_DEPOSIT_DESCRIPTION = 'Deposit payment'

/** A deposit to store: its payments in order, each with its id. */
export interface DepositRecord {
  depositId: string
  date: IsoDate
  createdAt: string
  description: string
  createdBy?: Actor
  /** Its receipt as stored (`receipts/receipt.ts`); none on deposits from before receipts. */
  receipt?: string
  payments: readonly { id: string; loanId: string; amount: Paise }[]
}

/** The id a deposit's `index`-th payment gets when none is given. */
export function paymentId(depositId: string, index: number): string {
  return `${depositId}-${index}`
}

/** The deposit that `payments` (one deposit's, at least one) were recorded as. */
export function depositOf(payments: readonly Payment[]): DepositRecord {
  const { depositId, date, createdAt, description, createdBy, receipt } = payments[0] as Payment
  return {
    depositId,
    date,
    createdAt,
    description: description ?? DEFAULT_DEPOSIT_DESCRIPTION,
    ...(createdBy && { createdBy }),
    ...(receipt !== undefined && { receipt }),
    payments,
  }
}

const PAYMENT_FIELDS = [
  'id',
  'loanId',
  'depositId',
  'date',
  'amount',
  'description',
  'createdAt',
  'receipt',
] as const satisfies readonly (keyof Payment)[]

/** Whether two payments read under one id are the same fact, field for field. */
export function samePayment(a: Payment, b: Payment): boolean {
  return (
    PAYMENT_FIELDS.every((field) => a[field] === b[field]) &&
    a.createdBy?.account === b.createdBy?.account &&
    a.createdBy?.device === b.createdBy?.device
  )
}
