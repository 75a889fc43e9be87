/**
 * The guard against a book written by a newer app (see `isNewerLayout`): a hook the shell reads
 * to stop showing and changing the book, and the update that gets this device the newer app.
 */
import { useSyncExternalStore } from 'react'
import { metaMap } from '../../../shared/schema/doc.ts'
import { isNewerLayout } from '../../../shared/schema/layouts/index.ts'
import { useSignedIn } from '../book/WorkspaceContext.tsx'

/**
 * Whether the signed-in lender's book needs a newer app than this one: the book on this device
 * says so, or the server turned this app away as older than the book it holds. Follows sync.
 */
export function useNewerLayout(): boolean {
  const lender = useSignedIn().workspace.lender
  return useSyncExternalStore(
    (onChange) => {
      const meta = metaMap(lender.doc)
      meta.observe(onChange)
      const unsubscribe = lender.subscribe(onChange)
      return () => {
        meta.unobserve(onChange)
        unsubscribe()
      }
    },
    () => lender.outdated || isNewerLayout(lender.doc),
  )
}

/**
 * Fetches the newest app from the server and reloads into it. The service worker is asked to
 * check for a new version first and given time to take over (it skips waiting), so the reload
 * is not served the old files from its cache. Offline, the reload gets the cached app, which
 * asks again.
 */
export async function updateApp(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined)
  if (registration) {
    await registration.update().catch(() => undefined)
    const incoming = registration.installing ?? registration.waiting
    if (incoming) {
      await new Promise<void>((resolve) => {
        const settle = () => {
          if (incoming.state === 'activated' || incoming.state === 'redundant') resolve()
        }
        incoming.addEventListener('statechange', settle)
        settle()
        setTimeout(resolve, 10_000)
      })
    }
  }
  location.reload()
}
