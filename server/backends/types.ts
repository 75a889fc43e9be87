import type Database from 'better-sqlite3'
import type pg from 'pg'
import type { Fanout } from '../fanout/types.ts'
import type { DocStorage } from '../storage/types.ts'

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
  /**
   * Commits one tiny write to every database the server writes (documents, and accounts where
   * they are kept apart); rejects if any write fails or takes longer than `timeoutMs`.
   */
  probeWrite(timeoutMs: number): Promise<void>
  /**
   * Calls `onChange` whenever sessions may have been ended outside this server (the
   * reset-password command works on the database directly), within about a quarter of a second;
   * resolves once it is watching. Stopped by `close`.
   */
  watchSessions(onChange: () => void): Promise<void>
  /** How often rooms re-read storage for updates whose fan-out message was lost; 0: never. */
  catchUpMs: number
  /** Closes the fan-out, then the databases. */
  close(): Promise<void>
}
