import { readDeviceName } from './device.ts'

// The better-auth client (about 12 kB gzip) is loaded only to log in, sign up or sign out: the
// session check every start makes is one plain GET, so the login page renders without it.
function loadAuthClient() {
  return import('./authClient.ts').then((module) => module.authClient)
}

/**
 * Starts fetching the auth client while the lender types, so that pressing Login does not wait
 * for it on a slow network.
 */
export function preloadAuthClient(): void {
  void loadAuthClient().catch(() => {
    // Offline: the attempt to log in says so when it is made.
  })
}

/** The signed-in lender, as much of them as the app needs. */
export interface SessionUser {
  id: string
  email: string
}

/**
 * `unknown` until the first check (a cached user counts as signed in at once). `expired` marks a
 * session the server stopped accepting, as opposed to the lender choosing to log out.
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-out'; expired: boolean }
  | { status: 'signed-in'; user: SessionUser }

/** Result of a login or sign-up attempt; `message` is the server's text, shown as is. */
export type AuthResult = { ok: true; user: SessionUser } | { ok: false; message: string }

// The last signed-in user is cached so that a reload while offline still opens the lender's
// data from IndexedDB: local-first means the network is never needed to see your own ledger.
const CACHE_KEY = 'rin-khata:last-user'
// Set when the lender logged out but the server could not be told (offline). The session cookie
// is HttpOnly, so only the server can end it: until it has, the next start must not let the
// cookie sign the lender back in.
const SIGN_OUT_PENDING_KEY = 'rin-khata:sign-out-pending'

let state: SessionState = { status: 'unknown' }
let pending: Promise<SessionUser | null> | null = null
const listeners = new Set<() => void>()

function setState(next: SessionState): void {
  state = next
  for (const listener of listeners) listener()
}

function readCachedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'id' in parsed &&
      'email' in parsed &&
      typeof parsed.id === 'string' &&
      typeof parsed.email === 'string'
    ) {
      return { id: parsed.id, email: parsed.email }
    }
  } catch {
    // A corrupt cache entry is the same as none.
  }
  return null
}

function signedIn(user: SessionUser): SessionUser {
  localStorage.setItem(CACHE_KEY, JSON.stringify(user))
  setState({ status: 'signed-in', user })
  return user
}

function signedOut(expired = false): null {
  localStorage.removeItem(CACHE_KEY)
  setState({ status: 'signed-out', expired })
  return null
}

type ServerAnswer = { kind: 'user'; user: SessionUser } | { kind: 'none' } | { kind: 'unreachable' }

/** better-auth's GET /get-session answer: `null` without a live session. */
function userOf(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null || !('user' in body)) return null
  const { user } = body
  if (typeof user !== 'object' || user === null || !('id' in user) || !('email' in user)) return null
  return typeof user.id === 'string' && typeof user.email === 'string'
    ? { id: user.id, email: user.email }
    : null
}

async function askServer(): Promise<ServerAnswer> {
  try {
    // better-auth's own endpoint, as its client calls it (credentials: the session cookie).
    const response = await fetch('/api/auth/get-session', {
      credentials: 'include',
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return { kind: 'unreachable' }
    const user = userOf(await response.json())
    return user ? { kind: 'user', user } : { kind: 'none' }
  } catch {
    return { kind: 'unreachable' }
  }
}

/** Confirms a cached session in the background; only a clear "no session" signs the user out. */
async function verifyCached(cached: SessionUser): Promise<void> {
  const answer = await askServer()
  // The lender may have signed out (or in as someone else) while the request was out.
  if (state.status !== 'signed-in' || state.user.id !== cached.id) return
  if (answer.kind === 'none') signedOut(true)
  else if (answer.kind === 'user') {
    const same = answer.user.id === cached.id && answer.user.email === cached.email
    signedIn(same ? cached : answer.user)
  }
}

/**
 * The current user for the route guards. A cached user is trusted at once (and checked in the
 * background) so the ledger renders from IndexedDB without waiting for the network; without a
 * cache the server is asked, and an unreachable server means signed out.
 */
export function resolveSession(): Promise<SessionUser | null> {
  if (state.status === 'signed-in') return Promise.resolve(state.user)
  if (state.status === 'signed-out') return Promise.resolve(null)
  if (pending) return pending
  const cached = readCachedUser()
  if (cached) {
    signedIn(cached)
    void verifyCached(cached)
    return Promise.resolve(cached)
  }
  if (localStorage.getItem(SIGN_OUT_PENDING_KEY)) {
    void tellServerSignedOut()
    return Promise.resolve(signedOut())
  }
  pending = askServer().then((answer) => {
    pending = null
    return answer.kind === 'user' ? signedIn(answer.user) : signedOut()
  })
  return pending
}

/** Logs in or creates an account; on success the session is live for the guards at once. */
export async function authenticate(
  mode: 'login' | 'signup',
  email: string,
  password: string,
): Promise<AuthResult> {
  try {
    const authClient = await loadAuthClient()
    const { data, error } =
      mode === 'login'
        ? await authClient.signIn.email({ email, password })
        : await authClient.signUp.email({ email, password, name: email.split('@')[0] ?? email })
    if (error || !data) {
      return { ok: false, message: error?.message || error?.statusText || 'Something went wrong' }
    }
    // The new session replaced whatever cookie a pending sign-out was about.
    localStorage.removeItem(SIGN_OUT_PENDING_KEY)
    // The new session is listed by this device's name on the lender's other devices.
    void import('./devices.ts').then(({ shareDeviceName }) => shareDeviceName(readDeviceName()))
    return { ok: true, user: signedIn({ id: data.user.id, email: data.user.email }) }
  } catch (cause) {
    return { ok: false, message: cause instanceof Error ? cause.message : String(cause) }
  }
}

/** Ends the session here at once (even offline) and tells the server when it can. */
export async function signOut(): Promise<void> {
  localStorage.setItem(SIGN_OUT_PENDING_KEY, '1')
  signedOut()
  await tellServerSignedOut()
}

async function tellServerSignedOut(): Promise<void> {
  try {
    const authClient = await loadAuthClient()
    const { error } = await authClient.signOut()
    if (error) console.error('Sign-out failed on the server', error)
    else localStorage.removeItem(SIGN_OUT_PENDING_KEY)
  } catch (cause) {
    console.error('Sign-out failed on the server', cause)
  }
}

/** Called when the sync server refuses the session (close code 4401): the cookie is gone. */
export function sessionRejected(): void {
  if (state.status === 'signed-in') signedOut(true)
}

// At most one question to the server per interval, however often the socket retries.
const RECHECK_INTERVAL_MS = 5_000
let lastRecheck = -Infinity
let rechecking = false

/**
 * Asks the server whether the session still stands, after the sync socket failed to connect.
 * The server refuses an upgrade without a live session with a plain HTTP 401, which a browser
 * reports only as an unexplained failure (1006), indistinguishable from a network error. So the
 * auth API is asked; only a clear "no session" ends it, and the local docs stay on the device.
 */
export function recheckSession(): void {
  const now = Date.now()
  if (state.status !== 'signed-in' || rechecking || now - lastRecheck < RECHECK_INTERVAL_MS) return
  lastRecheck = now
  rechecking = true
  const { user } = state
  void askServer().then((answer) => {
    rechecking = false
    if (answer.kind === 'none' && state.status === 'signed-in' && state.user.id === user.id) {
      signedOut(true)
    }
  })
}

/** The session store for `useSyncExternalStore`. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current session state (stable identity until it changes). */
export function getSessionState(): SessionState {
  return state
}
