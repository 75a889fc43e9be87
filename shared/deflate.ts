/**
 * Large messages compressed. A lender's whole book, which a new device downloads on its first
 * sync, is 8.4 MB for 100,000 payments, and Yjs's encoding of it shrinks to under half with raw
 * DEFLATE (RFC 1951), which every browser inflates natively (`DecompressionStream`). A client
 * that connects with `?deflate=1` (see DEFLATE_PARAM) sends and takes any message of at least
 * DEFLATE_MIN_BYTES as
 *
 *   [MessageType.deflated, ...deflate-raw bytes of the message]
 *
 * which is itself split into chunks when it is large (`shared/chunks.ts`): chunks carry bytes,
 * this layer carries messages. Inflated, it is one message of the other types, never another
 * deflated one. A message that does not shrink is sent as it is.
 */
import { MessageType } from './protocol.ts'

/** Messages at least this long are compressed: smaller ones cost more CPU than they save. */
export const DEFLATE_MIN_BYTES = 64 * 1024

/**
 * The most a deflated message may grow when inflated, as a multiple of its own size. A book
 * compresses about 2–3 times; without a bound, a few kilobytes could make the server inflate
 * tens of megabytes (raw DEFLATE reaches about 1,000 times).
 */
export const MAX_INFLATE_RATIO = 64

/** Whether a message is a deflated one (its first byte, a one-byte varUint, says so). */
export function isDeflated(message: Uint8Array): boolean {
  return message[0] === MessageType.deflated
}

/** The deflated message carrying `compressed`, the deflate-raw bytes of a message. */
export function deflatedMessage(compressed: Uint8Array): Uint8Array {
  const message = new Uint8Array(compressed.byteLength + 1)
  message[0] = MessageType.deflated
  message.set(compressed, 1)
  return message
}

/** The deflate-raw bytes a deflated message carries. */
export function deflatedPayload(message: Uint8Array): Uint8Array {
  return message.subarray(1)
}

/** Whether compressing a message to `compressedBytes` is worth sending instead of it. */
export function worthDeflating(originalBytes: number, compressedBytes: number): boolean {
  return compressedBytes + 1 < originalBytes * 0.9
}
