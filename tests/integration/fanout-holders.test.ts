/**
 * Who hears a room's live updates across processes (server/fanout/redis.ts): the other processes
 * that hold the room, each in its own inbox, and not the sender. Two fan-outs on the machine's
 * Redis stand for two server processes; a plain subscriber to every channel of the installation
 * counts what goes over Redis. The same fan-out under two whole server processes is tested in
 * scaleout.test.ts.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createRedisFanout } from '../../server/fanout/redis.ts'
import type { Fanout, FanoutListener } from '../../server/fanout/types.ts'
import { waitFor } from './harness.ts'
import { TEST_REDIS_URL, testRedisPrefix } from './services.ts'

const ROOM = 'users/holders'
/** A room each fan-out also holds, where the test asks it whether it has read everything. */
const PROBE_ROOM = 'users/probe'
/** The message kinds of server/fanout/redis.ts that the test writes itself. */
const KIND_STORED = 4
const KIND_HERE = 6
const KIND_GONE = 7
const KIND_LIVE_TO = 8

const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const text = (value: string) => new TextEncoder().encode(value)

/** The kind and the sender of a fan-out message (every kind names its sender second). */
function read(message: Buffer): { kind: number; sender: string } {
  const decoder = decoding.createDecoder(message)
  return { kind: decoding.readVarUint(decoder), sender: decoding.readVarString(decoder) }
}

/** A message of `kind` from `sender`, with `rest` after the sender. */
function message(kind: number, sender: string, rest: (encoder: encoding.Encoder) => void) {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, kind)
  encoding.writeVarString(encoder, sender)
  rest(encoder)
  return Buffer.from(encoding.toUint8Array(encoder))
}

interface Process {
  fanout: Fanout
  /** Its name in the messages it sends. */
  name: string
  /** The live updates its ROOM heard, as text, and the last batch of each stored run. */
  live: string[]
  stored: number[]
  /** The probes it read in PROBE_ROOM (see `settled`). */
  probed: number[]
}

/**
 * An installation's Redis as the test sees it: every message published under its prefix, by
 * channel (without the prefix), in order; and fan-outs (processes) that hold ROOM.
 */
async function installation() {
  const prefix = testRedisPrefix()
  const tap = new Redis(TEST_REDIS_URL)
  const heard: { channel: string; kind: number; sender: string }[] = []
  tap.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer, payload: Buffer) => {
    heard.push({ channel: channel.toString().slice(prefix.length), ...read(payload) })
  })
  await tap.psubscribe(`${prefix}*`)
  const writer = new Redis(TEST_REDIS_URL)
  const fanouts: Fanout[] = []
  let probes = 0

  /** What went over Redis except the probes' messages. */
  const traffic = () => heard.filter(({ channel }) => channel !== PROBE_ROOM)

  return {
    traffic,
    /** Publishes `payload` on `room`'s channel, as another process would. */
    publish: (room: string, payload: Buffer) => writer.publish(prefix + room, payload),

    /** Opens a process holding ROOM, once it has said so and any other holder has answered. */
    async open(): Promise<Process> {
      const fanout = createRedisFanout({ url: TEST_REDIS_URL, prefix, log: quiet })
      fanouts.push(fanout)
      const live: string[] = []
      const stored: number[] = []
      const listener: FanoutListener = {
        live: (update) => live.push(new TextDecoder().decode(update)),
        stored: (_stream, _first, last) => stored.push(last),
        update() {},
        awareness() {},
        resync() {},
      }
      const probed: number[] = []
      const probeListener: FanoutListener = {
        ...listener,
        stored: (_stream, _first, last) => probed.push(last),
      }
      const before = traffic().length
      const holders = new Set(traffic().map(({ sender }) => sender)).size
      fanout.subscribe(PROBE_ROOM, probeListener)
      fanout.subscribe(ROOM, listener)
      // Its own announcement, then one answer from each process already there.
      await waitFor(() => traffic().length === before + 1 + holders, 'the announcements')
      return { fanout, name: traffic()[before]!.sender, live, stored, probed }
    },

    /**
     * Resolves once `process` has read everything published before this call: Redis sends a
     * subscriber its messages in the order it took them, and the probe (stored rows in
     * PROBE_ROOM, from a process of its own) comes last.
     */
    async settled(process: Process): Promise<void> {
      const probe = ++probes
      await writer.publish(
        prefix + PROBE_ROOM,
        message(KIND_STORED, 'probe', (encoder) => {
          encoding.writeVarString(encoder, 'probe')
          encoding.writeVarUint(encoder, probe) // first and last batch
          encoding.writeVarUint(encoder, probe)
          encoding.writeVarUint(encoder, 0) // no seqs
          encoding.writeVarUint(encoder, 1) // sent to that process
          encoding.writeVarString(encoder, process.name)
        }),
      )
      await waitFor(() => process.probed.includes(probe), 'the probe')
    },

    async close() {
      await Promise.all(fanouts.map((fanout) => fanout.close()))
      tap.disconnect()
      writer.disconnect()
    },
  }
}

