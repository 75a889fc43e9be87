/**
 * Large messages in small frames. A lender's whole book can be larger than the largest frame the
 * server accepts (`MAX_MESSAGE_BYTES`): the first sync of a new device, or of a device that kept
 * the book while the server lost it, carries all of it in one y-websocket message. A client that
 * connects with `?chunks=1` (see CHUNKS_PARAM) sends and receives any message longer than
 * CHUNK_BYTES as consecutive `chunk` frames, which the other end joins back into the message:
 *
 *   [MessageType.chunk, varUint(index), varUint(count), varUint8Array(part)]
 *
 * A WebSocket delivers frames in order, so the parts of one message arrive one after another,
 * index 0 to count − 1, with nothing in between; anything else is a malformed stream.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { MessageType } from './protocol.ts'

/** Size of one part: far below the smallest frame limit the server can be configured with. */
export const CHUNK_BYTES = 64 * 1024

/** Every part but the last is at least this long. */
const MIN_PART_BYTES = 1024

/** The frames that carry `message`: the message itself when it is small, else its parts. */
export function splitMessage(message: Uint8Array, partBytes = CHUNK_BYTES): Uint8Array[] {
  if (partBytes < MIN_PART_BYTES) throw new RangeError(`parts of ${partBytes} bytes are too small`)
  if (message.byteLength <= partBytes) return [message]
  const count = Math.ceil(message.byteLength / partBytes)
  const frames: Uint8Array[] = []
  for (let index = 0; index < count; index++) {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MessageType.chunk)
    encoding.writeVarUint(encoder, index)
    encoding.writeVarUint(encoder, count)
    encoding.writeVarUint8Array(
      encoder,
      message.subarray(index * partBytes, (index + 1) * partBytes),
    )
    frames.push(encoding.toUint8Array(encoder))
  }
  return frames
}

/** Whether a frame is a chunk (its first byte, a one-byte varUint, says so). */
export function isChunk(frame: Uint8Array): boolean {
  return frame[0] === MessageType.chunk
}

/** Why a stream of chunks was refused. */
export class ChunkError extends Error {}

/**
 * Joins the chunks of one connection back into messages. `accept` returns the whole message
 * with its last part, null before; it throws a ChunkError for a part out of order, a count that
 * changes, or a message that would pass `maxBytes`, and then forgets the message.
 */
export class ChunkJoiner {
  private parts: Uint8Array[] = []
  private count = 0
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  /** Bytes of the unfinished message held so far (0 between messages). */
  get heldBytes(): number {
    return this.bytes
  }

  /** Forgets the unfinished message (its parts are freed). */
  drop(): void {
    this.reset()
  }

  accept(frame: Uint8Array): Uint8Array | null {
    try {
      return this.join(frame)
    } catch (error) {
      this.reset()
      if (error instanceof ChunkError) throw error
      throw new ChunkError('malformed chunk')
    }
  }

  private join(frame: Uint8Array): Uint8Array | null {
    const decoder = decoding.createDecoder(frame)
    if (decoding.readVarUint(decoder) !== MessageType.chunk) throw new ChunkError('not a chunk')
    const index = decoding.readVarUint(decoder)
    const count = decoding.readVarUint(decoder)
    const part = decoding.readVarUint8Array(decoder)
    if (decoding.hasContent(decoder)) throw new ChunkError('bytes after the part')
    if (count < 2) throw new ChunkError('a chunked message has at least two parts')
    if (index !== this.parts.length) throw new ChunkError(`part ${index} out of order`)
    if (index > 0 && count !== this.count) throw new ChunkError('part count changed')
    // Tiny parts would make the server keep millions of small arrays for one message.
    if (index < count - 1 && part.byteLength < MIN_PART_BYTES)
      throw new ChunkError('part too small')
    this.bytes += part.byteLength
    if (this.bytes > this.maxBytes) throw new ChunkError('chunked message too large')
    this.count = count
    this.parts.push(part)
    if (this.parts.length < count) return null
    const message = new Uint8Array(this.bytes)
    let at = 0
    for (const piece of this.parts) {
      message.set(piece, at)
      at += piece.byteLength
    }
    this.reset()
    return message
  }

  private reset(): void {
    this.parts = []
    this.count = 0
    this.bytes = 0
  }
}
