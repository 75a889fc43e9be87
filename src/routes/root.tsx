import { createRootRoute, Outlet } from '@tanstack/react-router'
import { RouteError } from './RouteError.tsx'

/** The root: no chrome of its own (the login page has none; the shell is the `app` layout). */
export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <RouteError />,
  errorComponent: RouteError,
})
