import type { IncomingMessage, ServerResponse } from 'node:http'

// Chakra UI (emotion) writes <style> tags at run time, hence 'unsafe-inline' for styles only;
// scripts come from our own files. The service worker and the manifest are same-origin.
function contentSecurityPolicy(host: string | null, secure: boolean): string {
  // 'self' covers ws(s) to the same host in current browsers; older Safari needs it spelled out.
  const sockets = host ? ` ${secure ? 'wss' : 'ws'}://${host}` : ''
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

// A Host header goes into a response header, so it must look like a host and nothing more.
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/** Sets the security headers every response carries. */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, secure: boolean) {
  const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : null
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(host, secure))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
}
