import type { IncomingMessage, ServerResponse } from 'node:http'
import { CLIENT_IP_HEADER } from '../auth/auth.ts'
import type { Logger } from '../log.ts'
import type { DocStorage } from '../storage/types.ts'
import { setSecurityHeaders } from './headers.ts'
import { createStaticHandler } from './static.ts'

export interface RouterOptions {
  /** better-auth's Node handler, mounted at /api/auth/*. */
  authHandler(req: IncomingMessage, res: ServerResponse): Promise<void>
  storage: DocStorage
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
      return options.authHandler(req, res)
    }
    if (pathname.startsWith('/api/')) return json(res, 404, { error: 'not found' })
    if (pathname === '/healthz') {
      try {
        await options.storage.ping()
        return json(res, 200, { status: 'ok' })
      } catch (error) {
        log.warn('health check: storage does not answer', error)
        return json(res, 503, { status: 'unavailable' })
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return json(res, 405, { error: 'method not allowed' })
    }
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
