/** What a room hears from the other server processes that hold it in memory. */
export interface FanoutListener {
  /**
   * An update another process has just received, sent before it is stored so that delivery does
   * not wait for the disk: batch number `batch` of `stream` (one stream per room per process
   * while the room is in its memory, numbered 1, 2, ... without gaps).
   */
  live(update: Uint8Array, stream: string, batch: number): void
  /** Batches `first`..`last` of `stream` are stored, as the room's rows `seqs`. */
  stored(stream: string, first: number, last: number, seqs: readonly number[]): void
  /** An update another process stored as `seq` (what processes before live delivery send). */
  update(update: Uint8Array, seq: number): void
  /** An awareness update from another process's sockets. */
  awareness(update: Uint8Array): void
  /** Messages may have been lost (the link was down or just came up): catch up from storage. */
  resync(): void
}

/**
 * Spreads updates and awareness to the other server processes that hold the same room in memory.
 * One process needs none of it (`local.ts`); the Redis adapter implements it for many. An update
 * goes out twice: itself at once (`publishLive`), and a few bytes once it is stored
 * (`publishStored`, for the rows of a few milliseconds together), which tell the others its seq. Delivery is best effort: a room that missed
 * an update learns so from the seqs and repairs it from storage.
 */
export interface Fanout {
  /** Sends an update this process has just received in `room`: batch `batch` of `stream`. */
  publishLive(room: string, update: Uint8Array, stream: string, batch: number): void
  /** Announces that batches `first`..`last` of `stream` in `room` are stored as rows `seqs`. */
  publishStored(
    room: string,
    stream: string,
    first: number,
    last: number,
    seqs: readonly number[],
  ): void
  /** Announces an awareness change of this process's sockets in `room`. */
  publishAwareness(room: string, update: Uint8Array): void
  /** Starts delivering other processes' messages of `room` to `listener`. */
  subscribe(room: string, listener: FanoutListener): void
  /** Stops delivering `room`'s messages (the room left memory). */
  unsubscribe(room: string): void
  /**
   * Tells the other processes that the session with this token ended (signed out, revoked), so
   * that they close its sockets now rather than at their next session check.
   */
  publishSessionEnded(token: string): void
  /** Calls `listener` with the token of each session another process reports ended. */
  onSessionEnded(listener: (token: string) => void): void
  /**
   * Tells the other processes that `memberId`'s role in `ownerId`'s book changed or that they
   * were removed, so that they close the member's sockets on that book now.
   */
  publishAccessChanged(ownerId: string, memberId: string): void
  /** Calls `listener` for each member whose access another process reports changed. */
  onAccessChanged(listener: (ownerId: string, memberId: string) => void): void
  close(): Promise<void>
}
