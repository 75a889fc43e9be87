import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { TOO_MANY_ATTEMPTS } from '../../shared/auth.ts'
import { AttemptBudget } from './attempts.ts'
import { newPasswordProblem } from './passwordPolicy.ts'

/**
 * Everything that checks a password passes through here on its way to better-auth: sign-in, and
 * sign-up of an email that already has an account, which is answered as a sign-in.
 *
 * **Failed sign-ins per account.** better-auth limits sign-ins per address (3 per 10 s); an
 * attacker with many addresses is not slowed by that. Each account (by email, whether it exists
 * or not, so the limit says nothing about which do) also has a budget of failed sign-ins:
 * ACCOUNT_FAILURES at once, then one every FAILURE_REFILL_MS (3 a minute). A correct password
 * never spends it, and an attempt is paid for before the password is checked (and refunded if it
 * was right), so a burst of parallel guesses gets no more than the budget.
 *
 * **The lender is not locked out.** An attacker who spends an account's budget would keep its
 * lender out too. So a device that has signed in to an account carries a device cookie for it
 * (signed with the auth secret, HttpOnly, a year), and its attempts spend a budget of their own
 * (OWASP's "device cookies" against lock-out): on the phone they always use, the lender signs in
 * whatever an attacker does elsewhere. A new device shares the account's budget, so while an
 * attack lasts it waits for its turn (at most FAILURE_REFILL_MS), and says so.
 *
 * **Sign-up does not say whether an email has an account.** Without a mail server the answer to
 * a sign-up must still differ when the email is free (an account is made); for a taken one the
 * answer is now that of a sign-in with the same email and password: signed in if the password is
 * right, otherwise the very refusal (and timing: the same path) of a wrong password, instead of
 * "User already exists". A new password's rules are checked first, alike for every email.
 *
 * Budgets are per process, like better-auth's: with N processes an attacker gets N times them.
 */

/** Failed sign-ins an account (or a known device) may have at once. */
export const ACCOUNT_FAILURES = 5

/** Then one more failed sign-in every this often: 3 a minute. */
export const FAILURE_REFILL_MS = 20_000

/** Accounts and devices whose budget is kept (past that, the oldest start afresh). */
const MAX_KEYS = 100_000

/** A known device's cookie lives this long, renewed at each sign-in on it. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

const SIGN_IN_PATH = '/api/auth/sign-in/email'
const SIGN_UP_PATH = '/api/auth/sign-up/email'

export interface SignInGuardOptions {
  /** Signs the device cookies (the auth secret; a key is derived from it). */
  secret: string
  /** The public origin is https: the device cookie is `Secure`. */
  secure: boolean
  /** Whether an account has this email (lower case). */
  accountExists(email: string): Promise<boolean>
  now?: () => number
}

interface Credentials {
  email: string
  password: string
  rememberMe?: unknown
}

async function credentialsOf(request: Request): Promise<Credentials | null> {
  try {
    const body: unknown = await request.clone().json()
    if (typeof body !== 'object' || body === null) return null
    const { email, password, rememberMe } = body as Record<string, unknown>
    if (typeof email !== 'string' || typeof password !== 'string') return null
    return { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) }
  } catch {
    return null
  }
}

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  return cookies
}

