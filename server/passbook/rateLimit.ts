/**
 * A fixed-window counter per key, in this process's memory (like the sign-in limits: with several
 * processes a client gets the limit once per process). It holds at most `maxKeys` keys: past that,
 * the oldest windows are dropped first, so a flood of distinct keys (guessed links) costs memory
 * in proportion to `maxKeys`, never to the flood.
 */
export interface RateLimiter {
  /** Counts one request for `key` at `now` (ms); false when the key is over its limit. */
  take(key: string, now: number): boolean
  readonly size: number
}

export function createRateLimiter(options: {
  requests: number
  windowMs: number
  maxKeys?: number
}): RateLimiter {
  const { requests, windowMs } = options
  const maxKeys = options.maxKeys ?? 100_000
  // Insertion order is the order windows started in: the first entries are the oldest.
  const windows = new Map<string, { start: number; count: number }>()
  return {
    take(key, now) {
      let window = windows.get(key)
      if (window && now - window.start >= windowMs) {
        windows.delete(key)
        window = undefined
      }
      if (!window) {
        for (const [oldKey, old] of windows) {
          if (windows.size < maxKeys && now - old.start < windowMs) break
          windows.delete(oldKey)
        }
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      window.count++
      return window.count <= requests
    },
    get size() {
      return windows.size
    },
  }
}
