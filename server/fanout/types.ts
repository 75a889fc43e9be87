/** What a room hears from the other server processes that hold it in memory. */
export interface FanoutListener {
  /** An update another process stored as `seq` of the room. */
  update(update: Uint8Array, seq: number): void
  /** An awareness update from another process's sockets. */
  awareness(update: Uint8Array): void
  /** Messages may have been lost (the link was down or just came up): catch up from storage. */
  resync(): void
}

/**
 * Spreads stored updates and awareness to the other server processes that hold the same room in
 * memory. One process needs none of it (`local.ts`); the Redis adapter implements it for many.
 * Delivery is best effort: a room repairs what it missed from storage, by seq.
 */
export interface Fanout {
  /** Announces an update this process stored as `seq` of `room`. */
  publish(room: string, update: Uint8Array, seq: number): void
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
  close(): Promise<void>
}
