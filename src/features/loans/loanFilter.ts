import type { StatusLabel } from '../../../shared/ledger/engine.ts'

/**
 * The loan list's filters; empty strings mean "any". Status filters what the lender sees; `owing`
 * is every loan with something due today, whatever its label (engine notes, rule 8): the loans the
 * Active Loans tiles count.
 */
export interface LoanQuery {
  status: StatusLabel | 'owing' | ''
  personId: string
}

/** The loans whose shown status (or, for `owing`, due today) and person match, in the order given. */
export function filterLoans<L extends { personId: string; status: StatusLabel; balance: number }>(
  rows: readonly L[],
  query: LoanQuery,
): L[] {
  return rows.filter(
    (row) =>
      (query.status === '' ||
        (query.status === 'owing' ? row.balance > 0 : row.status === query.status)) &&
      (query.personId === '' || row.personId === query.personId),
  )
}
