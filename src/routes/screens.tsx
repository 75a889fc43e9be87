import { lazyRouteComponent } from '@tanstack/react-router'
import { appPage } from './appPage.tsx'

// Thin routes: each screen is its own chunk, loaded when its route is first visited.
const load = {
  dashboard: () => import('../features/dashboard/DashboardScreen.tsx'),
  cities: () => import('../features/cities/CitiesScreen.tsx'),
  settings: () => import('../features/settings/SettingsScreen.tsx'),
  trash: () => import('../features/trash/TrashScreen.tsx'),
}

/** `/dashboard`: the Loan Dashboard. */
export const dashboardRoute = appPage(
  '/dashboard',
  lazyRouteComponent(load.dashboard, 'DashboardScreen'),
)

/** `/city`: the shared list of cities and villages. */
export const cityRoute = appPage('/city', lazyRouteComponent(load.cities, 'CitiesScreen'))

/** `/trash`: deleted people and loans, restorable. */
export const trashRoute = appPage('/trash', lazyRouteComponent(load.trash, 'TrashScreen'))

/** `/settings`: this device's name, the signed-in devices, the password. */
export const settingsRoute = appPage(
  '/settings',
  lazyRouteComponent(load.settings, 'SettingsScreen'),
)
