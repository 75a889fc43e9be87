import {
  COLLECT_PATH,
  MAX_DEPOSITS_PER_REQUEST,
  VOID_REQUESTS,
  type CollectedDeposit,
  type CollectedOutcome,
  type CollectorSheet,
  type VoidRequestInfo,
} from '../../../shared/collect.ts'
import type { Allocation } from '../../../shared/ledger/engine.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import { newId } from '../../../shared/schema/guards.ts'
import { readDeviceName } from '../session/device.ts'
import { recheckSession } from '../session/session.ts'
import { askForPersistentStorageOnce } from '../sync/persistentStorage.ts'
import { openCollectorStore, type CollectorStore } from './collectorStore.ts'
import { answered, type OutboxEntry } from './outbox.ts'

/**
 * How this device last fared with the server: `offline` (no answer: the deposits wait), `gone`
 * (the server says he does not collect for this book now), `signedOut` (the session ended).
 */
export type CollectorConnection = 'idle' | 'sending' | 'offline' | 'gone' | 'signedOut' | 'failed'

export interface CollectorState {
  /** Read from this device's storage (until then the screens say they are loading). */
  opened: boolean
  /** The last sheet the server sent; null until the first one arrives. */
  sheet: CollectorSheet | null
  /** What he recorded on this device, newest first. */
  outbox: readonly OutboxEntry[]
  connection: CollectorConnection
  /** The deposit just recorded here, whose receipt the home screen offers first. */
  lastRecorded: string | null
}

/** A server's answer: its status and body, or null when there was none (offline). */
async function ask(path: string, init?: RequestInit): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(path, { credentials: 'same-origin', ...init })
    const body: unknown = await response.json().catch(() => null)
    return { status: response.status, body }
  } catch {
    return null
  }
}

const newestFirst = (a: OutboxEntry, b: OutboxEntry): number =>
  b.deposit.createdAt.localeCompare(a.deposit.createdAt)

/**
 * While deposits wait: again after 3 s, 10 s, then every 30 s while the server gives no answer (a
 * phone back in coverage often fails its first request, and the next should not wait half a
 * minute), every 30 s after an answer that refused them. Otherwise a newer sheet every 5 minutes.
 */
const RETRY_MS = [3_000, 10_000, 30_000]
const REFRESH_MS = 5 * 60_000

/**
 * A collector's book on his device (issue 31): his sheet and his outbox, kept in IndexedDB so he
 * works all day offline, and sent and refreshed whenever the server can be reached. Recording a
 * deposit keeps it on the device first; sending it later is safe to repeat (the server records a
 * deposit once, by the id this device gave it).
 */
export class CollectorBook {
  private state: CollectorState = {
    opened: false,
    sheet: null,
    outbox: [],
    connection: 'idle',
    lastRecorded: null,
  }
  private readonly listeners = new Set<() => void>()
  private store: CollectorStore | null = null
  private syncing: Promise<void> | null = null
  private timer = 0
  /** How far into `RETRY_MS` the next wait for waiting deposits is. */
  private retries = 0
  private closed = false
  private readonly base: string

