/**
 * A budget of attempts per key (a token bucket): `capacity` attempts at once, then one more every
 * `refillMs`. Used for failed sign-ins per account (see signInGuard.ts). Kept in this process's
 * memory, as better-auth's own per-address limit is.
 */
export class AttemptBudget {
  private readonly entries = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly capacity: number,
    private readonly refillMs: number,
    /** Most keys kept; past it the oldest are forgotten (their budget starts full again). */
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): { tokens: number; at: number } {
    const at = this.now()
    const entry = this.entries.get(key)
    if (!entry) return { tokens: this.capacity, at }
    const tokens = Math.min(this.capacity, entry.tokens + (at - entry.at) / this.refillMs)
    return { tokens, at }
  }

  private store(key: string, entry: { tokens: number; at: number }): void {
    this.entries.delete(key) // re-inserted last: the map's order is oldest change first
    if (entry.tokens >= this.capacity) return // a full budget is the same as none kept
    this.entries.set(key, entry)
    while (this.entries.size > this.maxKeys) {
      this.entries.delete(this.entries.keys().next().value!)
    }
  }

  /** Spends one attempt of `key`: 0 if it may go ahead, else the milliseconds until it may. */
  take(key: string): number {
    const entry = this.current(key)
    if (entry.tokens < 1) return Math.ceil((1 - entry.tokens) * this.refillMs)
    this.store(key, { tokens: entry.tokens - 1, at: entry.at })
    return 0
  }

  /** Gives back an attempt taken by `take` that turned out not to count (it succeeded). */
  refund(key: string): void {
    const entry = this.current(key)
    this.store(key, { tokens: Math.min(this.capacity, entry.tokens + 1), at: entry.at })
  }

  /** Keys with a budget that is not full. */
  get size(): number {
    return this.entries.size
  }
}
