import { createRoute, type RouteComponent } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { appRoute } from './app.tsx'
import { screenChunk } from './screenChunks.ts'

/** A page of the signed-in app at `path`, showing `component`. */
export function appPage<const TPath extends string>(path: TPath, component: RouteComponent) {
  const route = createRoute({ getParentRoute: () => appRoute, path, component })
  // A lazy screen (`lazyRouteComponent`) is fetched as soon as the app knows it is going there.
  const preload = component.preload
  if (preload) screenChunk(route, preload)
  return route
}

/**
 * A page about one record (a person, a loan) at `path`, whose `param` names it: `render` gets the
 * record's id. Keying what it renders by the id makes moving from one record's page to another's
 * start from fresh state.
 */
export function recordPage<const TPath extends string>(
  path: TPath,
  param: 'id' | 'personId' | 'memberId',
  render: (id: string) => ReactNode,
) {
  const route = appPage(path, function RecordPage(): ReactNode {
    const params: Record<string, string> = route.useParams()
    return render(params[param] ?? '')
  })
  return route
}
