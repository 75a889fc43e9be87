import type { StatusLabel } from '../../../shared/ledger/engine.ts'

/** The loan list's filters; empty strings mean "any". Status filters what the lender sees. */
export interface LoanQuery {
  status: StatusLabel | ''
  personId: string
}

/** The loans whose shown status and person match the filters, in the order given. */
export function filterLoans<L extends { personId: string; status: StatusLabel }>(
  rows: readonly L[],
  query: LoanQuery,
): L[] {
  return rows.filter(
    (row) =>
      (query.status === '' || row.status === query.status) &&
      (query.personId === '' || row.personId === query.personId),
  )
}
