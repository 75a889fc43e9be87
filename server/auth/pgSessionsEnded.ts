import pg from 'pg'
import type { Logger } from '../log.ts'

/**
 * Ended sessions told through PostgreSQL itself (LISTEN/NOTIFY), for a command that ends them
 * from outside the server (reset-password): every server process on the database hears it at
 * once, with Redis or without. (A sign-out through the server is told by the server: Redis
 * carries it to the other processes, see fanout/redis.ts.) The notification says only that
 * sessions ended; each process then checks the sessions of its open sockets.
 */
export const SESSIONS_ENDED_CHANNEL = 'rin_khata_sessions_ended'

/** Tells every server process on the database that sessions were ended (after the commit). */
export async function announceEndedSessions(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, ''])
}

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000

/**
 * Calls `onEnded` at every announcement, on a connection of its own (LISTEN holds one), and
 * once more each time that connection is re-established, since announcements made while it was
 * down are lost (the periodic session check would catch them later anyway). `listening`
 * settles once the first attempt to listen is over, whether it worked or will be retried.
 */
export function listenForEndedSessions(
  databaseUrl: string,
  onEnded: () => void,
  log: Logger,
): { listening: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let connectedBefore = false

  const retry = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void connect()
    }, RECONNECT_MS)
    timer.unref()
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === SESSIONS_ENDED_CHANNEL) onEnded()
    })
    next.on('error', (error) => {
      log.debug('session announcements: connection lost', error.message)
      if (client === next) client = null
      next.end().catch(() => {})
      retry()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`)
    } catch (error) {
      log.debug('session announcements: cannot listen yet', error)
      next.end().catch(() => {})
      retry()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    if (connectedBefore) onEnded()
    connectedBefore = true
  }

  return {
    listening: connect(),
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => {})
      client = null
    },
  }
}
