/**
 * This device's name, as the lender calls it ("Ramesh's phone"). It labels who changed what in a
 * loan's history and the sessions in the Devices list. It is kept per browser profile, so two
 * devices of one lender can tell themselves apart; until the lender names it, a name is guessed
 * from the browser ("Chrome on Android").
 */

const NAME_KEY = 'rin-khata:device-name'
const MAX_LENGTH = 40

const listeners = new Set<() => void>()

/** "Chrome on Android", "Safari on iPhone", … from the user agent; "This device" when unknown. */
export function guessDeviceName(userAgent: string): string {
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X/.test(userAgent)
            ? 'Mac'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
  if (browser && os) return `${browser} on ${os}`
  return browser ?? os ?? 'This device'
}

/** The name the lender gave this device, or the guessed one. */
export function readDeviceName(): string {
  try {
    const stored = localStorage.getItem(NAME_KEY)?.trim()
    if (stored) return stored
  } catch {
    // Storage can be unavailable (private mode); the guess still names the device.
  }
  return guessDeviceName(typeof navigator === 'undefined' ? '' : navigator.userAgent)
}

/** Names this device; a blank name goes back to the guessed one. Longer names are cut. */
export function writeDeviceName(name: string): void {
  const trimmed = name.trim().slice(0, MAX_LENGTH)
  if (trimmed) localStorage.setItem(NAME_KEY, trimmed)
  else localStorage.removeItem(NAME_KEY)
  for (const listener of listeners) listener()
}

/** Calls `listener` whenever this tab renames the device (for `useSyncExternalStore`). */
export function subscribeDeviceName(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
