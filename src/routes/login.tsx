import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { preloadAuthClient, resolveSession } from '../data/session/session.ts'
import { rootRoute } from './root.tsx'

const LoginScreen = lazyRouteComponent(
  () => import('../features/auth/LoginScreen.tsx'),
  'LoginScreen',
)

/** `/login`: a lender who is already signed in goes straight to the dashboard. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: async () => {
    if (await resolveSession()) throw redirect({ to: '/dashboard', replace: true })
  },
  component: LoginPage,
})

function LoginPage() {
  // Once the form is on screen, not before: on a slow network the form comes first.
  useEffect(preloadAuthClient, [])
  return <LoginScreen />
}
