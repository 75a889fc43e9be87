import { createAuthClient } from 'better-auth/client'

/**
 * The better-auth client (the plain one: the app reads the session through data/session/session.ts, not
 * through better-auth's React hooks). The app may be served from any origin (a LAN address, a tunnel, a
 * custom domain), so the API is always the page's own origin, never a build-time constant.
 */
export const authClient = createAuthClient({ baseURL: window.location.origin })
