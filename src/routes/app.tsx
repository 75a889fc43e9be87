import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { resolveSession } from '../data/session.ts'
import { loadAppSystem } from '../ui/systemStore.ts'
import { rootRoute } from './root.tsx'

// The shell and the data layer (Yjs, IndexedDB, the socket, the schema) are chunks of their
// own: the login page never needs them, and a signed-in start fetches them in parallel.
const AppShell = lazyRouteComponent(() => import('../ui/shell/AppShell.tsx'), 'AppShell')

/**
 * The signed-in layout: every route below it needs a session (or, offline, the cached user),
 * and gets the lender's docs opened from IndexedDB before its first render.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async () => {
    const user = await resolveSession()
    if (!user) throw redirect({ to: '/login', replace: true })
    // The shell's design system is in place before the shell renders, so it never flashes
    // unstyled; both chunks come in parallel.
    const [{ openWorkspace }] = await Promise.all([import('../data/workspace.ts'), loadAppSystem()])
    return { user, workspace: openWorkspace(user.id) }
  },
  component: AppLayout,
})

function AppLayout() {
  const { user, workspace } = appRoute.useRouteContext()
  return <AppShell user={user} workspace={workspace} />
}