  constructor(
    readonly userId: string,
    readonly ownerId: string,
  ) {
    this.base = `${COLLECT_PATH}/${encodeURIComponent(ownerId)}`
    window.addEventListener('online', this.onOnline)
    document.addEventListener('visibilitychange', this.onVisible)
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState = (): CollectorState => this.state

  private set(next: Partial<CollectorState>): void {
    this.state = { ...this.state, ...next }
    for (const listener of this.listeners) listener()
  }

  private readonly onOnline = (): void => void this.sync()

  /** Back from WhatsApp or the lock screen: what changed meanwhile. */
  private readonly onVisible = (): void => {
    if (document.visibilityState === 'visible') void this.sync()
  }

  /** Reads what this device holds, then asks the server for what is new. */
  async open(): Promise<void> {
    this.store = await openCollectorStore(this.userId, this.ownerId)
    if (this.closed) return this.store.close()
    const { sheet, outbox } = await this.store.read()
    this.set({ opened: true, sheet, outbox: [...outbox].sort(newestFirst) })
    await this.sync()
  }

  close(): void {
    this.closed = true
    window.clearTimeout(this.timer)
    window.removeEventListener('online', this.onOnline)
    document.removeEventListener('visibilitychange', this.onVisible)
    this.store?.close()
  }

  /**
   * Keeps a deposit on this device (it counts on his sheet at once), numbered in this phone's
   * series of receipts (the number he gives the borrower at the door, which the book keeps), and
   * sends it when it can. Resolves once it is stored here: that, not the server's answer, is what
   * "recorded" means offline.
   */
  async record(
    person: { id: string; name: string },
    input: { date: IsoDate; allocations: readonly Allocation[]; note?: string },
  ): Promise<OutboxEntry> {
    const deposit: CollectedDeposit = {
      depositId: newId(undefined),
      date: input.date,
      createdAt: new Date().toISOString(),
      device: readDeviceName().slice(0, 40) || 'Phone',
      ...(input.note && { note: input.note }),
      allocations: input.allocations
        .filter(({ amount }) => amount !== 0)
        .map(({ loanId, amount }) => ({ loanId, amount })),
    }
    if (!this.store) throw new Error('The collector book is not open yet')
    const entry = await this.store.addNumbered({
      deposit,
      personId: person.id,
      personName: person.name,
      state: 'waiting',
    })
    // Cash recorded only on this phone: the browser must not clear it to make room.
    askForPersistentStorageOnce()
    this.set({ outbox: [entry, ...this.state.outbox], lastRecorded: deposit.depositId })
    void this.sync()
    return entry
  }

  /** The receipt of the deposit just recorded was dealt with. */
  forgetLastRecorded(): void {
    this.set({ lastRecorded: null })
  }

  /** Sends what waits and fetches a newer sheet; one at a time, and again later if need be. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null
      this.arm()
    })
    return this.syncing
  }

  private arm(): void {
    window.clearTimeout(this.timer)
    if (this.closed) return
    const waiting = this.state.outbox.some((entry) => entry.state === 'waiting')
    if (!waiting) {
      this.retries = 0
      this.timer = window.setTimeout(() => void this.sync(), REFRESH_MS)
      return
    }
    const last = RETRY_MS.length - 1
    const at = this.state.connection === 'offline' ? Math.min(this.retries, last) : last
    this.retries = at + 1
    this.timer = window.setTimeout(() => void this.sync(), RETRY_MS[at])
  }

  private async syncOnce(): Promise<void> {
    if (!navigator.onLine) return this.set({ connection: 'offline' })
    this.set({ connection: 'sending' })
    const waiting = this.state.outbox.filter((entry) => entry.state === 'waiting')
    for (let at = 0; at < waiting.length; at += MAX_DEPOSITS_PER_REQUEST) {
      const batch = waiting.slice(at, at + MAX_DEPOSITS_PER_REQUEST)
      const sent = await this.send(batch)
      if (!sent) return
    }
    // A newer sheet each time: what the owner changed since (a void, a new loan) shows here.
    const reply = await ask(this.base)
    if (reply?.status === 403) await this.forgetSheet()
    if (!this.settled(reply)) return
    await this.store?.putSheet(reply!.body as CollectorSheet)
    this.set({ sheet: reply!.body as CollectorSheet, connection: 'idle' })
  }

  /**
   * The server says he no longer collects for this book: the people on his sheet are no longer
   * his to see, on this phone either. What he recorded stays, to be sent (and held for review).
   */
  private async forgetSheet(): Promise<void> {
    await this.store?.dropSheet()
    this.set({ sheet: null })
  }

  /** Whether `reply` is a 2xx; otherwise says why on `connection`. */
  private settled(reply: { status: number; body: unknown } | null): boolean {
    if (reply === null) this.set({ connection: 'offline' })
    else if (reply.status === 401) {
      // The session ended (signed out elsewhere, or expired): the app asks, and goes to sign-in.
      this.set({ connection: 'signedOut' })
      recheckSession()
    }
    else if (reply.status === 403) this.set({ connection: 'gone' })
    else if (reply.status < 200 || reply.status >= 300) this.set({ connection: 'failed' })
    else return true
    return false
  }

  private async send(batch: readonly OutboxEntry[]): Promise<boolean> {
    const reply = await ask(`${this.base}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deposits: batch.map((entry) => entry.deposit) }),
    })
    if (!this.settled(reply)) return false
    const outcomes = (reply!.body as { outcomes?: unknown } | null)?.outcomes
    if (!Array.isArray(outcomes)) {
      this.set({ connection: 'failed' })
      return false
    }
    const byId = new Map<string, CollectedOutcome>()
    for (const outcome of outcomes as CollectedOutcome[]) {
      if (typeof outcome?.depositId === 'string') byId.set(outcome.depositId, outcome)
    }
    const changed: OutboxEntry[] = []
    for (const entry of batch) {
      const outcome = byId.get(entry.deposit.depositId)
      if (outcome) changed.push(answered(entry, outcome))
      // A deposit the server could not read at all stays waiting: this device made it, so it
      // is well-formed, and a newer server will read it.
    }
    await this.store?.putEntries(changed)
    const next = new Map(changed.map((entry) => [entry.deposit.depositId, entry]))
    this.set({
      outbox: this.state.outbox.map((entry) => next.get(entry.deposit.depositId) ?? entry),
    })
    return true
  }

  /** Asks the owner to void one of his recorded deposits; a sentence's key on failure. */
  async askVoid(inBook: string, reason: string): Promise<{ ok: true } | { ok: false; why: string }> {
    const reply = await ask(`${this.base}/${VOID_REQUESTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ depositId: inBook, reason }),
    })
    if (reply === null) return { ok: false, why: 'offline' }
    if (reply.status === 201) return { ok: true }
    const error = (reply.body as { error?: unknown } | null)?.error
    return { ok: false, why: typeof error === 'string' ? error : 'failed' }
  }

  /** His requests to void, newest first; null offline or on failure. */
  async voidRequests(): Promise<VoidRequestInfo[] | null> {
    const reply = await ask(`${this.base}/${VOID_REQUESTS}`)
    if (reply?.status !== 200) return null
    const requests = (reply.body as { requests?: unknown } | null)?.requests
    return Array.isArray(requests) ? (requests as VoidRequestInfo[]) : null
  }
}
