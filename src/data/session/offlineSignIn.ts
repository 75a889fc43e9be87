/**
 * Offline sign-in: at each sign-in the server accepts, a salted PBKDF2 hash of the password is
 * kept on the device, so that a lender who logged out with no network can get back into the book
 * that is still on the phone. The password itself is never stored. A stolen phone gives an
 * attacker this hash to guess against, which is why it is slow to compute (600,000 rounds of
 * SHA-256, OWASP's 2023 figure; about a quarter of a second) and salted per account.
 *
 * WebCrypto's `subtle` exists only in secure contexts (https, or localhost): over plain http
 * from a LAN address there is no way to check a password offline, and the login screen says so.
 */

const KEY_PREFIX = 'rin-khata:offline-sign-in:'
const ITERATIONS = 600_000
const SALT_BYTES = 16
const HASH_BITS = 256

interface Verifier {
  version: 1
  userId: string
  email: string
  salt: string
  iterations: number
  hash: string
}

/** The account a verifier belongs to (the same shape as the session's user). */
export interface OfflineUser {
  id: string
  email: string
}

/** What checking a password on the device found. */
export type OfflineCheck =
  | { kind: 'match'; user: OfflineUser }
  | { kind: 'mismatch' }
  | { kind: 'unknown' }
  | { kind: 'unsupported' }

/** Whether this page can derive and check verifiers at all (false over plain http). */
export function offlineSignInSupported(): boolean {
  return window.isSecureContext && typeof crypto !== 'undefined' && crypto.subtle !== undefined
}

function keyFor(email: string): string {
  return KEY_PREFIX + email.trim().toLowerCase()
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    HASH_BITS,
  )
  return new Uint8Array(bits)
}

function read(email: string): Verifier | null {
  try {
    const raw = localStorage.getItem(keyFor(email))
    if (!raw) return null
    const v = JSON.parse(raw) as Partial<Verifier>
    if (
      v.version === 1 &&
      typeof v.userId === 'string' &&
      typeof v.email === 'string' &&
      typeof v.salt === 'string' &&
      typeof v.hash === 'string' &&
      typeof v.iterations === 'number'
    ) {
      return v as Verifier
    }
  } catch {
    // A corrupt entry is the same as none: the lender signs in online once more.
  }
  return null
}

/** Whether `email` can sign in on this device without the network. */
export function canSignInOffline(email: string): boolean {
  return offlineSignInSupported() && read(email) !== null
}

/**
 * Keeps a fresh verifier for `user` after the server accepted `password` (a sign-in, or a change
 * of password in Settings). Failure is not fatal (the lender just cannot sign in offline), so it
 * is logged, not thrown; the verifier of an older password is dropped then, never kept: only the
 * password the server last accepted may open the book offline.
 */
export async function rememberPassword(user: OfflineUser, password: string): Promise<void> {
  if (!offlineSignInSupported()) return
  try {
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
    const hash = await derive(password, salt, ITERATIONS)
    const verifier: Verifier = {
      version: 1,
      userId: user.id,
      email: user.email,
      salt: toBase64(salt),
      iterations: ITERATIONS,
      hash: toBase64(hash),
    }
    localStorage.setItem(keyFor(user.email), JSON.stringify(verifier))
  } catch (cause) {
    console.error('Could not keep the offline sign-in check', cause)
    forget(user.email)
  }
}

function forget(email: string): void {
  try {
    localStorage.removeItem(keyFor(email))
  } catch {
    // Storage unavailable: there is nothing this page can read back either.
  }
}

/**
 * Drops the verifier of `email` if `password` matches it although the server just refused that
 * password: the password was changed elsewhere (another device, or the operator's reset), and the
 * old one must not open the book offline any more. A wrong guess that does not match leaves the
 * verifier alone, so nobody can take offline sign-in away from the lender by mistyping on purpose.
 */
export async function forgetStalePassword(email: string, password: string): Promise<void> {
  if ((await checkPasswordOffline(email, password)).kind === 'match') forget(email)
}

/** Checks `password` for `email` against the verifier kept at the last online sign-in. */
export async function checkPasswordOffline(email: string, password: string): Promise<OfflineCheck> {
  if (!offlineSignInSupported()) return { kind: 'unsupported' }
  const verifier = read(email)
  if (!verifier) return { kind: 'unknown' }
  const expected = fromBase64(verifier.hash)
  const actual = await derive(password, fromBase64(verifier.salt), verifier.iterations)
  // Compare every byte, so the time taken says nothing about where the first difference is.
  let difference = expected.length ^ actual.length
  for (let i = 0; i < expected.length; i++) difference |= (expected[i] ?? 0) ^ (actual[i] ?? 0)
  if (difference !== 0) return { kind: 'mismatch' }
  return { kind: 'match', user: { id: verifier.userId, email: verifier.email } }
}
