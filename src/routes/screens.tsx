import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from './app.tsx'

// Thin routes: each screen is its own chunk, loaded when its route is first visited.

const DashboardScreen = lazyRouteComponent(
  () => import('../features/dashboard/DashboardScreen.tsx'),
  'DashboardScreen',
)
const CitiesScreen = lazyRouteComponent(
  () => import('../features/cities/CitiesScreen.tsx'),
  'CitiesScreen',
)
const SettingsScreen = lazyRouteComponent(
  () => import('../features/settings/SettingsScreen.tsx'),
  'SettingsScreen',
)
const TrashScreen = lazyRouteComponent(
  () => import('../features/trash/TrashScreen.tsx'),
  'TrashScreen',
)

/** `/dashboard`: the Loan Dashboard. */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  component: DashboardScreen,
})

/** `/city`: the shared list of cities and villages. */
export const cityRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/city',
  component: CitiesScreen,
})

/** `/trash`: deleted people and loans, restorable. */
export const trashRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trash',
  component: TrashScreen,
})

/** `/settings`: this device's name, the signed-in devices, the password. */
export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  component: SettingsScreen,
})
