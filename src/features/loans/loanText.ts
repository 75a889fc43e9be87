import type { InterestType } from '../../../shared/ledger/types.ts'

/** A loan's label: 'Loan #' and the last 6 characters of its id (spec §9). */
export function loanLabel(loanId: string): string {
  return `Loan #${loanId.slice(-6)}`
}

/** A rate as the lender quoted it: '24% per annum', '2% per month'. */
export function rateText(rate: number, type: InterestType): string {
  return `${rate}% ${type === 'per_month' ? 'per month' : 'per annum'}`
}
