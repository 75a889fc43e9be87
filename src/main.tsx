import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
// First: initialises the catalogue (and <html lang>) before anything renders.
import { i18n } from './i18n/index.ts'
import { router } from './router.tsx'
// The signed-out pages' look; Chakra's provider is the shell's (ui/shell/AppShell.tsx).
import './ui/plain.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// index.html's spinner, named in the lender's language, until the first screen is drawn. Beside
// the root, not in it: an empty root is how a page (and a test) tells the app has not drawn yet.
const starting = document.getElementById('starting')
starting?.querySelector('[role="status"]')?.setAttribute('aria-label', i18n.t('shell:loading'))

/** Takes the spinner away in the commit that draws the first screen. */
function Started(): null {
  useLayoutEffect(() => starting?.remove(), [])
  return null
}

function render(root: HTMLElement): void {
  // As a transition, React renders the first screen in slices, not in one task (234 ms on a
  // phone-class CPU for the shell and the dashboard).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
        <Started />
      </StrictMode>,
    ),
  )
}

/**
 * Loads the route of the address shown, and again should the address have changed meanwhile (a
 * script's pushState; a lender's taps cannot reach a page not drawn yet). Until it is drawn, the
 * router does not follow the history, and once drawn it was seen not to catch up.
 */
async function loadFirstRoute(): Promise<void> {
  for (let loads = 0; loads < 3; loads++) {
    await router.load()
    if (router.history.location.href === router.state.resolvedLocation?.href) return
  }
}

// The first screen is drawn once its route has loaded (its code, the session, the catalogues);
// index.html's spinner shows until then. Drawn before, the router shows its pending screen, and
// React holds the loaded screen back until 300 ms after that fallback went up (its throttle on
// revealing suspended content): a reload's dashboard rows came 250-300 ms later for it.
loadFirstRoute().then(
  () => render(container),
  (error: unknown) => {
    // A route's own failure is kept for its error page; should the load itself fail, the app is
    // drawn anyway, and the router, finding the route not loaded, loads it again.
    console.error(error)
    render(container)
  },
)
