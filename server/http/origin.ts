import type { IncomingMessage } from 'node:http'

/**
 * A browser page from another site must not ride on the lender's cookie (cross-site WebSocket
 * hijacking). Browsers always send Origin on a WebSocket upgrade; other clients have no cookie
 * jar to abuse and may omit it.
 */
export function originAllowed(req: IncomingMessage, trusted: string): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  if (origin === trusted) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}
