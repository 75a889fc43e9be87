import Database from 'better-sqlite3'
import type { DocStorage } from './types.ts'

interface Row {
  seq: number
  data: Buffer
}

/**
 * Commits one tiny write to `db` (see `DocStorage.probeWrite`): one row of its own table,
 * rewritten each time. better-sqlite3 is synchronous, so the only wait is for another process's
 * write lock; the busy timeout is `timeoutMs` for this one statement.
 */
export function probeSqliteWrite(db: Database.Database, timeoutMs: number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS health_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL
  )`)
  const busy = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma(`busy_timeout = ${Math.max(0, Math.round(timeoutMs))}`)
  try {
    db.prepare(
      `INSERT INTO health_probe (id, checked_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
    ).run(Date.now())
  } finally {
    db.pragma(`busy_timeout = ${busy}`)
  }
}

/**
 * DocStorage on one SQLite file in WAL mode. better-sqlite3 is synchronous, so an append has
 * reached the WAL (and survives a crash of this process) by the time its promise exists.
 * `synchronous = NORMAL` fsyncs at checkpoints, not on every commit: a power cut may lose the
 * last commits, a killed process loses nothing.
 */
export function openSqliteStorage(file: string): DocStorage {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  db.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (room, seq)
  ) WITHOUT ROWID`)

  const selectRows = db.prepare<[string, number], Row>(
    'SELECT seq, data FROM doc_updates WHERE room = ? AND seq > ? ORDER BY seq',
  )
  const selectLastSeq = db.prepare<[string], { seq: number | null }>(
    'SELECT MAX(seq) AS seq FROM doc_updates WHERE room = ?',
  )
  const insertRow = db.prepare<[string, number, Uint8Array]>(
    'INSERT INTO doc_updates (room, seq, data) VALUES (?, ?, ?)',
  )
  const deleteUpTo = db.prepare<[string, number]>(
    'DELETE FROM doc_updates WHERE room = ? AND seq <= ?',
  )

  // The last seq of each room this process has written, so an append skips the MAX() query.
  // Only this process writes a room's rows (the scale-out adapter owns its own ordering).
  const lastSeq = new Map<string, number>()
  const currentSeq = (room: string): number => {
    const known = lastSeq.get(room)
    if (known !== undefined) return known
    const seq = selectLastSeq.get(room)?.seq ?? 0
    lastSeq.set(room, seq)
    return seq
  }

  const appendTx = db.transaction((room: string, updates: Uint8Array[]): number => {
    let seq = currentSeq(room)
    for (const update of updates) insertRow.run(room, ++seq, update)
    return seq
  })
  const compactTx = db.transaction((room: string, snapshot: Uint8Array, uptoSeq: number) => {
    deleteUpTo.run(room, uptoSeq)
    insertRow.run(room, uptoSeq, snapshot)
  })

  return {
    groupsAppends: false,
    async load(room, afterSeq = 0) {
      const rows = selectRows.all(room, afterSeq)
      const seq = rows.length > 0 ? rows[rows.length - 1]!.seq : afterSeq
      if (afterSeq === 0) lastSeq.set(room, seq)
      return { updates: rows.map((row) => new Uint8Array(row.data)), seq }
    },
    async append(room, updates) {
      try {
        let seq: number
        if (updates.length === 1) {
          // One row, the usual case thanks to coalescing, needs no explicit transaction.
          seq = currentSeq(room) + 1
          insertRow.run(room, seq, updates[0]!)
        } else {
          seq = appendTx(room, updates)
        }
        lastSeq.set(room, seq)
        return seq
      } catch (error) {
        lastSeq.delete(room) // re-read the truth next time
        throw error
      }
    },
    async compact(room, snapshot, uptoSeq) {
      compactTx(room, snapshot, uptoSeq)
    },
    async lastSeqs(rooms) {
      const seqs = new Map<string, number>()
      for (const room of rooms) {
        const seq = selectLastSeq.get(room)?.seq
        if (seq !== null && seq !== undefined) seqs.set(room, seq)
      }
      return seqs
    },
    async probeWrite(timeoutMs) {
      probeSqliteWrite(db, timeoutMs)
    },
    async close() {
      if (db.open) db.close()
    },
  }
}
