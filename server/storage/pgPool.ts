import pg from 'pg'

/**
 * The one connection pool of a server process on PostgreSQL, shared by accounts (better-auth)
 * and documents. A `search_path` in the URL (`?options=-c%20search_path%3Dname`) is honoured by
 * both, which is how tests give every run its own schema.
 */
export function createPgPool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Fail a request fast instead of hanging a socket upgrade when the database is gone.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  })
  // An idle client whose connection dies emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection (or a clear error).
  pool.on('error', () => {})
  return pool
}

// Any constant works; it only has to be the same in every process of one installation.
const MIGRATION_LOCK = 7_146_253_001

/**
 * Runs `migrate` while holding a database-wide advisory lock, so that replicas starting together
 * do not race each other's `CREATE TABLE` (PostgreSQL's IF NOT EXISTS is not safe under
 * concurrency: the loser fails on a duplicate catalog row).
 */
export async function withMigrationLock<T>(pool: pg.Pool, migrate: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      return await migrate()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}
