import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { toNodeHandler } from 'better-auth/node'
import { createAuth, migrateAuth } from './auth/auth.ts'
import { loadAuthSecret } from './auth/secret.ts'
import type { ServerConfig } from './config.ts'
import { createLocalFanout } from './fanout/local.ts'
import { createRouter } from './http/router.ts'
import { createLogger } from './log.ts'
import { openSqliteStorage } from './storage/sqlite.ts'
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
  mkdirSync(config.dataDir, { recursive: true })
  const storage = openSqliteStorage(path.join(config.dataDir, 'docs.sqlite'))
  const fanout = createLocalFanout()
  const accounts = new Database(path.join(config.dataDir, 'accounts.sqlite'))
  accounts.pragma('journal_mode = WAL')

  const secret = loadAuthSecret(config.dataDir, config.authSecret)
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
  await migrateAuth(authOptions(config.baseUrl ?? 'http://localhost'))

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
  const liveSync = createSyncServer({ auth, storage, fanout, log, config, trustedOrigin: baseUrl })
  sync = liveSync
  http.on(
    'request',
    createRouter({
      authHandler: toNodeHandler(auth),
      storage,
      distDir: config.distDir,
      secure,
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
        await fanout.close()
        await storage.close()
        accounts.close()
      })()
      return closing
    },
  }
}
