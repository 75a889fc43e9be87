/**
 * Installs the app for offline use: the service worker precaches every screen's code (about
 * 400 kB compressed). It is registered once a lender's book is open on this device, not on the
 * login screen: a first visit to /login on a slow link spends its seconds on the form, and a new
 * device's first seconds on the book. A device that has never signed in has nothing to open
 * offline (signing in offline needs an earlier sign-in here), so nothing is lost by waiting; a
 * device that has is installed already, and registering again only checks for a newer app.
 */
export function installForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Private modes and some browsers refuse; the app still works online.
  })
}
