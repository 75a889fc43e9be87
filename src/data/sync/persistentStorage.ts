// Asked once per device, not per account or per start: a browser may show the lender a prompt,
// and asking again after a refusal only nags.
const ASKED_KEY = 'rin-khata:storage-persist-asked'

/**
 * Asks the browser to keep this site's storage under pressure (`navigator.storage.persist()`),
 * once per device, after the first entry is saved. Until entries reach the server, IndexedDB
 * holds the only copy, and "best-effort" storage may be evicted when the phone is short of
 * space. Browsers without the API (or over plain http) just skip it.
 */
export function askForPersistentStorageOnce(): void {
  if (localStorage.getItem(ASKED_KEY) !== null) return
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (typeof storage?.persist !== 'function') return
  localStorage.setItem(ASKED_KEY, '1')
  void storage.persist().catch((cause: unknown) => {
    console.warn('Could not ask for persistent storage', cause)
  })
}
