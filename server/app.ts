import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAuth, migrateAuth } from './auth/auth.ts'
import { guardSignIn } from './auth/signInGuard.ts'
import { openBackends } from './backends/open.ts'
import type { ServerConfig } from './config.ts'
import { createHealthCheck } from './http/health.ts'
import { createRouter } from './http/router.ts'
import { createLogger } from './log.ts'
import { createMembersApi } from './members/api.ts'
import { openMembersStore } from './members/store.ts'
import { createPassbookApi, createPassbookPage } from './passbook/api.ts'
import { openPassbookLinks } from './passbook/store.ts'
import { createSyncServer, type SyncServer } from './sync/server.ts'

/** A running server. */
export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (the actual port, also when PORT=0). */
  url: string
  port: number
  /** Stops accepting, stores every pending update, closes every socket and the databases. */
  close(): Promise<void>
}

/** Listens on `config.host:config.port`; resolves once accounts and documents are ready. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const log = createLogger(config.logLevel)
  // SQLite in DATA_DIR, or PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) for several processes.
  const backends = await openBackends(config, log)
  const { fanout, accounts, secret } = backends
  const health = createHealthCheck({ probeWrite: (ms) => backends.probeWrite(ms), log })
  // Rooms write through this, so that a document write that fails also fails the health check.
  const storage = health.watch(backends.storage)
  let sync: SyncServer | null = null
  const authOptions = (baseUrl: string) => ({
    database: accounts,
    secret,
    baseUrl,
    onSessionEnded: (session: { token: string }) => sync?.endSession(session.token),
    verbose:
      config.logLevel === 'debug' || config.logLevel === 'info' || config.logLevel === 'warn',
  })
  // The tables do not depend on the URL, which with PORT=0 is known only after binding.
  // Members are kept beside the accounts they name.
  const members = openMembersStore(accounts)
  const passbookLinks = openPassbookLinks(accounts)
  await backends.migrating(async () => {
    await migrateAuth(authOptions(config.baseUrl ?? 'http://localhost'))
    await members.migrate()
    await passbookLinks.migrate()
  })

  // The reset-password command ends sessions in the database, not through this server.
  await backends.watchSessions(() => sync?.recheckSessions())

  const http = createServer()
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(config.port, config.host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  // No await between binding and attaching the listeners: no request can slip in unanswered.
  const port = (http.address() as AddressInfo).port
  const baseUrl = config.baseUrl ?? `http://localhost:${port}`
  const secure = baseUrl.startsWith('https:')
  const auth = createAuth(authOptions(baseUrl))
  const liveSync = createSyncServer({
    auth,
    storage,
    fanout,
    log,
    config,
    catchUpMs: backends.catchUpMs,
    trustedOrigin: baseUrl,
    members,
  })
  sync = liveSync
  // Failed sign-ins limited per account too, and a sign-up that does not reveal an account.
  const authHandler = guardSignIn((request) => auth.handler(request), {
    secret,
    secure,
    accountExists: async (email) =>
      (await (await auth.$context).internalAdapter.findUserByEmail(email)) !== null,
  })
  http.on(
    'request',
    createRouter({
      authHandler,
      healthy: () => health.check(),
      membersApi: createMembersApi({
        auth,
        store: members,
        trustedOrigin: baseUrl,
        accessChanged: (ownerId, memberId) => liveSync.accessChanged(ownerId, memberId),
        books: liveSync,
        secret,
        log,
      }),
      passbookApi: createPassbookApi({
        auth,
        links: passbookLinks,
        members,
        books: liveSync,
        baseUrl,
        trustedOrigin: baseUrl,
        log,
      }),
      passbookPage: createPassbookPage({
        links: passbookLinks,
        books: liveSync,
        baseUrl,
        trustedOrigin: baseUrl,
        log,
      }),
      bookState: (req, res) => liveSync.handleStateRequest(req, res),
      distDir: config.distDir,
      secure,
      trustProxy: config.trustProxy,
      log,
    }),
  )
  http.on('upgrade', (req, socket, head) => liveSync.handleUpgrade(req, socket, head))

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const hostInUrl = shownHost.includes(':') ? `[${shownHost}]` : shownHost
  let closing: Promise<void> | null = null
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()))
        await liveSync.close()
        http.closeAllConnections()
        await stopped
        await backends.close()
      })()
      return closing
    },
  }
}
