import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type pg from 'pg'
import { loadPgAuthSecret } from './auth/pgSecret.ts'
import { loadAuthSecret } from './auth/secret.ts'
import type { ServerConfig } from './config.ts'
import { createLocalFanout } from './fanout/local.ts'
import { createRedisFanout } from './fanout/redis.ts'
import type { Fanout } from './fanout/types.ts'
import type { Logger } from './log.ts'
import { createPgPool, withMigrationLock } from './storage/pgPool.ts'
import { migratePostgresStorage, openPostgresStorage } from './storage/postgres.ts'
import { openSqliteStorage } from './storage/sqlite.ts'
import type { DocStorage } from './storage/types.ts'

/** Where accounts and documents live and how rooms reach other processes, as configured. */
export interface Backends {
  storage: DocStorage
  fanout: Fanout
  /** better-auth's database: a better-sqlite3 Database or the shared `pg` Pool. */
  accounts: Database.Database | pg.Pool
  /** Signs session cookies; the same in every process of one installation. */
  secret: string
  /** Runs a schema migration so that processes starting together do not race each other. */
  migrating<T>(migrate: () => Promise<T>): Promise<T>
  /** How often rooms re-read storage for updates whose fan-out message was lost; 0: never. */
  catchUpMs: number
  /** Closes the fan-out, then the databases. */
  close(): Promise<void>
}

/** The default: one process, SQLite files and the auth secret in DATA_DIR. */
function openSqliteBackends(config: ServerConfig): Backends {
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

/**
 * PostgreSQL (DATABASE_URL) for accounts and documents, and with REDIS_URL the Redis fan-out,
 * so that several processes can serve the same rooms. Tables are created at start-up.
 */
export async function openBackends(config: ServerConfig, log: Logger): Promise<Backends> {
  if (config.databaseUrl === null) return openSqliteBackends(config)
  const pool = createPgPool(config.databaseUrl)
  let secret: string
  try {
    secret = await withMigrationLock(pool, async () => {
      await migratePostgresStorage(pool)
      return loadPgAuthSecret(pool, config.authSecret)
    })
  } catch (error) {
    await pool.end()
    throw error
  }
  const fanout =
    config.redisUrl === null
      ? createLocalFanout()
      : createRedisFanout({ url: config.redisUrl, prefix: config.redisPrefix, log })
  return {
    storage: openPostgresStorage(pool),
    fanout,
    accounts: pool,
    secret,
    migrating: (migrate) => withMigrationLock(pool, migrate),
    catchUpMs: config.redisUrl === null ? 0 : config.catchUpMs,
    async close() {
      await fanout.close()
      await pool.end()
    },
  }
}
