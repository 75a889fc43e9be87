import { readDeviceName } from './device.ts'
import { sessionEndedEarly } from './sessionEnd.ts'
import { checkPasswordOffline, forgetStalePassword, rememberPassword } from './offlineSignIn.ts'

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
 * session the server stopped accepting, as opposed to the lender choosing to log out;
 * `endedElsewhere` says it had not run out yet, so it was ended on purpose: the device signed
 * out from another one's Settings, or the password changed.
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-out'; expired: boolean; endedElsewhere?: boolean }
  | { status: 'signed-in'; user: SessionUser }

/**
 * Why a login or sign-up did not get in. `refused` carries the server's own words (e.g. "Invalid
 * email or password") and, when it gave one, its error code (INVALID_EMAIL_OR_PASSWORD), by which
 * the login screen finds the same sentence in the lender's language; the others are about the network and the device, and the login screen
 * turns them into sentences (never the browser's "Failed to fetch").
 */
export type AuthFailure =
  | { reason: 'refused'; message: string; code?: string }
  | { reason: 'tooManyAttempts'; retryAfter: number | null }
  | { reason: 'signUpOffline' }
  | { reason: 'offlineUnsupported' }
  | { reason: 'offlineUnknown' }
  | { reason: 'offlineWrongPassword' }

/** Result of a login or sign-up attempt; `offline` marks a sign-in checked on the device. */
export type AuthResult =
  | { ok: true; user: SessionUser; offline: boolean }
  | ({ ok: false } & AuthFailure)

// The last signed-in user is cached so that a reload while offline still opens the lender's
// data from IndexedDB: local-first means the network is never needed to see your own ledger.
const CACHE_KEY = 'rin-khata:last-user'
// Set when the lender logged out but the server could not be told (offline); it holds the id of
// the lender whose session that was. The session cookie is HttpOnly, so only the server can end
// it: until it has, the next start must not let the cookie sign anyone back in.
const SIGN_OUT_PENDING_KEY = 'rin-khata:sign-out-pending'
// Until when (epoch ms) the server's own word says this device's session runs: the `expiresAt`
// of its last /get-session answer. A session the server refuses before then did not run out.
const SESSION_UNTIL_KEY = 'rin-khata:session-until'

let state: SessionState = { status: 'unknown' }
let pending: Promise<SessionUser | null> | null = null
const listeners = new Set<() => void>()
// Whether the server has vouched for the current session since this page loaded. A session
// restored from the cache or opened offline has not, and is checked when the network is back.
let confirmed = false
// The password of a lender who signed in offline, held in memory only (never stored) until the
// server is reachable, so the server session can be re-established without asking again.
let offlineCredentials: { userId: string; email: string; password: string } | null = null

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
  const endedElsewhere =
    expired && sessionEndedEarly(Date.now(), localStorage.getItem(SESSION_UNTIL_KEY))
  localStorage.removeItem(SESSION_UNTIL_KEY)
  setState({ status: 'signed-out', expired, ...(endedElsewhere && { endedElsewhere }) })
  return null
}

/** Keeps the session's end as the server gave it (`expiresAt` of /get-session). */
function rememberSessionEnd(body: unknown): void {
  if (typeof body !== 'object' || body === null || !('session' in body)) return
  const { session } = body
  if (typeof session !== 'object' || session === null || !('expiresAt' in session)) return
  const until = new Date(String(session.expiresAt)).getTime()
  if (Number.isFinite(until)) localStorage.setItem(SESSION_UNTIL_KEY, String(until))
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
    const body: unknown = await response.json()
    rememberSessionEnd(body)
    const user = userOf(body)
    return user ? { kind: 'user', user } : { kind: 'none' }
  } catch {
    return { kind: 'unreachable' }
  }
}

type AuthAnswer =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'refused'; message: string; status: number; code?: string; retryAfter?: number }
  | { kind: 'unreachable' }

/** The server's "try again in n seconds", when it gave one. */
function retryAfterOf(error: object): number | null {
  const value = 'retryAfter' in error ? Number(error.retryAfter) : NaN
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null
}

/** The server's answer to a wrong email or password (sign-in, and sign-up of a taken email). */
const WRONG_CREDENTIALS = 'INVALID_EMAIL_OR_PASSWORD'

/**
 * Asks the server to log in or sign up. A fetch that throws, or a gateway saying the server is
 * down, is `unreachable`; anything else the server says is its answer.
 */