let installations: Awaited<ReturnType<typeof installation>>[] = []
afterEach(async () => {
  await Promise.all(installations.map((each) => each.close()))
  installations = []
})

async function newInstallation() {
  const each = await installation()
  installations.push(each)
  return each
}

describe("a room's live updates across processes", () => {
  it('go to each other process that holds the room, once, and never back to the sender', async () => {
    const redis = await newInstallation()
    const a = await redis.open()
    // Alone with the room: its live updates have nobody to go to.
    for (let i = 1; i <= 5; i++) a.fanout.publishLive(ROOM, text(`alone ${i}`), 'a', i)
    const b = await redis.open()
    // A answered B's announcement, so it knows B holds the room.
    const before = redis.traffic().length
    for (let i = 1; i <= 20; i++) a.fanout.publishLive(ROOM, text(`edit ${i}`), 'a', 5 + i)
    await waitFor(() => b.live.length === 20, "every edit in the other process's room")
    expect(b.live).toEqual(Array.from({ length: 20 }, (_, i) => `edit ${i + 1}`))
    expect(a.live).toEqual([])
    expect(redis.traffic().slice(before)).toEqual(
      Array(20).fill({ channel: `!inbox/${b.name}`, kind: KIND_LIVE_TO, sender: a.name }),
    )

    // B leaves, and says so: A's next updates go nowhere again.
    b.fanout.unsubscribe(ROOM)
    await waitFor(() => redis.traffic().length === before + 21, 'the leaving')
    expect(redis.traffic().at(-1)).toEqual({ channel: ROOM, kind: KIND_GONE, sender: b.name })
    await redis.settled(a)
    for (let i = 1; i <= 5; i++) a.fanout.publishLive(ROOM, text(`after ${i}`), 'a', 25 + i)
    // Redis keeps a publisher's order: a message after those five shows they went nowhere.
    a.fanout.publishStored(ROOM, 'a', 1, 30, [1])
    await waitFor(() => redis.traffic().length === before + 22, 'the stored rows')
    expect(redis.traffic().at(-1)).toEqual({ channel: ROOM, kind: KIND_STORED, sender: a.name })
  })

  it('reach a process that was missed once the stored rows show it so', async () => {
    const redis = await newInstallation()
    const a = await redis.open()
    const b = await redis.open()
    // A hears that B left, though it did not (as when B's answer to A was lost).
    await redis.publish(
      ROOM,
      message(KIND_GONE, b.name, () => {}),
    )
    await redis.settled(a)
    const before = redis.traffic().length
    a.fanout.publishLive(ROOM, text('missed'), 'a', 1)
    a.fanout.publishStored(ROOM, 'a', 1, 1, [1])
    // B was not among the inboxes A's update went to: it hears the stored row, says it is here,
    // and A's next updates reach it.
    await waitFor(() => b.stored.length === 1, 'the stored row')
    await waitFor(
      () =>
        redis
          .traffic()
          .slice(before)
          .some((entry) => entry.kind === KIND_HERE && entry.sender === b.name),
      "B's new announcement",
    )
    await redis.settled(a)
    a.fanout.publishLive(ROOM, text('heard'), 'a', 2)
    await waitFor(() => b.live.length === 1, 'the next update')
    expect(b.live).toEqual(['heard'])
  })
})
