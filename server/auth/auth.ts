import type { IncomingHttpHeaders } from 'node:http'
import { betterAuth } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { getMigrations } from 'better-auth/db/migration'
import { fromNodeHeaders } from 'better-auth/node'
import type Database from 'better-sqlite3'
import type { Pool } from 'pg'
import * as z from 'zod'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PasswordCode } from '../../shared/auth.ts'
import { newPasswordProblem, passwordProblemMessage } from './passwordPolicy.ts'

/** The request header carrying the peer's address; the HTTP layer overwrites any client value. */
export const CLIENT_IP_HEADER = 'x-rin-client-ip'

/** Longest device name a session keeps (the app cuts names to this length too). */
export const MAX_DEVICE_NAME_LENGTH = 40

/** A session as the sync layer needs it. */
export interface SessionInfo {
  sessionId: string
  token: string
  userId: string
  /** The account's email: what the book names someone by (`Actor.account`). */
  email: string
  /** Epoch milliseconds. */
  expiresAt: number
}

/** What the auth factory needs; `database` is a better-sqlite3 Database or a `pg` Pool. */
export interface AuthOptions {
  database: Database.Database | Pool
  secret: string
  /** The public origin; cookies are `Secure` when it is https. */
  baseUrl: string
  /** Called after any session row is deleted (sign-out, revocation). */
  onSessionEnded(session: { id: string; token: string }): void
  /** better-auth's own log lines; false silences them. */
  verbose: boolean
}

/**
 * The origin of a request that comes from a page served by this very host, e.g. the app opened
 * at http://192.168.1.20:3000 on a phone while BASE_URL is unset. A browser always sends its
 * true Origin, so a cross-site page cannot pass this check.
 */
function sameHostOrigin(request: Request | undefined): string | null {
  const origin = request?.headers.get('origin')
  const host = request?.headers.get('host')
  if (!origin || !host) return null
  try {
    return new URL(origin).host === host ? origin : null
  } catch {
    return null
  }
}

/** The body field that carries a new password, by auth route. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
}

/**
 * Refuses a new password that breaks the rules (passwordPolicy.ts) before the route runs, so that
 * the answer is the same whatever the email; better-auth's own length checks stay as a backstop.
 */
const enforcePasswordRules = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELD[ctx.path]
  if (field === undefined) return
  const password: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field]
  if (typeof password !== 'string') return
  const problem = newPasswordProblem(password)
  if (problem !== null) {
    throw APIError.from('BAD_REQUEST', {
      code: PasswordCode[problem],
      message: passwordProblemMessage[problem],
    })
  }
})

function buildAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Rin Khata',
    database: options.database,
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: (request) => [options.baseUrl, sameHostOrigin(request)],
    emailAndPassword: {
      enabled: true,
      // New passwords only: sign-in never checks the length, so older, shorter ones still work.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    hooks: { before: enforcePasswordRules },
    session: {
      // better-auth lists and revokes sessions only from a session under a day old by default;
      // a lender whose phone is lost must be able to do it from any device still signed in.
      freshAge: 0,
      additionalFields: {
        // Set by the app after sign-in and when the lender renames the device (update-session).
        deviceName: {
          type: 'string',
          required: false,
          input: true,
          validator: { input: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH) },
        },
        // When the sync server last saw a socket of this session (see sync/server.ts).
        lastSeenAt: { type: 'date', required: false, input: false },
      },
    },
    // better-auth's defaults limit sign-in and sign-up to 3 requests per 10 s per address; it
    // enables them only in production, we always do. Its default of 100 per 10 s for every other
    // path also covered /get-session, which the app asks on every start: a 429 there reads as
    // "no answer", and a device with a valid cookie but nothing cached was sent to the login
    // page (several phones behind one address could get there). /get-session only reads the
    // session a cookie already proves, so it is not limited; everything that takes a password is.
    rateLimit: { enabled: true, storage: 'memory', customRules: { '/get-session': false } },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    telemetry: { enabled: false },
    logger: { disabled: !options.verbose, level: 'warn' },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            options.onSessionEnded({ id: session.id, token: session.token })
          },
        },
      },
    },
  })
}

/** The better-auth instance of this server. */
export type Auth = ReturnType<typeof buildAuth>

/** Creates the auth instance; its tables must exist (see `migrateAuth`). */
export function createAuth(options: AuthOptions): Auth {
  return buildAuth(options)
}

/** Creates or completes the auth tables (idempotent: only missing tables and columns). */
export async function migrateAuth(options: AuthOptions): Promise<void> {
  const { runMigrations } = await getMigrations(buildAuth(options).options)
  await runMigrations()
}

/** The live session named by the request's cookie, or null; never extends the session. */
export async function sessionFromHeaders(
  auth: Auth,
  headers: IncomingHttpHeaders,
): Promise<SessionInfo | null> {
  const result = await auth.api.getSession({
    headers: fromNodeHeaders(headers),
    query: { disableRefresh: true, disableCookieCache: true },
  })
  if (!result) return null
  return {
    sessionId: result.session.id,
    token: result.session.token,
    userId: result.user.id,
    email: result.user.email,
    expiresAt: new Date(result.session.expiresAt).getTime(),
  }
}
