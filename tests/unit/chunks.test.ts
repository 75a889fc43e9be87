/**
 * The chunk framing: any message survives being split and joined, and a stream that breaks the
 * rules (parts out of order, a changing count, tiny parts, too many bytes) is refused.
 */
import fc from 'fast-check'
import * as encoding from 'lib0/encoding'
import { describe, expect, it } from 'vitest'
import { ChunkError, ChunkJoiner, isChunk, splitMessage } from '../../shared/chunks.ts'
import { MessageType } from '../../shared/protocol.ts'

function chunk(index: number, count: number, part: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.chunk)
  encoding.writeVarUint(encoder, index)
  encoding.writeVarUint(encoder, count)
  encoding.writeVarUint8Array(encoder, part)
  return encoding.toUint8Array(encoder)
}

describe('chunks', () => {
  it('join back into exactly the message that was split, one message after another', () => {
    fc.assert(
      fc.property(
        // y-websocket messages: a message type, then anything.
        fc.array(
          fc
            .tuple(fc.constantFrom(0, 1, 2, 3, 100), fc.uint8Array({ maxLength: 10_000 }))
            .map(([type, rest]) => Uint8Array.of(type, ...rest)),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 1024, max: 4096 }),
        (messages, partBytes) => {
          const joiner = new ChunkJoiner(1 << 20)
          const received: Uint8Array[] = []
          for (const message of messages) {
            const frames = splitMessage(message, partBytes)
            expect(frames.length).toBe(Math.max(1, Math.ceil(message.length / partBytes)))
            for (const frame of frames) {
              const whole = isChunk(frame) ? joiner.accept(frame) : frame
              if (whole) received.push(whole)
            }
          }
          expect(received).toEqual(messages)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('leave a message that fits in one part as it is', () => {
    const message = new Uint8Array([0, 2, 1, 2, 3])
    expect(splitMessage(message)).toEqual([message])
  })

  it('refuse parts out of order, a count that changes, tiny parts and too many bytes', () => {
    const part = new Uint8Array(2048)
    const refused = (frames: Uint8Array[], max = 1 << 20) => {
      const joiner = new ChunkJoiner(max)
      return () => frames.forEach((frame) => joiner.accept(frame))
    }
    expect(refused([chunk(1, 3, part)])).toThrow(ChunkError)
    expect(refused([chunk(0, 3, part), chunk(2, 3, part)])).toThrow(ChunkError)
    expect(refused([chunk(0, 3, part), chunk(1, 4, part)])).toThrow(ChunkError)
    expect(refused([chunk(0, 1_000_000, new Uint8Array(1))])).toThrow(ChunkError)
    expect(refused([chunk(0, 1, part)])).toThrow(ChunkError)
    expect(refused([chunk(0, 3, part), chunk(1, 3, part)], 3000)).toThrow(ChunkError)
    expect(refused([new Uint8Array([MessageType.chunk, 0xff])])).toThrow(ChunkError)
  })

  it('start afresh after a refused stream', () => {
    const joiner = new ChunkJoiner(1 << 20)
    expect(() => joiner.accept(chunk(1, 2, new Uint8Array(2048)))).toThrow(ChunkError)
    const message = new Uint8Array(5000).fill(7)
    const frames = splitMessage(message, 2048)
    expect(frames.map((frame) => joiner.accept(frame)).at(-1)).toEqual(message)
  })
})
