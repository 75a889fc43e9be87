import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { chosenBook } from '../data/book/chosenBook.ts'
import { resolveSession } from '../data/session/session.ts'
import { nextTask } from '../data/sync/tasks.ts'
import { loadAppCatalogues } from '../i18n/index.ts'
import { rootRoute } from './root.tsx'

// A collector's screens are chunks of their own: nobody else ever needs them.
const loadShell = () => import('../features/collect/CollectorShell.tsx')
const CollectorHome = lazyRouteComponent(
  () => import('../features/collect/CollectorHome.tsx'),
  'CollectorHome',
)
const CollectorDeposit = lazyRouteComponent(
  () => import('../features/collect/CollectorDeposit.tsx'),
  'CollectorDeposit',
)

/**
 * `/collect`: the app of a collector (issue 31), for the book this device was told to open. He
 * never opens the book itself (see `shared/collect.ts`): the layout opens his sheet and outbox
 * instead of the book's docs, and anyone else is sent to their dashboard.
 */
export const collectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collect',
  beforeLoad: async () => {
    const user = await resolveSession()
    if (!user) throw redirect({ to: '/login', replace: true })
    const book = chosenBook(user.id)
    if (book?.role !== 'collector') throw redirect({ to: '/dashboard', replace: true })
    const [{ CollectorShell, appSystem }] = await Promise.all([loadShell(), loadAppCatalogues()])
    await nextTask()
    appSystem()
    return { user, book, CollectorShell }
  },
  component: CollectLayout,
})

/** The shell, as `beforeLoad` loaded it (not a lazy component: see `AppLayout` in app.tsx). */
function CollectLayout() {
  const { user, book, CollectorShell } = collectRoute.useRouteContext()
  return <CollectorShell user={user} book={book} />
}

/** `/collect/`: his villages' people, what he recorded today, and what waits to be sent. */
export const collectHomeRoute = createRoute({
  getParentRoute: () => collectRoute,
  path: '/',
  component: CollectorHome,
})

/** `/collect/$personId`: a deposit from one of his villages' people. */
export const collectDepositRoute = createRoute({
  getParentRoute: () => collectRoute,
  path: '$personId',
  component: function CollectDepositPage() {
    const { personId } = collectDepositRoute.useParams()
    return <CollectorDeposit key={personId} personId={personId} />
  },
})
