import { createRoute, redirect } from '@tanstack/react-router'
import { bookRoom, chosenBook } from '../data/book/chosenBook.ts'
import { resolveSession } from '../data/session/session.ts'
import { databasesOnDevice, downloadBookEarly } from '../data/sync/bookDownload.ts'
import { nextTask } from '../data/sync/tasks.ts'
import { loadAppCatalogues } from '../i18n/index.ts'
import { rootRoute } from './root.tsx'
import { preloadScreens } from './screenChunks.ts'

// The shell, the screens' texts and the data layer (Yjs, IndexedDB, the socket, the schema) are
// chunks of their own: the login page never needs them, and a signed-in start fetches them in
// parallel.
const loadShell = () => import('../ui/shell/AppShell.tsx')

/**
 * The signed-in layout: every route below it needs a session (or, offline, the cached user),
 * and gets the lender's docs opened from IndexedDB before its first render.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location, matches }) => {
    const onDevice = databasesOnDevice()
    const user = await resolveSession()
    if (!user) throw redirect({ to: '/login', replace: true })
    // A collector never opens the book itself: his app is his sheet (issue 31).
    if (chosenBook(user.id)?.role === 'collector') throw redirect({ to: '/collect', replace: true })
    // Opening on the dashboard (`/` is it too), the book waits until the kept picture is drawn.
    const onDashboard = location.pathname === '/' || location.pathname === '/dashboard'
    // A device without the book starts fetching it before the code below: on a slow link the
    // book is the long wait of a first visit. On the dashboard, the server's picture of it comes
    // too, to be shown meanwhile.
    await downloadBookEarly(bookRoom(user.id), onDevice, { onDashboard })
    // The shell's chunk (Chakra and the theme with it) and the screens' texts come in parallel
    // with the data layer's, and the page's own screen with them, not after them.
    const loading = Promise.all([
      import('../data/book/workspace.ts'),
      loadShell(),
      loadAppCatalogues(),
    ])
    preloadScreens(matches)
    const [{ openWorkspace }, { AppShell, appSystem }] = await loading
    // Chakra's design system is built in a task of its own: built while the shell's code ran, it
    // made that one task of about 380 ms on a phone-class CPU, with nothing drawn meanwhile.
    await nextTask()
    appSystem()
    await nextTask()
    return { user, workspace: openWorkspace(user.id, onDashboard), AppShell }
  },
  component: AppLayout,
})

/**
 * The shell, as `beforeLoad` loaded it. Not a lazy route component: that keeps a promise of its
 * own, so its first render suspends even with the chunk loaded, and React then holds the screen
 * back until 300 ms after the pending screen it showed meanwhile (see src/main.tsx).
 */
function AppLayout() {
  const { user, workspace, AppShell } = appRoute.useRouteContext()
  return <AppShell user={user} workspace={workspace} />
}
