/**
 * The fan-out subscriber's reader of Redis's replies (server/fanout/redisSubscriber.ts): TCP
 * hands it replies in whatever pieces it likes, a message's bytes may hold "\r\n" or be a
 * megabyte long, and whatever the cut, it must read the replies Redis sent, each once, in order.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RespReader } from '../../server/fanout/redisSubscriber.ts'

type Reply = Buffer | number | string | Error | null | Reply[]

/** How Redis writes `reply` (RESP2). */
function encode(reply: Reply): Buffer {
  if (reply === null) return Buffer.from('$-1\r\n')
  if (typeof reply === 'number') return Buffer.from(`:${reply}\r\n`)
  if (typeof reply === 'string') return Buffer.from(`+${reply}\r\n`)
  if (reply instanceof Error) return Buffer.from(`-${reply.message}\r\n`)
  if (Array.isArray(reply)) {
    return Buffer.concat([Buffer.from(`*${reply.length}\r\n`), ...reply.map(encode)])
  }
  return Buffer.concat([Buffer.from(`$${reply.length}\r\n`), reply, Buffer.from('\r\n')])
}

/** Feeds `bytes` to a reader cut at `cuts`; the replies it read, as plain values. */
function readAll(bytes: Buffer, cuts: readonly number[]): unknown[] {
  const replies: unknown[] = []
  const reader = new RespReader((reply) => replies.push(plain(reply)))
  let from = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(bytes.subarray(from, cut))
    from = cut
  }
  reader.push(bytes.subarray(from))
  return replies
}

function plain(reply: unknown): unknown {
  if (Buffer.isBuffer(reply)) return { bytes: [...reply] }
  if (reply instanceof Error) return { error: reply.message }
  if (Array.isArray(reply)) return reply.map(plain)
  return reply
}

const line = fc.string({ maxLength: 12 }).map((text) => text.replace(/[\r\n]/g, ' '))
// Bytes that look like the protocol's own, to catch a reader that scans a message for "\r\n".
const bytes = fc
  .array(fc.constantFrom(13, 10, 36, 42, 43, 45, 58, 48, 0, 255), { maxLength: 24 })
  .map((values) => Buffer.from(values))
const leaf = fc.oneof(
  bytes,
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  line,
  line.map((text) => new Error(`ERR ${text}`)),
  fc.constant(null),
)
const reply: fc.Arbitrary<Reply> = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 4 }),
  fc.tuple(fc.constant(Buffer.from('message')), line.map(Buffer.from), bytes),
)

describe('the Redis reply reader', () => {
  it('reads the replies as sent, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(reply, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (replies, rawCuts) => {
          const wire = Buffer.concat(replies.map(encode))
          const cuts = rawCuts.map((cut) => cut % (wire.length + 1))
          expect(readAll(wire, cuts)).toEqual(replies.map(plain))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads a message of a megabyte that arrives in 64 KiB pieces, then the next', () => {
    const big = Buffer.alloc(2 ** 20, 0x0d)
    const wire = Buffer.concat([
      encode([Buffer.from('message'), Buffer.from('users/a'), big]),
      encode([Buffer.from('message'), Buffer.from('users/a'), Buffer.from('after')]),
    ])
    const cuts = Array.from({ length: Math.floor(wire.length / 65536) }, (_, i) => (i + 1) * 65536)
    const replies = readAll(wire, cuts) as { bytes: number[] }[][]
    expect(replies).toHaveLength(2)
    expect(replies[0]![2]!.bytes).toHaveLength(2 ** 20)
    expect(replies[1]![2]).toEqual({ bytes: [...Buffer.from('after')] })
  })

  it('refuses bytes that are not a reply', () => {
    const reader = new RespReader(() => {})
    expect(() => reader.push(Buffer.from('HTTP/1.1 400 Bad Request\r\n'))).toThrow(
      /not a Redis reply/,
    )
    expect(() => new RespReader(() => {}).push(Buffer.from(':12x\r\n'))).toThrow(
      /not a Redis reply/,
    )
  })
})
