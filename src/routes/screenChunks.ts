import type { AnyRoute } from '@tanstack/react-router'

/** The signed-in pages whose screen is a chunk of its own, and how to fetch it (see `appPage`). */
const screens: { route: AnyRoute; preload: () => Promise<void> | undefined }[] = []

/** Registers `route`'s screen chunk, fetched by `preload`. */
export function screenChunk(route: AnyRoute, preload: () => Promise<void> | undefined): void {
  screens.push({ route, preload })
}

/**
 * Starts fetching the screen chunks of the routes `matches` names, without waiting for them. The
 * router fetches a page's screen only once the signed-in layout above it has loaded (its shell
 * and design system), a second trip after the first on a slow link: on a new phone on slow 4G
 * the dashboard's code came about 0.9 s after the shell's, and the dashboard with it.
 */
export function preloadScreens(matches: readonly { routeId: string }[]): void {
  for (const { route, preload } of screens) {
    if (!matches.some((match) => match.routeId === route.id)) continue
    // A chunk that cannot come now (offline, not cached) is no error here: the router loads it
    // again when it draws the page, and shows its error page should that fail too.
    preload()?.catch(() => undefined)
  }
}