/** The 429 answer, in one shape whichever limit was reached; `retryAfter` is in seconds. */
function tooManyAttempts(retryAfter: number): Response {
  return Response.json(
    {
      code: TOO_MANY_ATTEMPTS,
      message: `Too many sign-in attempts. Try again in ${retryAfter} s.`,
      retryAfter,
    },
    {
      status: 429,
      headers: { 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' },
    },
  )
}

/** The auth handler with per-account limits and a sign-up that reveals no account. */
export function guardSignIn(
  handler: (request: Request) => Promise<Response>,
  options: SignInGuardOptions,
): (request: Request) => Promise<Response> {
  const budget = new AttemptBudget(ACCOUNT_FAILURES, FAILURE_REFILL_MS, MAX_KEYS, options.now)
  const key = createHmac('sha256', options.secret).update('rin-khata device cookies').digest()
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url')
  // One cookie per account, so that several lenders can share a device; the name reveals the
  // email to nobody without the secret.
  const cookieName = (email: string) => `rin_device_${sign(`name:${email}`).slice(0, 16)}`

  /** The id of this request's known device for `email`, or null. */
  const knownDevice = (request: Request, email: string): string | null => {
    const value = cookiesOf(request).get(cookieName(email))
    const [id, signature] = value?.split('.') ?? []
    if (!id || !signature) return null
    const expected = Buffer.from(sign(`device:${email}:${id}`))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null
  }

  const deviceCookie = (email: string, id: string) =>
    `${cookieName(email)}=${id}.${sign(`device:${email}:${id}`)}; Path=/api/auth; ` +
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`

  /** better-auth's own 429 (per address) in the same shape as ours, with its wait. */
  const sameShape = (response: Response): Response => {
    if (response.status !== 429) return response
    const wait = Number(response.headers.get('x-retry-after'))
    return tooManyAttempts(Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 10)
  }

  /** A successful sign-in or sign-up: the device becomes (or stays) known for `email`. */
  const withDeviceCookie = (response: Response, request: Request, email: string): Response => {
    if (!response.ok) return response
    const id = knownDevice(request, email) ?? randomBytes(16).toString('base64url')
    const headers = new Headers(response.headers)
    headers.append('Set-Cookie', deviceCookie(email, id))
    return new Response(response.body, { status: response.status, headers })
  }

  /** A sign-in, within the budget of its account or of its known device. */
  const signIn = async (request: Request, credentials: Credentials): Promise<Response> => {
    const email = credentials.email.trim().toLowerCase()
    const device = knownDevice(request, email)
    const bucket = device === null ? `account:${email}` : `device:${email}:${device}`
    const waitMs = budget.take(bucket)
    if (waitMs > 0) return tooManyAttempts(Math.ceil(waitMs / 1000))
    const response = await handler(request)
    // Only a wrong password counts (401); a success, or a refusal for another reason, does not.
    if (response.status !== 401) budget.refund(bucket)
    return withDeviceCookie(sameShape(response), request, email)
  }

  /** The same request, to the sign-in route, carrying only what sign-in reads. */
  const asSignIn = (request: Request, credentials: Credentials): Request => {
    const headers = new Headers(request.headers)
    headers.delete('content-length')
    const url = new URL(request.url)
    url.pathname = SIGN_IN_PATH
    return new Request(url, { method: 'POST', headers, body: JSON.stringify(credentials) })
  }

  return async (request) => {
    if (request.method !== 'POST') return handler(request)
    const { pathname } = new URL(request.url)
    if (pathname !== SIGN_IN_PATH && pathname !== SIGN_UP_PATH) return handler(request)
    const credentials = await credentialsOf(request)
    // Malformed: better-auth says what is wrong, and checks no password.
    if (credentials === null) return sameShape(await handler(request))
    if (pathname === SIGN_IN_PATH) return signIn(request, credentials)

    const email = credentials.email.trim().toLowerCase()
    // A new password's rules come first, for every email alike (better-auth gives the refusal).
    if (newPasswordProblem(credentials.password) !== null) {
      return sameShape(await handler(request))
    }
    if (await options.accountExists(email))
      return signIn(asSignIn(request, credentials), credentials)
    const again = request.clone()
    let response = sameShape(await handler(request))
    if (response.status === 422) {
      // Two sign-ups of one email at once: the second meets the first's account.
      if (await options.accountExists(email)) {
        return signIn(asSignIn(request, credentials), credentials)
      }
      // No account was made, by this request or another: the database was busy (on SQLite,
      // another process such as reset-password wrote to it during the sign-up). Once more,
      // rather than answer a new lender as if a password were wrong.
      response = sameShape(await handler(again))
    }
    return withDeviceCookie(response, request, email)
  }
}
