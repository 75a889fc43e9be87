import { createRoute, redirect } from '@tanstack/react-router'
import { appRoute } from './app.tsx'

/** `/` has no page of its own: it is the dashboard. */
export const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true })
  },
})
