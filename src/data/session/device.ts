/**
 * This device's name, as the lender calls it ("Ramesh's phone"). It labels who changed what in a
 * loan's history and the sessions in the Devices list. It is kept per browser profile, so two
 * devices of one lender can tell themselves apart; until the lender names it, a name is guessed
 * from the browser ("Chrome on Android").
 */

const NAME_KEY = 'rin-khata:device-name'
const MAX_LENGTH = 40

const listeners = new Set<() => void>()

/** The browsers a guessed name can name. */
export const BROWSERS = ['Edge', 'Firefox', 'Chrome', 'Safari'] as const
/** The systems a guessed name can name. */
export const SYSTEMS = ['Android', 'iPhone', 'iPad', 'Windows', 'Mac', 'Linux'] as const
export type Browser = (typeof BROWSERS)[number]
export type System = (typeof SYSTEMS)[number]

/** What the user agent tells of a device: its browser and its system, each when known. */
export interface DeviceFacts {
  browser: Browser | null
  os: System | null
}

/** The browser and the system a user agent names. */
export function deviceFacts(userAgent: string): DeviceFacts {
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
  return { browser, os }
}

/** The name a guess stores when the user agent names neither browser nor system. */
const UNKNOWN = 'This device'

/**
 * The stored form of a guessed name: "Chrome on Android", "Safari", "This device". It is the
 * form every version of the app has written into histories and sessions, so old and new records
 * read alike; it is a record of facts, never shown as is: `parseGuessedName` takes the facts
 * back and the screen words them in the reader's language (`deviceLabel` in ui/words.ts).
 */
export function guessedName(facts: DeviceFacts): string {
  const { browser, os } = facts
  if (browser && os) return `${browser} on ${os}`
  return browser ?? os ?? UNKNOWN
}

/** "Chrome on Android", "Safari on iPhone", … from the user agent; "This device" when unknown. */
export function guessDeviceName(userAgent: string): string {
  return guessedName(deviceFacts(userAgent))
}

const isBrowser = (word: string): word is Browser => (BROWSERS as readonly string[]).includes(word)
const isSystem = (word: string): word is System => (SYSTEMS as readonly string[]).includes(word)

/**
 * The facts a guessed name stores ("Chrome on Android" → Chrome, Android), or null for a name
 * the lender gave, which is shown as they typed it.
 */
export function parseGuessedName(name: string): DeviceFacts | null {
  const trimmed = name.trim()
  if (trimmed === UNKNOWN) return { browser: null, os: null }
  const both = /^(\w+) on (\w+)$/.exec(trimmed)
  if (both) {
    const [, browser = '', os = ''] = both
    return isBrowser(browser) && isSystem(os) ? { browser, os } : null
  }
  if (isBrowser(trimmed)) return { browser: trimmed, os: null }
  if (isSystem(trimmed)) return { browser: null, os: trimmed }
  return null
}

/** The name the lender gave this device; '' while it goes by the guessed one. */
export function readGivenDeviceName(): string {
  try {
    return localStorage.getItem(NAME_KEY)?.trim() ?? ''
  } catch {
    return ''
  }
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