async function askServerToAuthenticate(
  mode: 'login' | 'signup',
  email: string,
  password: string,
): Promise<AuthAnswer> {
  try {
    const authClient = await loadAuthClient()
    const { data, error } =
      mode === 'login'
        ? await authClient.signIn.email({ email, password })
        : await authClient.signUp.email({ email, password, name: email.split('@')[0] ?? email })
    if (error) {
      if (!serverAnswered(error.status)) return { kind: 'unreachable' }
      const retryAfter = retryAfterOf(error)
      return {
        kind: 'refused',
        message: error.message || error.statusText || 'Please try again',
        status: error.status,
        ...(typeof error.code === 'string' ? { code: error.code } : {}),
        ...(retryAfter === null ? {} : { retryAfter }),
      }
    }
    if (!data) return { kind: 'unreachable' }
    return { kind: 'user', user: { id: data.user.id, email: data.user.email } }
  } catch {
    return { kind: 'unreachable' }
  }
}

/** Whether an HTTP status came from our server, rather than from a proxy that could not reach it. */
function serverAnswered(status: number | undefined): boolean {
  return typeof status === 'number' && status > 0 && status !== 502 && status !== 503 && status !== 504
}

function stillSignedInAs(user: SessionUser): boolean {
  return state.status === 'signed-in' && state.user.id === user.id
}

let reconciling = false

/**
 * Brings the server in line with this device once it is reachable: first ends a session the
 * lender logged out of while offline (as promised), then checks that the current lender has a
 * session; if not, signs in again in the background with the password given offline, or failing
 * that asks for sign-in (the local data stays on the device). Unreachable at any step: it stops
 * and runs again when the browser says it is back online.
 */
async function reconcile(): Promise<void> {
  if (reconciling || state.status !== 'signed-in') return
  reconciling = true
  const { user } = state
  try {
    if (localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null) {
      if (!(await tellServerSignedOut())) return
    }
    if (!stillSignedInAs(user)) return
    const answer = await askServer()
    if (!stillSignedInAs(user) || answer.kind === 'unreachable') return
    if (answer.kind === 'user') {
      confirmed = true
      offlineCredentials = null
      const same = answer.user.id === user.id && answer.user.email === user.email
      signedIn(same ? user : answer.user)
      sessionRenewed()
      return
    }
    const credentials = offlineCredentials
    if (credentials?.userId === user.id) {
      const again = await askServerToAuthenticate('login', credentials.email, credentials.password)
      if (!stillSignedInAs(user) || again.kind === 'unreachable') return
      // Too many sign-ins just now: the socket's next failure asks again.
      if (again.kind === 'refused' && again.status === 429) return
      if (again.kind === 'refused' && again.code === WRONG_CREDENTIALS) {
        // Changed elsewhere since: the password given offline must not open the book any more.
        await forgetStalePassword(credentials.email, credentials.password)
      }
      offlineCredentials = null
      if (again.kind === 'user' && again.user.id === user.id) {
        confirmed = true
        void rememberPassword(again.user, credentials.password)
        sessionRenewed()
        return
      }
    }
    offlineCredentials = null
    signedOut(true)
  } finally {
    reconciling = false
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
    void reconcile()
    return Promise.resolve(cached)
  }
  if (localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null) {
    void tellServerSignedOut()
    return Promise.resolve(signedOut())
  }
  pending = askServer().then((answer) => {
    pending = null
    if (answer.kind !== 'user') return signedOut()
    confirmed = true
    return signedIn(answer.user)
  })
  return pending
}

/**
 * Logs in or creates an account; on success the session is live for the guards at once. When the
 * server cannot be reached, a login is checked against the verifier kept on this device at the
 * last online sign-in, so a lender is never locked out of the book on their own phone.
 */
