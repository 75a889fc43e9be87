import type { Fanout } from './types.ts'

/** The fan-out of a single server process: every socket of a room is already in this process. */
export function createLocalFanout(): Fanout {
  return {
    publishLive() {},
    publishStored() {},
    publishAwareness() {},
    subscribe() {},
    unsubscribe() {},
    publishSessionEnded() {},
    onSessionEnded() {},
    publishAccessChanged() {},
    onAccessChanged() {},
    async close() {},
  }
}
