import { randomBytes } from 'node:crypto'
import * as Y from 'yjs'
import * as awarenessProtocol from 'y-protocols/awareness'
import { CloseCode, closeReason } from '../../shared/protocol.ts'
import { projectLender, type LenderProjection } from '../../shared/schema/projection.ts'
import type { DocStorage } from '../storage/types.ts'
import type { Fanout } from '../fanout/types.ts'
import type { Logger } from '../log.ts'
import {
  BadMessageError,
  type DecodedUpdate,
  encodeAwareness,
  encodeStored,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  readClientMessage,
  ReadOnlyError,
} from './messages.ts'
import { holdsNothingNew } from './readOnly.ts'

/**
 * Longest wait between storing a client's update and telling the client so, and the other
 * processes its seq: a burst of edits costs one message of each, not one per edit. Storage that
 * groups appends itself (PostgreSQL) is not waited for twice: its acks go out on commit.
 */
const ACK_DELAY_MS = 5

/**
 * What a room keeps of a socket's awareness (presence) states, where it relays them at all. The
 * app announces none; a stock client announces one small state (a name, a cursor). A room keeps
 * states until their socket leaves, so without caps one socket could park any number of large
 * ones in the server's memory: a larger message is ignored, as is one that would give the socket
 * more client ids than this.
 */
export const AWARENESS_LIMITS = { bytes: 64 * 1024, clientsPerSocket: 8 } as const

/**
 * Where a change to a room's doc came from (every transaction is tagged with one). Only
 * 'socket' changes are stored and published; 'fanout' and 'storage' ones are already stored by
 * the process that received them, so they only go out to this process's sockets; 'forwarded'
 * ones were sent to those sockets before they were applied (see `receiveLive`), so they go
 * nowhere.
 */
export type UpdateOrigin = 'socket' | 'fanout' | 'storage' | 'forwarded'

/**
 * How long a hole in the seqs may stay open before the room reads it from storage: updates of
 * two processes can reach Redis in either order, so a later seq may simply have overtaken.
 */
const GAP_GRACE_MS = 30

/**
 * Other processes' live updates go to this process's sockets at once and into its doc later, a
 * run at a time (see `receiveLive`): at the latest this long after the first of a run arrived,
 * when the run is this long, or as soon as anything reads the doc.
 */
const FORWARDED_APPLY_MS = 50
const FORWARDED_APPLY_MAX = 200

/**
 * How many other processes' streams of live updates a room follows at once. One per other
 * process that holds the room; a stream that ended (its room left that process's memory) is
 * forgotten first once there are more.
 */
const MAX_STREAMS = 32

/** The run of a stream's live batches that a room holds, `first`..`last`, with no gap. */
interface Heard {
  first: number
  last: number
}

/** One client connection as a room sees it. */
export interface Peer {
  send(message: Uint8Array): void
  /** Ends the connection with a WebSocket close code. */
  close(code: number, reason: string): void
  /** Whether the socket still accepts messages. */
  readonly open: boolean
  /**
   * Whether the client asked for `stored` acknowledgements (see ACK_PARAM). A stock y-websocket
   * client that did not ask gets only the standard message types.
   */
  readonly wantsAcks: boolean
  /** The signed-in account (user id) the socket belongs to. */
  readonly account: string
  /** A member who may read the book and change nothing (a viewer). */
  readonly readOnly: boolean
}

/**
 * Refuses a client update before it is applied: a reason string, or null to accept. `decoded` is
 * the update already parsed (`Y.decodeUpdate`).
 */
export type UpdateGate = (
  doc: Y.Doc,
  update: Uint8Array,
  decoded: DecodedUpdate,
  peer: Peer,
) => string | null

/** What a room needs from the server around it. */
export interface RoomDeps {
  storage: DocStorage
  fanout: Fanout
  log: Logger
  /** Stored rows before they are compacted into one snapshot. */
  compactEvery: number
  gate: UpdateGate | null
  /**
   * Whether the room relays awareness between its sockets. The cities room, shared by every
   * account, does not: one account's states reached every other account's sockets there.
   */
  awareness: boolean
  /** Storage failed: the room must leave memory and its sockets must reconnect. */
  onBroken(room: Room, error: unknown): void
}

