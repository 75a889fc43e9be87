/** Receives a room's updates stored by another server process. */
export type FanoutListener = (update: Uint8Array, seq: number) => void

/**
 * Spreads stored updates to the other server processes that hold the same room in memory.
 * One process needs none of it (`local.ts`); the Redis adapter implements it for many.
 */
export interface Fanout {
  /** Announces an update this process stored as `seq` of `room`. */
  publish(room: string, update: Uint8Array, seq: number): void
  /** Starts delivering other processes' updates of `room` to `listener`. */
  subscribe(room: string, listener: FanoutListener): void
  /** Stops delivering `room`'s updates (the room left memory). */
  unsubscribe(room: string): void
  close(): Promise<void>
}
