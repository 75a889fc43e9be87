import type pg from 'pg'
import type { DocStorage } from './types.ts'

interface Row {
  seq: string
  data: Buffer
}

const MIGRATION = `
CREATE TABLE IF NOT EXISTS doc_seqs (
  room TEXT PRIMARY KEY,
  seq BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_updates (
  room TEXT NOT NULL,
  seq BIGINT NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS health_probe (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at TIMESTAMPTZ NOT NULL
);`

/** Creates the document tables if they are missing (idempotent; run under the migration lock). */
export async function migratePostgresStorage(pool: pg.Pool): Promise<void> {
  await pool.query(MIGRATION)
}

/**
 * DocStorage on PostgreSQL, shared by every server process of an installation.
 *
 * Several processes append to one room, so the seq cannot be cached per process as SQLite does:
 * `doc_seqs` holds each room's last seq, and an append bumps it and inserts its rows in one
 * statement. The bump takes the row lock of the room until commit, so appends to one room are
 * serialised and commit in seq order: a reader never sees seq n+1 without seq n, which is what
 * lets a process trust "I have everything up to n" (see the gap repair in sync/room.ts).
 */
export function openPostgresStorage(pool: pg.Pool): DocStorage {
  return {
    async load(room, afterSeq = 0) {
      const { rows } = await pool.query<Row>(
        'SELECT seq, data FROM doc_updates WHERE room = $1 AND seq > $2 ORDER BY seq',
        [room, afterSeq],
      )
      const seq = rows.length > 0 ? Number(rows[rows.length - 1]!.seq) : afterSeq
      return { updates: rows.map((row) => new Uint8Array(row.data)), seq }
    },

    async append(room, updates) {
      if (updates.length === 0) {
        const { rows } = await pool.query<{ seq: string }>(
          'SELECT seq FROM doc_seqs WHERE room = $1',
          [room],
        )
        return rows.length > 0 ? Number(rows[0]!.seq) : 0
      }
      const { rows } = await pool.query<{ seq: string }>(
        `WITH next AS (
           INSERT INTO doc_seqs (room, seq) VALUES ($1, $2)
           ON CONFLICT (room) DO UPDATE SET seq = doc_seqs.seq + EXCLUDED.seq
           RETURNING seq
         )
         INSERT INTO doc_updates (room, seq, data)
         SELECT $1, next.seq - $2 + u.ord, u.data
         FROM next, unnest($3::bytea[]) WITH ORDINALITY AS u(data, ord)
         RETURNING seq`,
        [room, updates.length, updates],
      )
      return Math.max(...rows.map((row) => Number(row.seq)))
    },

    async compact(room, snapshot, uptoSeq) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        // Serialise with appends and with another process compacting the same room.
        await client.query('SELECT seq FROM doc_seqs WHERE room = $1 FOR UPDATE', [room])
        await client.query('DELETE FROM doc_updates WHERE room = $1 AND seq <= $2', [room, uptoSeq])
        await client.query('INSERT INTO doc_updates (room, seq, data) VALUES ($1, $2, $3)', [
          room,
          uptoSeq,
          snapshot,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },

    async lastSeqs(rooms) {
      const { rows } = await pool.query<{ room: string; seq: string }>(
        'SELECT room, seq FROM doc_seqs WHERE room = ANY($1::text[])',
        [rooms],
      )
      return new Map(rows.map((row) => [row.room, Number(row.seq)]))
    },

    async probeWrite(timeoutMs) {
      // The statement timeout bounds the write on the server; the race bounds waiting for a
      // connection, which the pool would otherwise let take up to its own connection timeout.
      const probe = (async () => {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`)
          await client.query(
            `INSERT INTO health_probe (id, checked_at) VALUES (1, now())
             ON CONFLICT (id) DO UPDATE SET checked_at = EXCLUDED.checked_at`,
          )
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          throw error
        } finally {
          client.release()
        }
      })()
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health probe timed out')), timeoutMs)
      })
      try {
        await Promise.race([probe, late])
      } finally {
        clearTimeout(timer)
        probe.catch(() => {}) // settled after the timeout: nobody is waiting for it any more
      }
    },

    // The pool is shared with accounts: whoever opened it closes it.
    async close() {},
  }
}
