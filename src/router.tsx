import { createRouter } from '@tanstack/react-router'
import { appRoute } from './routes/app.tsx'
import { dayBookRoute, reviewRoute } from './routes/collectors.tsx'
import { collectDepositRoute, collectHomeRoute, collectRoute } from './routes/collect.tsx'
import { homeRoute } from './routes/home.tsx'
import { loanAddRoute, loanEditRoute, loansRoute } from './routes/loans.tsx'
import { loginRoute } from './routes/login.tsx'
import {
  peopleRoute,
  personAddRoute,
  personDetailsRoute,
  personEditRoute,
} from './routes/people.tsx'
import { RouteError } from './routes/RouteError.tsx'
import { rootRoute } from './routes/root.tsx'
import { cityRoute, dashboardRoute, settingsRoute, trashRoute } from './routes/screens.tsx'
import { PendingScreen } from './ui/shell/PendingScreen.tsx'
import { depositRoute, personLoansRoute, statementRoute } from './routes/users.tsx'

const routeTree = rootRoute.addChildren([
  loginRoute,
  collectRoute.addChildren([collectHomeRoute, collectDepositRoute]),
  appRoute.addChildren([
    homeRoute,
    dashboardRoute,
    cityRoute,
    peopleRoute,
    personAddRoute,
    personEditRoute,
    personDetailsRoute,
    personLoansRoute,
    depositRoute,
    statementRoute,
    loansRoute,
    loanAddRoute,
    loanEditRoute,
    trashRoute,
    settingsRoute,
    dayBookRoute,
    reviewRoute,
  ]),
])

/** The app's router: code-based routes (spec §2), with the spec's error page for every failure. */
export const router = createRouter({
  routeTree,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: () => <RouteError />,
  defaultPendingComponent: PendingScreen,
  // Screens are local-first: hovering a link fetches its chunk so the click renders at once.
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
