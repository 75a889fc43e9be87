/**
 * For tests that go beneath the stock client: raw sockets and the frames they send, and what the
 * server process itself holds (the rows it stored, its memory).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import * as encoding from 'lib0/encoding'
import WebSocket from 'ws'
import { MessageType, SYNC_PATH } from '../../shared/protocol.ts'
import type { TestServer } from './harness.ts'

/** The sync URL of `room` on `server`, for a raw socket; `query` starts with `?`. */
export function socketUrl(server: TestServer, room: string, query = ''): string {
  return `${server.url.replace('http', 'ws')}${SYNC_PATH}/${room}${query}`
}

/** The HTTP status a raw upgrade to `room` gets, or 101 if it was accepted. */
export function upgradeStatus(server: TestServer, room: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(server, room), {
      headers: cookie ? { cookie } : {},
    })
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.on('open', () => {
      resolve(101)
      ws.close()
    })
    ws.on('error', (error) => {
      if (!error.message.includes('Unexpected server response')) reject(error)
    })
  })
}

/** A sync message `[sync, step, update]` as a raw socket sends it (step 2: an update). */
export function syncFrame(step: number, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  encoding.writeVarUint(encoder, step)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

/** A digest of every row the server stored for `room` (SQLite, in its DATA_DIR). */
export function storedRows(server: TestServer, room: string): string {
  const db = new Database(path.join(server.dataDir, 'docs.sqlite'), { readonly: true })
  try {
    const rows = db
      .prepare<[string], { seq: number; data: Buffer }>(
        'SELECT seq, data FROM doc_updates WHERE room = ? ORDER BY seq',
      )
      .all(room)
    const hash = createHash('sha256')
    for (const row of rows) hash.update(`${row.seq}:`).update(row.data)
    return `${rows.length} rows ${hash.digest('hex')}`
  } finally {
    db.close()
  }
}

/** The server process's resident set size, in bytes. */
export function rssOf(server: TestServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!kib) throw new Error('no VmRSS in /proc status')
  return Number(kib[1]) * 1024
}

/**
 * Opens a raw socket to `room` as `cookie` and sends `frames` once it opens: resolves with
 * `answer` once a message of type `until` (a MessageType) comes back, or with the close code if the server
 * closes the socket first.
 */
export function exchange<Answer extends string>(
  server: TestServer,
  room: string,
  cookie: string,
  frames: Uint8Array[],
  { until, answer, query = '' }: { until: number; answer: Answer; query?: string },
): Promise<Answer | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(server, room, query), { headers: { cookie } })
    ws.binaryType = 'nodebuffer'
    ws.on('open', () => frames.forEach((frame) => ws.send(frame)))
    ws.on('message', (data: Buffer) => {
      if (data[0] === until) {
        resolve(answer)
        ws.close()
      }
    })
    ws.on('close', (code) => resolve(code))
    ws.on('error', reject)
  })
}
