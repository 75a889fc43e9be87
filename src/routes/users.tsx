import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from './app.tsx'

const PersonLoansScreen = lazyRouteComponent(
  () => import('../features/loans/PersonLoansScreen.tsx'),
  'PersonLoansScreen',
)
const DepositScreen = lazyRouteComponent(
  () => import('../features/deposit/DepositScreen.tsx'),
  'DepositScreen',
)
const StatementScreen = lazyRouteComponent(
  () => import('../features/statement/StatementScreen.tsx'),
  'StatementScreen',
)

/** `/users/$personId/loans`: one person's loans, payments and totals. */
export const personLoansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/$personId/loans',
  component: PersonLoansPage,
})

function PersonLoansPage() {
  const { personId } = personLoansRoute.useParams()
  return <PersonLoansScreen key={personId} personId={personId} />
}

/** `/users/$personId/deposit`: record a deposit across one person's loans. */
export const depositRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/$personId/deposit',
  component: DepositPage,
})

function DepositPage() {
  const { personId } = depositRoute.useParams()
  return <DepositScreen key={personId} personId={personId} />
}

/** `/users/$personId/statement`: the borrower's statement, to print or share as a PDF. */
export const statementRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/$personId/statement',
  component: StatementPage,
})

function StatementPage() {
  const { personId } = statementRoute.useParams()
  return <StatementScreen key={personId} personId={personId} />
}
