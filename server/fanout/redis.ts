import { randomBytes } from 'node:crypto'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import type { Logger } from '../log.ts'
import { openRedisPublisher } from './redisPublisher.ts'
import { openRedisSubscriber } from './redisSubscriber.ts'
import type { Fanout, FanoutListener } from './types.ts'

/** What the Redis fan-out needs. */
export interface RedisFanoutOptions {
  /** e.g. redis://127.0.0.1:6379 */
  url: string
  /** Prefix of every channel name, so installations that share one Redis stay apart. */
  prefix: string
  log: Logger
}

/** An update with its seq, after it was stored: what processes before live delivery send. */
const KIND_UPDATE = 0
const KIND_AWARENESS = 1
const KIND_SESSION_ENDED = 2
/** An update before it is stored, with its batch number, on the room's channel (the previous version's). */
const KIND_LIVE = 3
/** Batches stored, and the seqs of the rows that hold them. */
const KIND_STORED = 4
/** A member's role in a book changed, or they were removed. */
const KIND_ACCESS_CHANGED = 5
/** This process holds the room; with a flag: and asks the others that hold it to say so too. */
const KIND_HERE = 6
/** This process no longer holds the room. */
const KIND_GONE = 7
/** An update before it is stored, sent to one process's inbox: KIND_LIVE with the room's name. */
const KIND_LIVE_TO = 8

/**
 * The channel (after the prefix) that carries ended sessions and changed access. Room names are `cities` and
 * `users/<id>`, so no room's channel can be this one.
 */
const SESSIONS_CHANNEL = '!sessions'

/** The channel (after the prefix) where a process hears live updates sent to it alone. */
const inboxChannel = (instance: string) => `!inbox/${instance}`

/**
 * How many other processes a room sends its live updates to. One per other process that holds
 * it; past that, the one heard from least recently is forgotten (it then misses live updates,
 * repairs them from storage and says it is here again).
 */
const MAX_PEERS = 32

/** The least time between two announcements of one room by a process that finds it was missed. */
const REANNOUNCE_MS = 1_000

// Reconnect quickly: while Redis is away, updates still reach other processes through storage
// (sync/rooms.ts polls it), but only with the poll's delay.
const retryStrategy = (times: number) => Math.min(times * 100, 1_000)

function encodeSessionEnded(instance: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, KIND_SESSION_ENDED)
  encoding.writeVarString(encoder, instance)
  encoding.writeVarString(encoder, token)
  return encoding.toUint8Array(encoder)
}

/**
 * Fan-out over Redis pub/sub: a channel per room, and an inbox per process. Pub/sub is
 * fire-and-forget: a message published while a subscriber is disconnected is lost for good. Each
 * stored row is therefore announced with the seq storage gave it, so a room can see a hole and
 * fill it from storage, and after every (re)subscription the room is told to `resync`, since
 * anything may have been missed meanwhile. Redis delivers one connection's messages in the order
 * they were published, on whichever channels, so a row's announcement never overtakes the live
 * updates it holds.
 *
 * Live updates, one or more per edit, do not go on the room's channel: every holder of the room
 * would hear them there, the sender included, which woke the sender's process once more per edit
 * for a message it then dropped. They go to the inbox of each process known to hold the room, and
 * to none while no other process does. A process learns who holds a room from the room's channel:
 * one that subscribes says so (KIND_HERE, asking the others to answer), one that leaves says so
 * (KIND_GONE), and any message of the room names its sender. A process that was missed (a message
 * lost, or a late subscription) learns so from the stored-rows message, which lists the inboxes
 * its live updates went to: it repairs the rows from storage, as for any lost message, and says
 * it is here again. So a wrong list costs latency, never an update.
 *
 * A process hears its own messages on a room's channel; the instance id in each message lets it
 * drop them, so an update is never applied twice nor echoed.
 *
 * During a rolling upgrade a process of the previous version sends live updates on the room's
 * channel (taken as before) and hears none of this version's, which go to inboxes: its rooms
 * repair them from storage when the stored-rows message shows them missing. One of the version
 * before that sends KIND_UPDATE (taken as before) and ignores the newer kinds; rooms there catch
 * up from storage by their poll instead.
 */
