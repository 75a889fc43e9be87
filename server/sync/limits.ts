/**
 * What one account, and the whole process, may hold of the sync server's memory: open sockets,
 * and bytes of chunked messages that have begun to arrive but not finished (each socket joins its
 * chunks into one message, see `shared/chunks.ts`, and holds the parts until the last one).
 * Without these, one account opened 2,000 idle sockets, or held 4 × 64 MiB of unfinished
 * messages, and nothing stopped more.
 *
 * The counts live in this process's memory: with several processes, each allows this much, so an
 * account's real share is the limit times the number of processes. That is the point of a
 * per-process budget: what it protects is this process's memory.
 */
import { CloseCode } from '../../shared/protocol.ts'

export interface SyncLimitsConfig {
  /** Open sockets one account may have in this process. */
  accountSockets: number
  /** Unfinished chunked bytes one account's sockets may hold together. */
  accountSyncBytes: number
  /** Unfinished chunked bytes every socket of this process may hold together. */
  serverSyncBytes: number
}

/** Counts sockets and unfinished chunked bytes per account and for the process. */
export class SyncLimits {
  private readonly sockets = new Map<string, number>()
  private readonly held = new Map<string, number>()
  private heldTotal = 0

  constructor(private readonly config: SyncLimitsConfig) {}

  /** Counts one more socket of `account`; false (nothing counted) when it already has its share. */
  openSocket(account: string): boolean {
    const open = this.sockets.get(account) ?? 0
    if (open >= this.config.accountSockets) return false
    this.sockets.set(account, open + 1)
    return true
  }

  /** Forgets one socket counted by `openSocket`. */
  closeSocket(account: string): void {
    const open = (this.sockets.get(account) ?? 0) - 1
    if (open > 0) this.sockets.set(account, open)
    else this.sockets.delete(account)
  }

  /**
   * Whether `account` holds more than its share (CloseCode.accountBusy), or the process more
   * than its budget (CloseCode.serverBusy); null while both are within bounds.
   */
  overdrawn(account: string): CloseCode | null {
    if ((this.held.get(account) ?? 0) > this.config.accountSyncBytes) return CloseCode.accountBusy
    if (this.heldTotal > this.config.serverSyncBytes) return CloseCode.serverBusy
    return null
  }

  /** Adds `delta` (negative: releases) to what `account` holds. */
  hold(account: string, delta: number): void {
    if (delta === 0) return
    const held = (this.held.get(account) ?? 0) + delta
    if (held > 0) this.held.set(account, held)
    else this.held.delete(account)
    this.heldTotal += delta
  }

  /** Unfinished chunked bytes the process holds (for logs and tests). */
  get heldBytes(): number {
    return this.heldTotal
  }
}

/**
 * How many cities each account added today (UTC), in this process's memory: with several
 * processes, an account may add the allowance once per process. A restart starts the day over.
 */
export class DailyCount {
  private day = ''
  private readonly counts = new Map<string, number>()

  constructor(private readonly perDay: number) {}

  /** Counts `n` for `account` on `day` (YYYY-MM-DD) if it stays within the allowance. */
  take(account: string, n: number, day: string): boolean {
    if (day !== this.day) {
      this.day = day
      this.counts.clear()
    }
    const used = this.counts.get(account) ?? 0
    if (used + n > this.perDay) return false
    if (n > 0) this.counts.set(account, used + n)
    return true
  }
}
