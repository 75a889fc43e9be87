import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { loadAuthSecret } from '../auth/secret.ts'
import type { ServerConfig } from '../config.ts'
import { createLocalFanout } from '../fanout/local.ts'
import { openSqliteStorage, probeSqliteWrite } from '../storage/sqlite.ts'
import type { Backends } from './types.ts'

/**
 * How often the accounts file is asked whether another process wrote to it. `PRAGMA data_version`
 * changes only when another connection committed (this process's own writes go through this very
 * connection), and asking costs a few microseconds with no disk read, so a quarter of a second
 * is cheap; a table of ended sessions to poll would need a query and a schema for the same news.
 */
export const SESSIONS_WATCH_MS = 250

/** The default: one process, SQLite files and the auth secret in DATA_DIR. */
export function openSqliteBackends(config: ServerConfig): Backends {
  mkdirSync(config.dataDir, { recursive: true })
  const storage = openSqliteStorage(path.join(config.dataDir, 'docs.sqlite'))
  const accounts = new Database(path.join(config.dataDir, 'accounts.sqlite'))
  accounts.pragma('journal_mode = WAL')
  const watchers: NodeJS.Timeout[] = []
  return {
    storage,
    fanout: createLocalFanout(),
    accounts,
    secret: loadAuthSecret(config.dataDir, config.authSecret),
    migrating: (migrate) => migrate(),
    async probeWrite(timeoutMs) {
      await storage.probeWrite(timeoutMs)
      probeSqliteWrite(accounts, timeoutMs)
    },
    async watchSessions(onChange) {
      // Only the reset-password command writes this file besides the server (a backup reads).
      const version = accounts.prepare('PRAGMA data_version').pluck()
      let seen = version.get()
      const timer = setInterval(() => {
        try {
          const now = version.get()
          if (now === seen) return
          seen = now
          onChange()
        } catch {
          // The file is busy or closing: asked again at the next tick.
        }
      }, SESSIONS_WATCH_MS)
      timer.unref()
      watchers.push(timer)
    },
    catchUpMs: 0,
    async close() {
      for (const timer of watchers) clearInterval(timer)
      await storage.close()
      accounts.close()
    },
  }
}
