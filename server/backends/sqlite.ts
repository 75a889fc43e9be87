import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { loadAuthSecret } from '../auth/secret.ts'
import type { ServerConfig } from '../config.ts'
import { createLocalFanout } from '../fanout/local.ts'
import { openSqliteStorage } from '../storage/sqlite.ts'
import type { Backends } from './types.ts'

/** The default: one process, SQLite files and the auth secret in DATA_DIR. */
export function openSqliteBackends(config: ServerConfig): Backends {
  mkdirSync(config.dataDir, { recursive: true })
  const storage = openSqliteStorage(path.join(config.dataDir, 'docs.sqlite'))
  const accounts = new Database(path.join(config.dataDir, 'accounts.sqlite'))
  accounts.pragma('journal_mode = WAL')
  return {
    storage,
    fanout: createLocalFanout(),
    accounts,
    secret: loadAuthSecret(config.dataDir, config.authSecret),
    migrating: (migrate) => migrate(),
    catchUpMs: 0,
    async close() {
      await storage.close()
      accounts.close()
    },
  }
}
