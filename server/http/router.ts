import type { IncomingMessage, ServerResponse } from 'node:http'
import { COLLECT_PATH } from '../../shared/collect.ts'
import { BOOKS_PATH, MEMBERS_PATH } from '../../shared/members.ts'
import { PASSBOOK_API_PATH, PASSBOOK_PAGE_PATH } from '../../shared/passbook.ts'
import { SYNC_PATH } from '../../shared/protocol.ts'
import { CLIENT_IP_HEADER } from '../auth/auth.ts'
import type { Logger } from '../log.ts'
import { BodyTooLarge, readBody } from './body.ts'
import { setSecurityHeaders } from './headers.ts'
import { createStaticHandler } from './static.ts'

/**
 * Largest request body the auth API reads. Its JSON bodies (an email, two passwords, a device
 * name) are well under 1 KiB; without a cap an unauthenticated POST of 100 MiB was buffered
 * whole before better-auth answered 400.
 */
export const AUTH_MAX_BODY_BYTES = 64 * 1024

export interface RouterOptions {
  /** better-auth's fetch handler, mounted at /api/auth/*. */
  authHandler(request: Request): Promise<Response>
  /** Whether storage can commit a write now (see health.ts); /healthz answers 503 if not. */
  healthy(): Promise<boolean>
  /** `/api/members/…`, `/api/books`, `/api/collect/…`: who is in a book (see members/api.ts). */
  membersApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>
  /** `/api/passbook/<ownerId>/links[/<id>]`: a borrower's passbook links (see passbook/api.ts). */
  passbookApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>
  /** `GET /p/<token>`: a borrower's passbook page; `address` is what its rate limit keys on. */
  passbookPage(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    address: string,
  ): Promise<void>
  /** `GET /sync/users/<id>`: a book's whole state in one download (the sync server's). */
  bookState(req: IncomingMessage, res: ServerResponse): Promise<void>
  distDir: string
  /** The public origin is https: add HSTS and use wss in the CSP. */
  secure: boolean
  /** Behind a reverse proxy (TRUST_PROXY): take the client address from X-Forwarded-For. */
  trustProxy: boolean
  log: Logger
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(JSON.stringify(body))
}

/**
 * The address rate limits key on: the peer, or behind a trusted reverse proxy the address the
 * proxy saw, which is the last X-Forwarded-For entry (the one the proxy appended itself; earlier
 * entries come from the client and can be forged).
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown'
  if (!trustProxy) return peer
  const header = req.headers['x-forwarded-for']
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')
  return entries[entries.length - 1]!.trim() || peer
}

/** After a 413, this much more of the body is read and dropped before the socket is closed. */
const DISCARD_MAX_BYTES = 4 * 1024 * 1024

/**
 * Refuses a body that is too large without keeping any more of it: the 413 goes out at once,
 * and the rest of the body is read and dropped as it arrives (never buffered), so the client
 * finishes its upload and reads the answer; past DISCARD_MAX_BYTES the socket is closed instead.
 * Closing at once would make the kernel reset a connection with unread data, and a client still
 * uploading would often see the reset instead of the 413.
 */
function refuseBody(req: IncomingMessage, res: ServerResponse): void {
  let dropped = 0
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > DISCARD_MAX_BYTES) req.socket.destroy()
  })
  req.resume()
  json(res, 413, { error: 'request body too large' })
}

/** The Fetch API request better-auth expects, with a body read within AUTH_MAX_BODY_BYTES. */
async function toFetchRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const body = hasBody ? await readBody(req, AUTH_MAX_BODY_BYTES) : null
  // The path is what better-auth routes on; its own BASE_URL decides origins and cookies.
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : null,
  })
}

/** Writes a Fetch API response to Node's, keeping several Set-Cookie headers apart. */
async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** The HTTP request listener: auth API, health check and the app. */
export function createRouter(options: RouterOptions) {
  const serveStatic = createStaticHandler(options.distDir)
  const { log } = options

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(req, res, options.secure)
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname

    if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) {
      // Rate limits key on this header; the peer address is the only one a client cannot forge.
      req.headers[CLIENT_IP_HEADER] = clientAddress(req, options.trustProxy)
      const declared = Number(req.headers['content-length'] ?? 0)
      if (declared > AUTH_MAX_BODY_BYTES) return refuseBody(req, res)
      let request: Request
      try {
        request = await toFetchRequest(req)
      } catch (error) {
        if (error instanceof BodyTooLarge) return refuseBody(req, res)
        throw error
      }
      return sendFetchResponse(res, await options.authHandler(request))
    }
    if (
      pathname === MEMBERS_PATH ||
      pathname.startsWith(MEMBERS_PATH + '/') ||
      pathname === BOOKS_PATH ||
      pathname.startsWith(COLLECT_PATH + '/')
    ) {
      return options.membersApi(req, res, pathname)
    }
    if (pathname.startsWith(PASSBOOK_API_PATH + '/')) {
      return options.passbookApi(req, res, pathname)
    }
    if (pathname.startsWith('/api/')) return json(res, 404, { error: 'not found' })
    if (pathname.startsWith(PASSBOOK_PAGE_PATH + '/')) {
      return options.passbookPage(req, res, pathname, clientAddress(req, options.trustProxy))
    }
    if (pathname === '/healthz') {
      return (await options.healthy())
        ? json(res, 200, { status: 'ok' })
        : json(res, 503, { status: 'unavailable' })
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return json(res, 405, { error: 'method not allowed' })
    }
    if (pathname.startsWith(SYNC_PATH + '/')) return options.bookState(req, res)
    return serveStatic(req, res, pathname)
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((error: unknown) => {
      log.error(`request ${req.method} ${req.url} failed`, error)
      if (!res.headersSent) json(res, 500, { error: 'internal error' })
      else res.destroy()
    })
  }
}
