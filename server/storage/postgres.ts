import type pg from 'pg'
import type { DocStorage, SharedDownloads } from './types.ts'

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
);
CREATE TABLE IF NOT EXISTS book_downloads (
  account TEXT PRIMARY KEY,
  id TEXT NOT NULL,
  room TEXT NOT NULL,
  state BYTEA NOT NULL,
  kept_until TIMESTAMPTZ NOT NULL
);`

/** Creates the document tables if they are missing (idempotent; run under the migration lock). */
export async function migratePostgresStorage(pool: pg.Pool): Promise<void> {
  await pool.query(MIGRATION)
}

/**
 * How long the first append of a group waits for others to join it before the group is committed.
 * An append is one round trip to the database and a socket write each way, which on a busy
 * server costs more CPU than the edit it stores; the rooms' live updates do not wait for it (they
 * reach other processes at once), only the `stored` acknowledgements do, and those already wait
 * a few milliseconds to gather a burst.
 */
export const GROUP_COMMIT_MS = 5

/** Appends of one room waiting for the next group commit. */
interface Waiting {
  updates: Uint8Array[]
  /** Each caller's count of updates so far (its last row) and how to answer it. */
  callers: { upTo: number; resolve(seq: number): void; reject(error: unknown): void }[]
}

/**
 * Stores every waiting room's rows in one statement. `doc_seqs` holds each room's last seq; the
 * statement bumps it by the room's row count and inserts the rows under the numbers it freed.
 * Rooms go in name order, so that two processes lock the rooms' seq rows in the same order and
 * never deadlock each other.
 */
const APPEND_ROOMS = `
WITH batch AS (
  SELECT room, n, ord FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS b(room, n, ord)
), next AS (
  INSERT INTO doc_seqs (room, seq)
  SELECT room, n FROM batch ORDER BY ord
  ON CONFLICT (room) DO UPDATE SET seq = doc_seqs.seq + EXCLUDED.seq
  RETURNING room, seq
), stored AS (
  INSERT INTO doc_updates (room, seq, data)
  SELECT u.room, next.seq - batch.n + u.i, u.data
  FROM unnest($3::text[], $4::int[], $5::bytea[]) AS u(room, i, data)
  JOIN next USING (room) JOIN batch USING (room)
)
SELECT room, seq FROM next`

/**
 * DocStorage on PostgreSQL, shared by every server process of an installation.
 *
 * Several processes append to one room, so the seq cannot be cached per process as SQLite does:
 * `doc_seqs` holds each room's last seq, and an append bumps it and inserts its rows in one
 * statement. The bump takes the row lock of the room until commit, so appends to one room are
 * serialised and commit in seq order: a reader never sees seq n+1 without seq n, which is what
 * lets a process trust "I have everything up to n" (see the gap repair in sync/room.ts).
 *
 * Appends are committed in groups (group commit): the first waits `groupCommitMs` for others, of
 * any room, and all of them are stored in one statement; appends that come while a group is on
 * its way form the next group, which leaves as soon as that one is back.
 */
export function openPostgresStorage(
  pool: pg.Pool,
  { groupCommitMs = GROUP_COMMIT_MS }: { groupCommitMs?: number } = {},
): DocStorage {
  let waiting = new Map<string, Waiting>()
  let timer: NodeJS.Timeout | null = null
  let committing: Promise<void> | null = null

  const schedule = () => {
    if (timer || committing || waiting.size === 0) return
    timer = setTimeout(() => {
      timer = null
      committing = drain()
    }, groupCommitMs)
  }

  /** Commits group after group: what came while one was on its way has waited long enough. */
  async function drain(): Promise<void> {
    while (waiting.size > 0) await commit()
    committing = null
  }

  async function commit(): Promise<void> {
    const group = [...waiting].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    waiting = new Map()
    const rooms: string[] = []
    const indexes: number[] = []
    const data: Uint8Array[] = []
    for (const [room, { updates }] of group) {
      updates.forEach((update, index) => {
        rooms.push(room)
        indexes.push(index + 1)
        data.push(update)
      })
    }
    try {
      const { rows } = await pool.query<{ room: string; seq: string }>(APPEND_ROOMS, [
        group.map(([room]) => room),
        group.map(([, { updates }]) => updates.length),
        rooms,
        indexes,
        data,
      ])
      const last = new Map(rows.map((row) => [row.room, Number(row.seq)]))
      for (const [room, { updates, callers }] of group) {
        const seq = last.get(room)!
        for (const caller of callers) caller.resolve(seq - updates.length + caller.upTo)
      }
    } catch (error) {
      for (const [, { callers }] of group) for (const caller of callers) caller.reject(error)
    }
  }

  return {
    groupsAppends: true,
    downloads: sharedDownloads(pool),

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
      return new Promise<number>((resolve, reject) => {
        let entry = waiting.get(room)
        if (!entry) waiting.set(room, (entry = { updates: [], callers: [] }))
        entry.updates.push(...updates)
        entry.callers.push({ upTo: entry.updates.length, resolve, reject })
        schedule()
      })
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

    // The pool is shared with accounts: whoever opened it closes it, once the last group is in.
    async close() {
      if (timer) {
        clearTimeout(timer)
        timer = null
        committing = drain()
      }
      while (committing) await committing
    },
  }
}

/**
 * Downloads in `book_downloads`, one row per account. Rows past their time are deleted whenever
 * a download is kept, so the table holds at most one per account that downloaded lately.
 */
function sharedDownloads(pool: pg.Pool): SharedDownloads {
  return {
    async keep(account, room, id, state, keepMs) {
      await pool.query('DELETE FROM book_downloads WHERE kept_until < now()')
      await pool.query(
        `INSERT INTO book_downloads (account, id, room, state, kept_until)
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')
         ON CONFLICT (account) DO UPDATE SET id = EXCLUDED.id, room = EXCLUDED.room,
           state = EXCLUDED.state, kept_until = EXCLUDED.kept_until`,
        [account, id, room, state, keepMs],
      )
    },
    async touch(account, id, keepMs) {
      await pool.query(
        `UPDATE book_downloads SET kept_until = now() + $3 * interval '1 millisecond'
         WHERE account = $1 AND id = $2`,
        [account, id, keepMs],
      )
    },
    async find(account, room, id) {
      const { rows } = await pool.query<{ state: Buffer }>(
        `SELECT state FROM book_downloads
         WHERE account = $1 AND id = $2 AND room = $3 AND kept_until > now()`,
        [account, id, room],
      )
      const state = rows[0]?.state
      return state ? new Uint8Array(state.buffer, state.byteOffset, state.byteLength) : null
    },
  }
}
