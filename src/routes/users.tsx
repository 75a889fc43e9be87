import { lazyRouteComponent } from '@tanstack/react-router'
import { recordPage } from './appPage.tsx'

// Thin routes: each screen is its own chunk, loaded when its route is first visited.
const load = {
  loans: () => import('../features/loans/PersonLoansScreen.tsx'),
  deposit: () => import('../features/deposit/DepositScreen.tsx'),
  statement: () => import('../features/statement/StatementScreen.tsx'),
}
const PersonLoansScreen = lazyRouteComponent(load.loans, 'PersonLoansScreen')
const DepositScreen = lazyRouteComponent(load.deposit, 'DepositScreen')
const StatementScreen = lazyRouteComponent(load.statement, 'StatementScreen')

/** `/users/$personId/loans`: one person's loans, payments and totals. */
export const personLoansRoute = recordPage('/users/$personId/loans', 'personId', (personId) => (
  <PersonLoansScreen key={personId} personId={personId} />
))

/** `/users/$personId/deposit`: record a deposit across one person's loans. */
export const depositRoute = recordPage('/users/$personId/deposit', 'personId', (personId) => (
  <DepositScreen key={personId} personId={personId} />
))

/** `/users/$personId/statement`: the borrower's statement, to print or share as a PDF. */
export const statementRoute = recordPage('/users/$personId/statement', 'personId', (personId) => (
  <StatementScreen key={personId} personId={personId} />
))
