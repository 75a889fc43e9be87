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
/** An update before it is stored, with its batch number. */
const KIND_LIVE = 3
/** Batches stored, and the seqs of the rows that hold them. */
const KIND_STORED = 4
/** A member's role in a book changed, or they were removed. */
const KIND_ACCESS_CHANGED = 5

/**
 * The channel (after the prefix) that carries ended sessions and changed access. Room names are `cities` and
 * `users/<id>`, so no room's channel can be this one.
 */
const SESSIONS_CHANNEL = '!sessions'

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
 * Fan-out over Redis pub/sub, one channel per room. Pub/sub is fire-and-forget: a message
 * published while a subscriber is disconnected is lost for good. Each stored row is therefore
 * announced with the seq storage gave it, so a room can see a hole and fill it from storage, and
 * after every (re)subscription the room is told to `resync`, since anything may have been missed
 * meanwhile. Redis delivers one connection's messages in the order they were published, so a
 * row's announcement never overtakes the live updates it holds.
 *
 * During a rolling upgrade a process of the previous version sends KIND_UPDATE (taken as before)
 * and ignores the two newer kinds; rooms there catch up from storage by their poll instead.
 *
 * A process hears its own messages on its own channels; the instance id in each message lets it
 * drop them, so an update is never applied twice nor echoed.
 */
export function createRedisFanout(options: RedisFanoutOptions): Fanout {
  const { log, prefix } = options
  const instance = randomBytes(9).toString('base64url')
  const listeners = new Map<string, FanoutListener>()
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

  const onMessage = (name: string, message: Uint8Array) => {
    if (!name.startsWith(prefix)) return
    const room = name.slice(prefix.length)
    const listener = listeners.get(room)
    if (!listener && room !== SESSIONS_CHANNEL) return
    try {
      const decoder = decoding.createDecoder(message)
      const kind = decoding.readVarUint(decoder)
      if (decoding.readVarString(decoder) === instance) return
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
        listener.stored(stream, first, last, seqs)
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
      subscriber.subscribe([...[...listeners.keys()].map(channelOf), channelOf(SESSIONS_CHANNEL)])
    },
    // Anything may have been missed before the subscription: the room catches up from storage.
    onSubscribed: (channel) => listeners.get(channel.slice(prefix.length))?.resync(),
    onMessage,
    onRefused(reason) {
      if (refusalSaid) return
      refusalSaid = true
      log.warn(`redis refused a subscription (${reason}); rooms catch up from storage`)
    },
  })

  // A message that cannot go out is lost: the other processes find the hole (in the batch
  // numbers or the seqs) and read what they missed from storage.
  const send = (room: string, message: Uint8Array) => publisher.publish(channelOf(room), message)

  return {
    publishLive(room, update, stream, batch) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, KIND_LIVE)
      encoding.writeVarString(encoder, instance)
      encoding.writeVarString(encoder, stream)
      encoding.writeVarUint(encoder, batch)
      encoding.writeVarUint8Array(encoder, update)
      send(room, encoding.toUint8Array(encoder))
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
      listeners.delete(room)
      subscriber.unsubscribe([channelOf(room)])
    },
    async close() {
      listeners.clear()
      sessionListeners.length = 0
      accessListeners.length = 0
      publisher.close()
      subscriber.close()
    },
  }
}