interface PeerState {
  /** Update messages received from this peer so far. */
  received: number
  /** Awareness client ids this peer announced, removed when it leaves. */
  awarenessIds: Set<number>
}

/**
 * One document in memory and the sockets editing it. Client updates are applied at once (so the
 * next message sees them) and collected; once the socket callback returns, the batch is merged,
 * broadcast to this process's sockets and to other processes, and appended to storage as one
 * row. Once it is stored, other processes hear its seq and its senders get a `stored` message
 * with their count within ACK_DELAY_MS.
 */
export class Room {
  /**
   * The room's doc. Yjs integrates an update struct by struct and cannot roll back, so a client
   * update that throws half-way (a well-formed but mutated one can) leaves part of itself in the
   * doc. That part never leaves it: it is cut from the batch before anything is broadcast or
   * stored, the doc is replaced by one rebuilt from storage (see `rebuild`), and the sender is
   * refused. Every update is applied once, so a good one costs what it costs the stock server.
   */
  private current: Y.Doc
  readonly awareness: awarenessProtocol.Awareness
  /** Live peers plus connections still waiting for the load; the room unloads at zero. */
  refs = 0
  /** Set when the room should leave memory once idle (see Rooms). */
  idleTimer: NodeJS.Timeout | null = null
  /** Resolves once the stored state is in `doc`. */
  loaded: Promise<void> = Promise.resolve()
  broken = false

  private readonly peers = new Map<Peer, PeerState>()
  /** Every stored row up to this seq is in `doc`: the room's own rows and other processes'. */
  private seq = 0
  /** Seqs above `seq` already in `doc`: arrived ahead of a row this process has not seen. */
  private readonly ahead = new Set<number>()
  private catchingUp: Promise<void> | null = null
  private catchUpAgain = false
  private gapTimer: NodeJS.Timeout | null = null
  private live = false
  private rowsSinceSnapshot = 0
  private batch: Uint8Array[] = []
  private batchSenders = new Set<Peer>()
  private batchAcks = new Map<Peer, number>()
  /** Stored counts not yet told to their peers, sent together by `ackTimer`. */
  private storedAcks = new Map<Peer, number>()
  /** Rows stored and not yet announced to other processes, also sent by `ackTimer`. */
  private storedRows: { first: number; last: number; seqs: number[] } | null = null
  private ackTimer: NodeJS.Timeout | null = null
  private flushScheduled = false
  private writing: Promise<void> = Promise.resolve()
  /**
   * Broadcast batches and acks waiting for the next write. While one append is on its way to
   * disk, every batch that arrives joins the next one (group commit): one append per disk round
   * trip, not one per socket read, so a burst is not held to the disk's latency per update.
   */
  private unwritten: Uint8Array[] = []
  private unwrittenAcks = new Map<Peer, number>()
  private writeQueued = false
  /**
   * This room's stream of live batches to other processes: a name no other room instance uses
   * (a room that leaves memory and comes back starts a new stream), the number of the last batch
   * sent, and the number of the last one that is in a stored row or on its way there.
   */
  private readonly stream = randomBytes(6).toString('base64url')
  private batchesSent = 0
  private batchesWriting = 0
  /** Other processes' streams, and what this room holds of each (see `receiveLive`). */
  private readonly heard = new Map<string, Heard>()
  private applyingFrom: Peer | null = null
  /**
   * Other processes' live updates already sent to this process's sockets and not yet applied to
   * the doc, oldest first; `doc` applies them before anyone reads it.
   */
  private forwarded: Uint8Array[] = []
  private forwardedTimer: NodeJS.Timeout | null = null
  /** Set while the doc is being rebuilt; frames that need the doc wait in `held`. */
  private rebuilding: Promise<void> | null = null
  private held: [Peer, Uint8Array][] = []
  /**
   * The book read as the app reads it, for the collectors' API (a sheet, a deposit's checks);
   * made on first use and kept up to date while the room is in memory. Read whole, a big book
   * takes the process for half a second or more: kept, each later read costs what changed.
   */
  private lender: { projection: LenderProjection; ready: Promise<void> } | null = null