export function createRedisFanout(options: RedisFanoutOptions): Fanout {
  const { log, prefix } = options
  const instance = randomBytes(9).toString('base64url')
  const listeners = new Map<string, FanoutListener>()
  /** Per room, the other processes known to hold it, least recently heard from first. */
  const holders = new Map<string, Set<string>>()
  /** Per room, when this process last said it holds the room because it was missed. */
  const announced = new Map<string, number>()
  const sessionListeners: ((token: string) => void)[] = []
  const accessListeners: ((ownerId: string, memberId: string) => void)[] = []
  let down = false
  const onError = (error: Error) => {
    if (down) return
    down = true
    log.warn(`redis unavailable (${error.message}); rooms catch up from storage until it is back`)
  }
  // Publishing while Redis is down must fail at once, not queue up without bound: storage holds
  // every update anyway and the other processes repair from it.
  const publisher = openRedisPublisher({
    url: options.url,
    retryStrategy,
    onDown: onError,
  })

  const channelOf = (room: string) => prefix + room
  const inbox = channelOf(inboxChannel(instance))
  // A message that cannot go out is lost: the other processes find the hole (in the batch
  // numbers or the seqs) and read what they missed from storage.
  const send = (room: string, message: Uint8Array) => publisher.publish(channelOf(room), message)

  /** Records that `sender` holds `room` (or, `gone`, no longer does). */
  const heardFrom = (room: string, sender: string, gone = false) => {
    const known = holders.get(room)
    if (!known) return
    known.delete(sender) // re-inserted last: the set's order is least recently heard first
    if (gone) return
    known.add(sender)
    if (known.size > MAX_PEERS) known.delete(known.values().next().value!)
  }

  /** Tells the room's other holders that this process holds it; `ask`: and that they should say so. */
  const sayHere = (room: string, ask: boolean) => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, KIND_HERE)
    encoding.writeVarString(encoder, instance)
    encoding.writeVarUint(encoder, ask ? 1 : 0)
    send(room, encoding.toUint8Array(encoder))
  }

  const onInboxMessage = (message: Uint8Array) => {
    const decoder = decoding.createDecoder(message)
    if (decoding.readVarUint(decoder) !== KIND_LIVE_TO) return
    decoding.readVarString(decoder) // the sender
    const listener = listeners.get(decoding.readVarString(decoder))
    if (!listener) return
    const stream = decoding.readVarString(decoder)
    const batch = decoding.readVarUint(decoder)
    listener.live(decoding.readVarUint8Array(decoder), stream, batch)
  }

  const onMessage = (name: string, message: Uint8Array) => {
    if (name === inbox) {
      try {
        onInboxMessage(message)
      } catch (error) {
        log.warn(`ignoring a malformed fan-out message on ${name}`, error)
      }
      return
    }
    if (!name.startsWith(prefix)) return
    const room = name.slice(prefix.length)
    const listener = listeners.get(room)
    if (!listener && room !== SESSIONS_CHANNEL) return
    try {
      const decoder = decoding.createDecoder(message)
      const kind = decoding.readVarUint(decoder)
      const sender = decoding.readVarString(decoder)
      if (sender === instance) return
      if (listener) heardFrom(room, sender, kind === KIND_GONE)
      if (kind === KIND_SESSION_ENDED) {
        const token = decoding.readVarString(decoder)
        for (const notify of sessionListeners) notify(token)
      } else if (kind === KIND_ACCESS_CHANGED) {
        const ownerId = decoding.readVarString(decoder)
        const memberId = decoding.readVarString(decoder)
        for (const notify of accessListeners) notify(ownerId, memberId)
      } else if (!listener) {
        return
      } else if (kind === KIND_LIVE) {
        const stream = decoding.readVarString(decoder)
        const batch = decoding.readVarUint(decoder)
        listener.live(decoding.readVarUint8Array(decoder), stream, batch)
      } else if (kind === KIND_STORED) {
        const stream = decoding.readVarString(decoder)
        const first = decoding.readVarUint(decoder)
        const last = decoding.readVarUint(decoder)
        const seqs = Array.from({ length: decoding.readVarUint(decoder) }, () =>
          decoding.readVarUint(decoder),
        )
        // The inboxes the batches went to (a process of the previous version lists none).
        const sentTo = decoding.hasContent(decoder)
          ? Array.from({ length: decoding.readVarUint(decoder) }, () =>
              decoding.readVarString(decoder),
            )
          : null
        listener.stored(stream, first, last, seqs)
        const now = Date.now()
        if (
          sentTo &&
          !sentTo.includes(instance) &&
          now - (announced.get(room) ?? 0) >= REANNOUNCE_MS
        ) {
          announced.set(room, now)
          sayHere(room, false)
        }
      } else if (kind === KIND_HERE) {
        if (decoding.readVarUint(decoder) === 1) sayHere(room, false)
      } else if (kind === KIND_UPDATE) {
        const seq = decoding.readVarUint(decoder)
        listener.update(decoding.readVarUint8Array(decoder), seq)
      } else if (kind === KIND_AWARENESS) {
        listener.awareness(decoding.readVarUint8Array(decoder))
      }
    } catch (error) {
      log.warn(`ignoring a malformed fan-out message on ${name}`, error)
    }
  }

  // A Redis that refuses subscriptions (an ACL) refuses each room's: said once per connection.
  let refusalSaid = false
  // Subscriptions are made again by us once the link is back (then every room resyncs).
  const subscriber = openRedisSubscriber({
    url: options.url,
    retryStrategy,
    onDown: onError,
    onUp() {
      if (down) log.info('redis is back')
      down = false
      refusalSaid = false
      // A sign-out published while this link was down is caught by the periodic session check.
      subscriber.subscribe([
        inbox,
        ...[...listeners.keys()].map(channelOf),
        channelOf(SESSIONS_CHANNEL),
      ])
    },
    // Anything may have been missed before the subscription: the room catches up from storage,
    // and asks who else holds it (who came or went meanwhile).
    onSubscribed(channel) {
      const room = channel.slice(prefix.length)
      const listener = listeners.get(room)
      if (!listener) return
      sayHere(room, true)
      listener.resync()
    },
    onMessage,
    onRefused(reason) {
      if (refusalSaid) return
      refusalSaid = true
      log.warn(`redis refused a subscription (${reason}); rooms catch up from storage`)
    },
  })

  return {
    publishLive(room, update, stream, batch) {
      const known = holders.get(room)
      if (!known || known.size === 0) return
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_LIVE_TO)
      encoding.writeVarString(encoder, instance)
      encoding.writeVarString(encoder, room)
      encoding.writeVarString(encoder, stream)
      encoding.writeVarUint(encoder, batch)
      encoding.writeVarUint8Array(encoder, update)
      const message = encoding.toUint8Array(encoder)
      for (const holder of known) send(inboxChannel(holder), message)
    },
    publishStored(room, stream, first, last, seqs) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_STORED)
      encoding.writeVarString(encoder, instance)
      encoding.writeVarString(encoder, stream)
      encoding.writeVarUint(encoder, first)
      encoding.writeVarUint(encoder, last)
      encoding.writeVarUint(encoder, seqs.length)
      for (const seq of seqs) encoding.writeVarUint(encoder, seq)
      const known = holders.get(room) ?? new Set<string>()
      encoding.writeVarUint(encoder, known.size)
      for (const holder of known) encoding.writeVarString(encoder, holder)
      send(room, encoding.toUint8Array(encoder))
    },
    publishAwareness(room, update) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_AWARENESS)
      encoding.writeVarString(encoder, instance)
      encoding.writeVarUint8Array(encoder, update)
      send(room, encoding.toUint8Array(encoder))
    },
    subscribe(room, listener) {
      listeners.set(room, listener)
      holders.set(room, new Set())
      subscriber.subscribe([channelOf(room)])
    },
    publishSessionEnded(token) {
      send(SESSIONS_CHANNEL, encodeSessionEnded(instance, token))
    },
    onSessionEnded(listener) {
      sessionListeners.push(listener)
    },
    publishAccessChanged(ownerId, memberId) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_ACCESS_CHANGED)
      encoding.writeVarString(encoder, instance)
      encoding.writeVarString(encoder, ownerId)
      encoding.writeVarString(encoder, memberId)
      send(SESSIONS_CHANNEL, encoding.toUint8Array(encoder))
    },
    onAccessChanged(listener) {
      accessListeners.push(listener)
    },
    unsubscribe(room) {
      if (!listeners.delete(room)) return
      holders.delete(room)
      announced.delete(room)
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_GONE)
      encoding.writeVarString(encoder, instance)
      send(room, encoding.toUint8Array(encoder))
      subscriber.unsubscribe([channelOf(room)])
    },
    async close() {
      listeners.clear()
      holders.clear()
      sessionListeners.length = 0
      accessListeners.length = 0
      publisher.close()
      subscriber.close()
    },
  }
}
