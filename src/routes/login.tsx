import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { resolveSession } from '../data/session.ts'
import { rootRoute } from './root.tsx'

/** `/login`: a lender who is already signed in goes straight to the dashboard. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: async () => {
    if (await resolveSession()) throw redirect({ to: '/dashboard', replace: true })
  },
  component: lazyRouteComponent(() => import('../features/auth/LoginScreen.tsx'), 'LoginScreen'),
})