  constructor(
    readonly name: string,
    private readonly deps: RoomDeps,
  ) {
    this.current = new Y.Doc()
    this.current.on('update', this.onUpdate)
    this.awareness = new awarenessProtocol.Awareness(this.current)
    // The server announces no awareness state of its own.
    this.awareness.setLocalState(null)
    this.awareness.on(
      'update',
      (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        const state = this.peers.get(origin as Peer)
        if (state) {
          for (const id of change.added) state.awarenessIds.add(id)
          for (const id of change.removed) state.awarenessIds.delete(id)
        }
        const changed = [...change.added, ...change.updated, ...change.removed]
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed)
        this.broadcast(encodeAwareness(update), null)
        // Other processes time out stale states on their own clocks; the rest they must hear.
        if (origin !== 'fanout' && origin !== 'timeout') {
          this.deps.fanout.publishAwareness(this.name, update)
        }
      },
    )
  }

  /** The room's doc, holding every update this room has sent to its sockets. */
  get doc(): Y.Doc {
    this.applyForwarded()
    return this.current
  }

  /** Applies the forwarded updates still waiting (see `receiveLive`). */
  private applyForwarded(): void {
    if (this.forwardedTimer) clearTimeout(this.forwardedTimer)
    this.forwardedTimer = null
    if (this.forwarded.length === 0) return
    const updates = this.forwarded
    this.forwarded = []
    const doc = this.current
    doc.transact(() => {
      for (const update of updates) Y.applyUpdate(doc, update, 'forwarded')
    }, 'forwarded')
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === 'socket') {
      this.batch.push(update)
      if (this.applyingFrom) this.batchSenders.add(this.applyingFrom)
      this.scheduleFlush()
    } else if (origin === 'fanout' || origin === 'storage') {
      // Stored by the process that received it: only our sockets still need it.
      this.broadcast(encodeUpdate(update), null)
    }
  }

  /** Reads the stored state into the doc and starts listening to other processes. */
  async load(): Promise<void> {
    const { updates, seq } = await this.deps.storage.load(this.name)
    this.applyStored(updates, 'storage')
    this.seq = seq
    this.rowsSinceSnapshot = updates.length
    this.live = true
    this.deps.fanout.subscribe(this.name, {
      live: (update, stream, batch) => this.receiveLive(update, stream, batch),
      stored: (stream, first, last, seqs) => this.receiveStoredRows(stream, first, last, seqs),
      update: (update, updateSeq) => this.receiveStored(update, updateSeq),
      awareness: (update) => {
        if (this.deps.awareness) {
          awarenessProtocol.applyAwarenessUpdate(this.awareness, update, 'fanout')
        }
      },
      resync: () => void this.catchUp(),
    })
  }

  /** The seq up to which this room holds every stored row. */
  get storedSeq(): number {
    return this.seq
  }

  /**
   * Reads from storage every row after `storedSeq` and sends it to this room's sockets: how a
   * room gets the updates whose fan-out message was lost. Concurrent calls share one read, and
   * a call during a read makes it read once more.
   */
  catchUp(): Promise<void> {
    if (!this.live) return Promise.resolve()
    if (this.catchingUp) {
      this.catchUpAgain = true
      return this.catchingUp
    }
    this.catchingUp = (async () => {
      try {
        do {
          this.catchUpAgain = false
          const { updates, seq } = await this.deps.storage.load(this.name, this.seq)
          if (!this.live) return
          if (updates.length > 0) this.applyStored(updates, 'storage')
          this.markStored(seq, true)
        } while (this.catchUpAgain && this.live)
      } catch (error) {
        // Storage is away: the next poll or resync tries again.
        this.deps.log.warn(`catching up ${this.name} from storage failed`, error)
      } finally {
        this.catchingUp = null
      }
    })()
    return this.catchingUp
  }

  /**
   * An update another process has just received: sent to this process's sockets at once, without
   * waiting for that process's disk (its row's seq comes later, in `receiveStoredRows`). A batch
   * that does not follow the last one heard of its stream means one was lost; the run starts
   * again here, and rows holding a lost batch are read from storage.
   *
   * The sender checked and applied the update, so it goes out as it came, and into the doc a run
   * at a time: integrating each small update on its own cost this process more than forwarding
   * it, and with several processes every edit was integrated once in each. Nothing can read the
   * doc without the run in it (`doc` applies it first), so a joining socket, a snapshot or a
   * check of a socket's update sees every update this room has forwarded.
   */
  private receiveLive(update: Uint8Array, stream: string, batch: number): void {
    if (!this.live || this.rebuilding) return
    const run = this.heard.get(stream)
    this.heard.delete(stream) // re-inserted last: the map's order is least recently heard first
    this.heard.set(
      stream,
      run && batch === run.last + 1
        ? { first: run.first, last: batch }
        : { first: batch, last: batch },
    )
    if (this.heard.size > MAX_STREAMS) this.heard.delete(this.heard.keys().next().value!)
    this.broadcast(encodeUpdate(update), null)
    this.forwarded.push(update)
    if (this.forwarded.length >= FORWARDED_APPLY_MAX) {
      this.applyForwarded()
    } else if (!this.forwardedTimer) {
      this.forwardedTimer = setTimeout(() => this.applyForwarded(), FORWARDED_APPLY_MS)
    }
  }

  /**
   * Another process stored its batches `first`..`last` of `stream` as rows `seqs`. If this room
   * heard every one of them, it holds the rows already and only counts them; otherwise it reads
   * what it lacks from storage.
   */
  private receiveStoredRows(
    stream: string,
    first: number,
    last: number,
    seqs: readonly number[],
  ): void {
    if (!this.live || this.rebuilding) return
    if (seqs.every((seq) => seq <= this.seq || this.ahead.has(seq))) return
    const run = this.heard.get(stream)
    if (!run || run.first > first || last > run.last) return void this.catchUp()
    run.first = last + 1
    for (const seq of seqs) if (seq > this.seq) this.markStored(seq, false)
  }

  /** An update another process stored as `seq`: applied unless this room already has it. */
  private receiveStored(update: Uint8Array, seq: number): void {
    // While rebuilding, the rebuilt doc reads every stored row, this one included.
    if (!this.live || this.rebuilding || seq <= this.seq || this.ahead.has(seq)) return
    this.applyStored([update], 'fanout')
    this.markStored(seq, false)
  }

  /** Applies rows some process already stored (and so already checked) to `doc`. */
  private applyStored(updates: Uint8Array[], origin: 'storage' | 'fanout'): void {
    this.doc.transact(() => {
      for (const update of updates) Y.applyUpdate(this.doc, update, origin)
    }, origin)
  }

  /**
   * Records that row `seq` is in the doc (`upTo`: every row up to it is). A row past a hole
   * waits in `ahead`; if the hole is still open after a moment, it is read from storage.
   */
  private markStored(seq: number, upTo: boolean): void {
    if (upTo) {
      this.seq = Math.max(this.seq, seq)
      for (const early of this.ahead) if (early <= this.seq) this.ahead.delete(early)
    } else if (seq > this.seq) {
      this.ahead.add(seq)
    }
    while (this.ahead.delete(this.seq + 1)) this.seq++
    if (this.ahead.size === 0 || this.gapTimer) return
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null
      if (this.ahead.size > 0) void this.catchUp()
    }, GAP_GRACE_MS)
  }

  /**
   * The whole doc as one update, as a new device's first sync would receive it; once a rebuild
   * (after a refused update) is done, so that no part of a refused update goes out.
   */
  async state(): Promise<Uint8Array> {
    while (this.rebuilding) await this.rebuilding
    return Y.encodeStateAsUpdate(this.doc)
  }

  get peerCount(): number {
    return this.peers.size
  }

  /** Joins a socket: the server opens the sync handshake and shares who else is here. */
  addPeer(peer: Peer): void {
    this.peers.set(peer, { received: 0, awarenessIds: new Set() })
    if (this.rebuilding) {
      // The doc's state vector may count part of a refused update: ask once it is rebuilt.
      void this.rebuilding.then(() => {
        if (this.peers.has(peer) && peer.open) peer.send(encodeSyncStep1(this.doc))
      })
    } else {
      peer.send(encodeSyncStep1(this.doc))
    }
    const states = this.awareness.getStates()
    if (states.size > 0) {
      peer.send(
        encodeAwareness(
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...states.keys()]),
        ),
      )
    }
  }

  /** Removes a socket and the awareness states it announced. */
  removePeer(peer: Peer): void {
    const state = this.peers.get(peer)
    if (!state) return
    this.peers.delete(peer)
    this.batchSenders.delete(peer)
    this.batchAcks.delete(peer)
    this.storedAcks.delete(peer)
    if (state.awarenessIds.size > 0) {
      awarenessProtocol.removeAwarenessStates(this.awareness, [...state.awarenessIds], null)
    }
  }

  /**
   * Handles one frame from `peer`. Throws BadMessageError for a malformed frame or a refused
   * update; nothing of a refused update reaches the doc.
   */
  receive(peer: Peer, data: Uint8Array): void {
    const state = this.peers.get(peer)
    if (!state) return
    const message = readClientMessage(data)
    if (this.rebuilding && message.kind !== 'awareness') {
      this.held.push([peer, data])
      return
    }
    switch (message.kind) {
      case 'syncStep1':
        peer.send(encodeSyncStep2(this.doc, message.stateVector))
        break
      case 'update': {
        if (peer.readOnly && !holdsNothingNew(this.doc, message.decoded)) {
          throw new ReadOnlyError(`${peer.account} may only read ${this.name}`)
        }
        const refusal = this.deps.gate?.(this.doc, message.update, message.decoded, peer) ?? null
        if (refusal !== null) throw new BadMessageError(`refused update: ${refusal}`)
        const batched = this.batch.length
        this.applyingFrom = peer
        try {
          Y.applyUpdate(this.doc, message.update, 'socket')
        } catch (error) {
          // `doc` may hold part of the update: keep that part out of the batch (so it is neither
          // broadcast nor stored) and out of the doc, which is rebuilt from what is stored.
          this.batch.length = batched
          this.rebuild()
          throw new BadMessageError(
            `update does not apply: ${error instanceof Error ? error.message : String(error)}`,
          )
        } finally {
          this.applyingFrom = null
        }
        // An update whose dependencies have not arrived waits inside Yjs and emits nothing yet;
        // store it as sent, so that what we acknowledge is really on disk.
        if (this.doc.store.pendingStructs !== null || this.doc.store.pendingDs !== null) {
          this.batch.push(message.update)
        }
        state.received++
        if (peer.wantsAcks) this.batchAcks.set(peer, state.received)
        this.scheduleFlush()
        break
      }
      case 'awareness': {
        if (!this.deps.awareness) break
        const added = message.clients.filter((id) => !state.awarenessIds.has(id)).length
        if (
          message.update.byteLength > AWARENESS_LIMITS.bytes ||
          state.awarenessIds.size + added > AWARENESS_LIMITS.clientsPerSocket
        ) {
          this.deps.log.debug(`ignored an awareness update over the limits in ${this.name}`)
          break
        }
        awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, peer)
        break
      }
      case 'queryAwareness': {
        const ids = [...this.awareness.getStates().keys()]
        peer.send(encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids)))
        break
      }
    }
  }

  /**
   * Sends everything received so far to this process's other sockets, then writes it; resolves
   * when it is stored and acknowledged. The broadcast does not wait for the disk: a peer that
   * gets a change before it is stored loses nothing if the server then dies, since the sender
   * still holds it unacknowledged and sends it again. What waits for the disk is what promises
   * durability: the sender's `stored` acknowledgement, and the fan-out to other processes (which
   * needs the stored row's seq).
   */
  flush(): Promise<void> {
    if (this.batch.length === 0 && this.batchAcks.size === 0) return this.writing
    const updates = this.batch
    const senders = this.batchSenders
    const acks = this.batchAcks
    this.batch = []
    this.batchSenders = new Set()
    this.batchAcks = new Map()
    let merged: Uint8Array | null = null
    if (updates.length > 0 && !this.broken) {
      merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates)
      // A lone sender already has its own change; with several, each needs the others'.
      const skip = senders.size === 1 ? [...senders][0]! : null
      this.broadcast(encodeUpdate(merged), skip)
    }
    if (merged) {
      this.unwritten.push(merged)
      this.deps.fanout.publishLive(this.name, merged, this.stream, ++this.batchesSent)
    }
    for (const [peer, count] of acks) this.unwrittenAcks.set(peer, count)
    if (!this.writeQueued) {
      this.writeQueued = true
      this.writing = this.writing.then(() => {
        this.writeQueued = false
        const pending = this.unwritten
        const pendingAcks = this.unwrittenAcks
        this.unwritten = []
        this.unwrittenAcks = new Map()
        const row =
          pending.length === 0 ? null : pending.length === 1 ? pending[0]! : Y.mergeUpdates(pending)
        const batches = { first: this.batchesWriting + 1, last: this.batchesSent }
        this.batchesWriting = this.batchesSent
        return this.write(row, batches, pendingAcks)
      })
    }
    return this.writing
  }

  /**
   * Makes a change of the server's own (a collector's deposit, checked by the members API): it
   * goes to every socket, to the other processes and to storage as a client's would, and this
   * resolves with what `write` returned once it is stored.
   */
  async change<T>(write: (doc: Y.Doc) => T): Promise<T> {
    while (this.rebuilding) await this.rebuilding
    if (this.broken) throw new Error(`${this.name} cannot be written: storage is unavailable`)
    let result!: T
    this.doc.transact(() => {
      result = write(this.doc)
    }, 'socket')
    await this.flush()
    if (this.broken) throw new Error(`${this.name} could not be stored`)
    return result
  }

  /**
   * The book as the app reads it (`projectLender`), up to date once this resolves. The first
   * call reads it a few hundred entries at a time, giving the process's other work a turn
   * between them; after that, a read costs what changed.
   */
  async lenderBook(): Promise<LenderProjection> {
    while (this.rebuilding) await this.rebuilding
    if (!this.lender) {
      const projection = projectLender(this.doc)
      const ready = (async () => {
        for (const _ of projection.readSteps()) {
          await new Promise((resolve) => setImmediate(resolve))
        }
      })()
      this.lender = { projection, ready }
    }
    const { projection, ready } = this.lender
    await ready
    return projection
  }

  private forgetLender(): void {
    this.lender?.projection.destroy()
    this.lender = null
  }

  /** Replaces the stored rows with one snapshot when more than one row has piled up. */
  async snapshotIfUseful(): Promise<void> {
    await this.flush()
    if (this.rowsSinceSnapshot <= 1 || this.broken || this.seq === 0) return
    this.writing = this.writing.then(() => this.compact())
    await this.writing
  }

  /** Tells every peer how many of its updates are stored, and other processes which rows, now. */
  sendAcks(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer)
    this.ackTimer = null
    if (this.storedRows) {
      const { first, last, seqs } = this.storedRows
      this.deps.fanout.publishStored(this.name, this.stream, first, last, seqs)
      this.storedRows = null
    }
    for (const [peer, count] of this.storedAcks) {
      if (peer.open && peer.wantsAcks) peer.send(encodeStored(count))
    }
    this.storedAcks.clear()
  }

  /**
   * Replaces a doc that holds part of a refused update with one read from storage, once the
   * good updates received before it are stored. Peers stay connected: they were sent only good
   * updates, all of which the rebuilt doc holds. Frames that need the doc wait until it is back;
   * if storage cannot be read, the room breaks and its sockets reconnect to a fresh copy.
   */
  private rebuild(): void {
    if (this.rebuilding) return
    this.rebuilding = (async () => {
      try {
        await this.flush()
        if (this.broken) return
        const { updates, seq } = await this.deps.storage.load(this.name)
        const doc = new Y.Doc()
        doc.transact(() => {
          for (const update of updates) Y.applyUpdate(doc, update)
        })
        this.current.off('update', this.onUpdate)
        doc.on('update', this.onUpdate)
        this.forgetLender()
        this.current = doc
        this.ahead.clear()
        // Live updates not yet stored are not in the rebuilt doc: their rows are read instead.
        this.heard.clear()
        this.seq = seq
        this.rowsSinceSnapshot = updates.length
      } catch (error) {
        this.broken = true
        this.deps.onBroken(this, error)
        for (const peer of this.peers.keys()) peer.close(1011, 'storage unavailable')
      } finally {
        this.rebuilding = null
      }
      // Rows other processes stored while this one was reading, then the frames that waited.
      void this.catchUp()
      const held = this.held
      this.held = []
      for (const [peer, data] of held) {
        try {
          this.receive(peer, data)
        } catch {
          peer.close(CloseCode.badMessage, closeReason[CloseCode.badMessage])
        }
      }
    })()
  }

  /** Frees the doc and stops listening to other processes. */
  destroy(): void {
    // Rows stored since the last announcement: the other processes should hear of them now.
    this.sendAcks()
    this.live = false
    if (this.idleTimer) clearTimeout(this.idleTimer)
    if (this.gapTimer) clearTimeout(this.gapTimer)
    if (this.ackTimer) clearTimeout(this.ackTimer)
    if (this.forwardedTimer) clearTimeout(this.forwardedTimer)
    // Stored by the process that received them; nobody reads this doc again.
    this.forwarded = []
    this.deps.fanout.unsubscribe(this.name)
    this.awareness.destroy()
    this.forgetLender()
    this.current.destroy()
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    // A microtask runs once the socket callback that delivered this frame returns: every frame
    // of that read joins one append and one broadcast, without waiting for the rest of the
    // event-loop turn (which would add the latency of every other socket's work).
    queueMicrotask(() => {
      this.flushScheduled = false
      void this.flush()
    })
  }

  private async write(
    merged: Uint8Array | null,
    batches: { first: number; last: number },
    acks: Map<Peer, number>,
  ) {
    if (this.broken) return
    if (merged) {
      let seq: number
      try {
        seq = await this.deps.storage.append(this.name, [merged])
      } catch (error) {
        this.broken = true
        this.deps.onBroken(this, error)
        // The clients still hold their changes: they resend them to a freshly loaded room.
        for (const peer of this.peers.keys()) peer.close(1011, 'storage unavailable')
        return
      }
      // Another process may have appended rows just before ours: `markStored` sees the hole.
      this.markStored(seq, false)
      this.rowsSinceSnapshot++
      if (this.storedRows) {
        this.storedRows.last = batches.last
        this.storedRows.seqs.push(seq)
      } else {
        this.storedRows = { ...batches, seqs: [seq] }
      }
    }
    for (const [peer, count] of acks) this.storedAcks.set(peer, count)
    if (this.storedAcks.size > 0 || this.storedRows) {
      if (this.deps.storage.groupsAppends) {
        // The append already waited to gather a burst: waiting again would only add latency,
        // and a timer that wakes the process once more per commit.
        this.sendAcks()
      } else if (this.ackTimer === null) {
        // Acks wait a few milliseconds so that a burst of edits costs one ack, not one per
        // edit; the storing itself is never delayed.
        this.ackTimer = setTimeout(() => this.sendAcks(), ACK_DELAY_MS)
      }
    }
    if (this.rowsSinceSnapshot >= this.deps.compactEvery) await this.compact()
  }

  private async compact(): Promise<void> {
    // A doc being rebuilt may hold part of a refused update: it must not become the snapshot.
    if (this.broken || this.rebuilding) return
    // The doc may already hold updates of the next batch or rows past a hole; a snapshot that
    // has more than rows 1..seq is still correct, since applying an update twice changes
    // nothing. It must never have less: hence `seq` counts only rows with none missing below.
    const snapshot = Y.encodeStateAsUpdate(this.doc)
    try {
      await this.deps.storage.compact(this.name, snapshot, this.seq)
      this.rowsSinceSnapshot = 1
    } catch (error) {
      // The rows are still there; compaction is only an optimisation.
      this.deps.log.warn(`compaction of ${this.name} failed`, error)
    }
  }

  private broadcast(message: Uint8Array, skip: Peer | null): void {
    for (const peer of this.peers.keys()) {
      if (peer !== skip && peer.open) peer.send(message)
    }
  }
}
