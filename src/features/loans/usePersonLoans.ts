import { useMemo } from 'react'
import type { Loan } from '../../../shared/schema/types.ts'
import { useActiveLoansOf } from '../../data/book/hooks.ts'

/**
 * A person's loans that are not deleted, as their pages list them: newest start date first (the
 * one made later first on the same day). Read from the doc's per-person list, so a change to
 * someone else's loans neither re-sorts nor re-renders this person's pages.
 */
export function usePersonLoans(personId: string): readonly Loan[] {
  const loans = useActiveLoansOf(personId)
  return useMemo(
    () =>
      [...loans].sort(
        (a, b) => b.startDate.localeCompare(a.startDate) || b.createdAt.localeCompare(a.createdAt),
      ),
    [loans],
  )
}