export async function authenticate(
  mode: 'login' | 'signup',
  email: string,
  password: string,
): Promise<AuthResult> {
  const answer = await askServerToAuthenticate(mode, email, password)
  if (answer.kind === 'user') {
    // The new session replaced whatever cookie a pending sign-out was about.
    localStorage.removeItem(SIGN_OUT_PENDING_KEY)
    offlineCredentials = null
    confirmed = true
    await rememberPassword(answer.user, password)
    // The new session is listed by this device's name on the lender's other devices.
    void import('./devices.ts').then(({ shareDeviceName }) => shareDeviceName(readDeviceName()))
    // Learns until when the new session runs, so that its end can be told from an expiry.
    void askServer()
    return { ok: true, user: signedIn(answer.user), offline: false }
  }
  if (answer.kind === 'refused') {
    const { message, code, status } = answer
    if (status === 429) {
      return { ok: false, reason: 'tooManyAttempts', retryAfter: answer.retryAfter ?? null }
    }
    // A password the server no longer takes but this device still would (it was changed on
    // another device, or reset by the operator): offline, it must not open the book either.
    if (code === WRONG_CREDENTIALS) await forgetStalePassword(email, password)
    return { ok: false, reason: 'refused', message, ...(code === undefined ? {} : { code }) }
  }
  if (mode === 'signup') return { ok: false, reason: 'signUpOffline' }
  const check = await checkPasswordOffline(email, password)
  if (check.kind === 'unsupported') return { ok: false, reason: 'offlineUnsupported' }
  if (check.kind === 'unknown') return { ok: false, reason: 'offlineUnknown' }
  if (check.kind === 'mismatch') return { ok: false, reason: 'offlineWrongPassword' }
  const { user } = check
  // The lender proved the password: a session cookie of their own that a pending sign-out was
  // about is theirs to keep. Someone else's is still ended first, when the server is reachable.
  if (localStorage.getItem(SIGN_OUT_PENDING_KEY) === user.id) {
    localStorage.removeItem(SIGN_OUT_PENDING_KEY)
  }
  offlineCredentials = { userId: user.id, email, password }
  confirmed = false
  signedIn(user)
  if (navigator.onLine) void reconcile()
  return { ok: true, user, offline: true }
}

/** Ends the session here at once (even offline) and tells the server when it can. */
export async function signOut(): Promise<void> {
  const userId = state.status === 'signed-in' ? state.user.id : 'unknown'
  localStorage.setItem(SIGN_OUT_PENDING_KEY, userId)
  offlineCredentials = null
  signedOut()
  await tellServerSignedOut()
}

/** Ends the server session of this browser; true once the server has answered. */
async function tellServerSignedOut(): Promise<boolean> {
  try {
    const authClient = await loadAuthClient()
    const { error } = await authClient.signOut()
    if (error && !serverAnswered(error.status)) return false
    // Any answer from the server (even "no session to end") settles the pending sign-out.
    if (error) console.error('Sign-out failed on the server', error)
    localStorage.removeItem(SIGN_OUT_PENDING_KEY)
    return true
  } catch (cause) {
    console.error('Sign-out could not reach the server', cause)
    return false
  }
}

/**
 * Called when the sync server closes a socket because its session ended (close code 4401). That
 * session may not be the current one: a socket opened with the cookie of a lender who logged out
 * offline is closed when that sign-out reaches the server, just as the session of the lender
 * signed in now is being re-established. So the server is asked: a live session for this lender
 * reconnects the docs, none ends it here (or re-opens it with the password given offline).
 */
export function sessionRejected(): void {
  if (state.status !== 'signed-in') return
  const { user } = state
  void askServer().then((answer) => {
    if (!stillSignedInAs(user)) return
    if (answer.kind === 'user' && answer.user.id === user.id) return sessionRenewed()
    // Unreachable: the session may well stand; the next connection failure asks again.
    if (answer.kind === 'unreachable') return
    // Signed in offline: the password is at hand to open a new server session.
    if (offlineCredentials?.userId === user.id) void reconcile()
    else signedOut(true)
  })
}

const renewedListeners = new Set<() => void>()

/**
 * Calls `listener` whenever the server has vouched for the current lender's session again (after
 * a background sign-in, or after a socket was closed for a session that was not theirs), so that
 * docs the server had stopped can reconnect.
 */
export function onSessionRenewed(listener: () => void): () => void {
  renewedListeners.add(listener)
  return () => renewedListeners.delete(listener)
}

function sessionRenewed(): void {
  for (const listener of renewedListeners) listener()
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
  if (!confirmed || offlineCredentials !== null) {
    void reconcile()
    return
  }
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

// Back online: settle what was left for the server (a sign-out, a session opened offline).
window.addEventListener('online', () => {
  if (state.status === 'signed-in') {
    if (!confirmed) void reconcile()
  } else if (localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null) {
    void tellServerSignedOut()
  }
})
