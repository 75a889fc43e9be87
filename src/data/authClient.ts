import { createAuthClient } from 'better-auth/react'

/**
 * The better-auth client. The app may be served from any origin (a LAN address, a tunnel, a
 * custom domain), so the API is always the page's own origin, never a build-time constant.
 */
export const authClient = createAuthClient({ baseURL: window.location.origin })
