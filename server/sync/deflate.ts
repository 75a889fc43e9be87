import { promisify } from 'node:util'
import { deflateRaw, inflateRawSync } from 'node:zlib'
import {
  DEFLATE_MIN_BYTES,
  MAX_INFLATE_RATIO,
  deflatedMessage,
  deflatedPayload,
  worthDeflating,
} from '../../shared/deflate.ts'
import { BadMessageError } from './messages.ts'

const deflateRawAsync = promisify(deflateRaw)

/**
 * Each large message is compressed once, however many sockets it goes to (a broadcast hands the
 * same array to each), and off the event loop (zlib's thread pool): 8 MB take about 0.2 s.
 */
const compressed = new WeakMap<Uint8Array, Promise<Uint8Array>>()

/** Whether `message` is sent compressed to a socket that takes it (see `shared/deflate.ts`). */
export function shouldDeflate(message: Uint8Array): boolean {
  return message.byteLength >= DEFLATE_MIN_BYTES
}

/** `message` as it goes to a socket that takes compressed messages: deflated if that is smaller. */
export function deflateForWire(message: Uint8Array): Promise<Uint8Array> {
  let result = compressed.get(message)
  if (!result) {
    result = deflateRawAsync(message).then((bytes) =>
      worthDeflating(message.byteLength, bytes.byteLength) ? deflatedMessage(bytes) : message,
    )
    compressed.set(message, result)
  }
  return result
}

/**
 * The message a deflated one carries, at most `maxBytes` long and at most MAX_INFLATE_RATIO times
 * its compressed size. Inflated on the event loop (a book's 3 MB take about 40 ms), so that the
 * socket's frames stay in order. Throws BadMessageError for one that does not inflate or would
 * pass either bound.
 */
export function inflateFromWire(message: Uint8Array, maxBytes: number): Uint8Array {
  const payload = deflatedPayload(message)
  const bound = Math.min(maxBytes, payload.byteLength * MAX_INFLATE_RATIO)
  try {
    const inflated = inflateRawSync(payload, { maxOutputLength: Math.max(1, bound) })
    return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength)
  } catch (error) {
    const why =
      (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too large' : 'malformed'
    throw new BadMessageError(`deflated message ${why}`)
  }
}
