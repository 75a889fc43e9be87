import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import * as syncProtocol from 'y-protocols/sync'
import { MessageType } from '../../shared/protocol.ts'

/** A client frame that is not a well-formed y-websocket message this server accepts. */
export class BadMessageError extends Error {
  override name = 'BadMessageError'
}

/** A change from a member who may only read the book (see `holdsNothingNew`). */
export class ReadOnlyError extends Error {
  override name = 'ReadOnlyError'
}

/** A decoded client frame. Sync step 2 and update carry the same payload: a Yjs update. */
export type ClientMessage =
  | { kind: 'syncStep1'; stateVector: Uint8Array }
  /** `decoded` is the update parsed once, for the room's gate. */
  | { kind: 'update'; update: Uint8Array; decoded: DecodedUpdate }
  /** `clients`: the awareness client ids the update speaks for. */
  | { kind: 'awareness'; update: Uint8Array; clients: number[] }
  | { kind: 'queryAwareness' }

/** What `Y.decodeUpdate` gives. */
export type DecodedUpdate = ReturnType<typeof Y.decodeUpdate>

/** Checks an awareness update's framing and returns the client ids it carries. */
function readAwarenessClients(update: Uint8Array): number[] {
  const decoder = decoding.createDecoder(update)
  const count = decoding.readVarUint(decoder)
  const clients: number[] = []
  for (let i = 0; i < count; i++) {
    clients.push(decoding.readVarUint(decoder))
    decoding.readVarUint(decoder) // clock
    JSON.parse(decoding.readVarString(decoder))
  }
  if (decoding.hasContent(decoder)) throw new BadMessageError('trailing bytes in awareness update')
  return clients
}

function read(data: Uint8Array): ClientMessage {
  const decoder = decoding.createDecoder(data)
  const type = decoding.readVarUint(decoder)
  let message: ClientMessage
  switch (type) {
    case MessageType.sync: {
      const step = decoding.readVarUint(decoder)
      const payload = decoding.readVarUint8Array(decoder)
      if (step === syncProtocol.messageYjsSyncStep1) {
        Y.decodeStateVector(payload)
        message = { kind: 'syncStep1', stateVector: payload }
      } else if (
        step === syncProtocol.messageYjsSyncStep2 ||
        step === syncProtocol.messageYjsUpdate
      ) {
        // Parse the whole update before the doc sees it: Yjs reads an update lazily and would
        // take a prefix of garbage, or integrate structs before finding a corrupt tail. One
        // that parses but breaks while being integrated is the room's to refuse (see Room).
        message = { kind: 'update', update: payload, decoded: Y.decodeUpdate(payload) }
      } else {
        throw new BadMessageError(`unknown sync step ${step}`)
      }
      break
    }
    case MessageType.awareness: {
      const update = decoding.readVarUint8Array(decoder)
      message = { kind: 'awareness', update, clients: readAwarenessClients(update) }
      break
    }
    case MessageType.queryAwareness:
      message = { kind: 'queryAwareness' }
      break
    default:
      // Includes `auth` and `stored`: only the server sends those.
      throw new BadMessageError(`unexpected message type ${type}`)
  }
  if (decoding.hasContent(decoder)) throw new BadMessageError('trailing bytes after message')
  return message
}

/** Decodes one client frame; throws BadMessageError for anything malformed or unexpected. */
export function readClientMessage(data: Uint8Array): ClientMessage {
  try {
    return read(data)
  } catch (error) {
    if (error instanceof BadMessageError) throw error
    throw new BadMessageError(error instanceof Error ? error.message : String(error))
  }
}

/** `[sync, step1, stateVector(doc)]`: asks the client for what the server lacks. */
export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  syncProtocol.writeSyncStep1(encoder, doc)
  return encoding.toUint8Array(encoder)
}

/** `[sync, step2, update]`: what the client lacks, given its state vector. */
export function encodeSyncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  syncProtocol.writeSyncStep2(encoder, doc, stateVector)
  return encoding.toUint8Array(encoder)
}

/** `[sync, update, update]`: a live change. */
export function encodeUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  syncProtocol.writeUpdate(encoder, update)
  return encoding.toUint8Array(encoder)
}

/** `[awareness, update]`. */
export function encodeAwareness(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.awareness)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

/** `[stored, count]`: the first `count` update messages of this connection are durably stored. */
export function encodeStored(count: number): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.stored)
  encoding.writeVarUint(encoder, count)
  return encoding.toUint8Array(encoder)
}
