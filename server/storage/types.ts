/**
 * Where rooms keep their Yjs updates. Each room has its own sequence: every appended row gets the
 * next number, so a reader that saw seq n knows exactly which rows it has not seen (the Redis
 * fan-out repairs gaps with it). A snapshot written by `compact` takes the seq of the last row it
 * replaces, so sequence numbers never go backwards.
 */
export interface DocStorage {
  /**
   * The stored updates of `room` with a seq above `afterSeq` (default 0: all of them, a snapshot
   * first if any), in order, and the room's last seq (`afterSeq` if there is nothing newer). A
   * snapshot above `afterSeq` is included whole: it holds every row it replaced.
   */
  load(room: string, afterSeq?: number): Promise<{ updates: Uint8Array[]; seq: number }>
  /** Appends `updates` durably, in one transaction; resolves with the seq of the last one. */
  append(room: string, updates: Uint8Array[]): Promise<number>
  /**
   * Whether `append` itself waits a moment to gather other appends into one commit (group
   * commit), so that a caller need not wait again before it acknowledges a burst.
   */
  readonly groupsAppends: boolean
  /** Replaces every row up to and including `uptoSeq` with `snapshot`, in one transaction. */
  compact(room: string, snapshot: Uint8Array, uptoSeq: number): Promise<void>
  /** The last seq of each of `rooms` that has any row (one query, polled by the rooms). */
  lastSeqs(rooms: string[]): Promise<Map<string, number>>
  /**
   * Commits one tiny write (a single row kept for the purpose), so that the health check learns
   * whether storage can still take a write, not only answer a read: on a full disk `SELECT 1`
   * still works. Rejects when the write fails or takes longer than `timeoutMs`.
   */
  probeWrite(timeoutMs: number): Promise<void>
  /**
   * Book downloads kept where every process of the installation finds them (PostgreSQL). Absent
   * with SQLite: one process keeps its downloads in its memory (`sync/resumableDownloads.ts`).
   */
  readonly downloads?: SharedDownloads
  close(): Promise<void>
}

/**
 * Book downloads that any process resumes: a device whose download was cut asks again, and with
 * several processes behind one address its request may reach another one than the first.
 */
export interface SharedDownloads {
  /** Keeps `state`, download `id` of `account`'s `room`, until `keepMs` from now; one per account. */
  keep(account: string, room: string, id: string, state: Uint8Array, keepMs: number): Promise<void>
  /** Keeps download `id` of `account`, if it is kept, until `keepMs` from now instead. */
  touch(account: string, id: string, keepMs: number): Promise<void>
  /** The state download `id` of `account`'s `room` sends, if it is still kept. */
  find(account: string, room: string, id: string): Promise<Uint8Array | null>
}
