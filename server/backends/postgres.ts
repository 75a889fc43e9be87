import { listenForEndedSessions } from '../auth/pgSessionsEnded.ts'
import { loadPgAuthSecret } from '../auth/pgSecret.ts'
import type { ServerConfig } from '../config.ts'
import { createLocalFanout } from '../fanout/local.ts'
import type { Fanout } from '../fanout/types.ts'
import type { Logger } from '../log.ts'
import { createPgPool, withMigrationLock } from '../storage/pgPool.ts'
import { migratePostgresStorage, openPostgresStorage } from '../storage/postgres.ts'
import type { Backends } from './types.ts'

/**
 * PostgreSQL (DATABASE_URL) for accounts and documents, and with REDIS_URL the Redis fan-out,
 * so that several processes can serve the same rooms. Tables are created at start-up.
 */
export async function openPostgresBackends(
  config: ServerConfig & { databaseUrl: string },
  log: Logger,
): Promise<Backends> {
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
  let fanout: Fanout
  if (config.redisUrl === null) {
    fanout = createLocalFanout()
  } else {
    // Loaded only when Redis is configured: a PostgreSQL install without Redis never loads it.
    const { createRedisFanout } = await import('../fanout/redis.ts')
    fanout = createRedisFanout({ url: config.redisUrl, prefix: config.redisPrefix, log })
  }
  const storage = openPostgresStorage(pool)
  const listeners: { close(): Promise<void> }[] = []
  return {
    storage,
    fanout,
    accounts: pool,
    secret,
    migrating: (migrate) => withMigrationLock(pool, migrate),
    // Accounts and documents share the one database.
    probeWrite: (timeoutMs) => storage.probeWrite(timeoutMs),
    async watchSessions(onChange) {
      const listener = listenForEndedSessions(config.databaseUrl, onChange, log)
      listeners.push(listener)
      await listener.listening
    },
    catchUpMs: config.redisUrl === null ? 0 : config.catchUpMs,
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()))
      await fanout.close()
      await storage.close()
      await pool.end()
    },
  }
}
