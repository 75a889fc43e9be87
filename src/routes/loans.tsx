import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from './app.tsx'
import { appPage, recordPage } from './appPage.tsx'

// Thin routes: each screen is its own chunk, loaded when its route is first visited.
const load = {
  list: () => import('../features/loans/LoansScreen.tsx'),
  form: () => import('../features/loans/LoanFormScreen.tsx'),
}
const LoanFormScreen = lazyRouteComponent(load.form, 'LoanFormScreen')

/** `/loans`: every loan, filterable by status and person. */
export const loansRoute = appPage('/loans', lazyRouteComponent(load.list, 'LoansScreen'))

/**
 * Search of `/loans/add`: an optional person to prefill (a bookmarkable link from a person), and
 * `oldDues=1` to bring an old loan from a paper khata (from the person's note of a balance).
 */
export interface LoanAddSearch {
  personId?: string
  oldDues?: 1
}

/** `/loans/add`: the loan form, empty or with the person prefilled. */
export const loanAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/loans/add',
  validateSearch: (search: Record<string, unknown>): LoanAddSearch => ({
    ...(typeof search.personId === 'string' &&
      search.personId !== '' && {
        personId: search.personId,
      }),
    ...((search.oldDues === 1 || search.oldDues === '1') && { oldDues: 1 as const }),
  }),
  component: LoanAddPage,
})

function LoanAddPage() {
  const { personId, oldDues } = loanAddRoute.useSearch()
  return (
    <LoanFormScreen
      key={`${personId ?? ''}:${oldDues ?? ''}`}
      personId={personId}
      oldDues={oldDues === 1}
    />
  )
}

/** `/loans/edit/$id`: the loan form for one loan, with its status. */
export const loanEditRoute = recordPage('/loans/edit/$id', 'id', (id) => (
  <LoanFormScreen key={id} loanId={id} />
))
