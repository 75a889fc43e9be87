import type { ServerConfig } from '../config.ts'
import type { Logger } from '../log.ts'
import { openSqliteBackends } from './sqlite.ts'
import type { Backends } from './types.ts'

/**
 * The configured backends: SQLite files in DATA_DIR by default, or PostgreSQL (DATABASE_URL) and
 * Redis (REDIS_URL) for several processes. The PostgreSQL and Redis code, with the `pg` package,
 * is loaded only when configured: the one-process install keeps the memory that loading them
 * costs (about 13 MB of resident size, when the Redis links were still ioredis's).
 */
export async function openBackends(config: ServerConfig, log: Logger): Promise<Backends> {
  const { databaseUrl } = config
  if (databaseUrl === null) return openSqliteBackends(config)
  const { openPostgresBackends } = await import('./postgres.ts')
  return openPostgresBackends({ ...config, databaseUrl }, log)
}
