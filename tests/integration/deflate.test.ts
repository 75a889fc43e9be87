/**
 * Large messages travel compressed between the server and a client that says it takes them
 * (`?deflate=1`), both ways, and a compressed message cannot make the server inflate without
 * bound. Raw sockets here, so that what crosses the wire is measured, not assumed.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import * as syncProtocol from 'y-protocols/sync'
import { ChunkJoiner, isChunk, splitMessage } from '../../shared/chunks.ts'
import { deflatedMessage, isDeflated } from '../../shared/deflate.ts'
import {
  CHUNKS_PARAM,
  CloseCode,
  DEFLATE_PARAM,
  MessageType,
  SYNC_PATH,
  userRoom,
} from '../../shared/protocol.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { buildBook } from '../fixtures/book.ts'
import {
  cleanup,
  connectClient,
  signUp,
  startTestServer,
  waitFor,
  waitSynced,
  type Lender,
  type TestServer,
} from './harness.ts'

/** A raw socket to the lender's room: every frame it receives, and how it closed. */
interface Raw {
  ws: WebSocket
  frames: Uint8Array[]
  closed: Promise<number>
  opened: Promise<void>
}

function openRaw(server: TestServer, lender: Lender, params: string): Raw {
  const room = userRoom(lender.userId)
  const url = `${server.url.replace('http', 'ws')}${SYNC_PATH}/${room}?${params}`
  const ws = new WebSocket(url, { headers: { cookie: lender.cookie } })
  const frames: Uint8Array[] = []
  ws.on('message', (data: Buffer) => frames.push(new Uint8Array(data)))
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve())
    ws.on('error', reject)
  })
  return { ws, frames, closed, opened }
}

/** The y-websocket sync message carrying `update`. */
function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.sync)
  syncProtocol.writeUpdate(encoder, update)
  return encoding.toUint8Array(encoder)
}

/** Joins chunk frames into messages and inflates deflated ones, as the app's client does. */
function messagesOf(frames: readonly Uint8Array[]): Uint8Array[] {
  const joiner = new ChunkJoiner(Number.MAX_SAFE_INTEGER)
  const messages: Uint8Array[] = []
  for (const frame of frames) {
    const message = isChunk(frame) ? joiner.accept(frame) : frame
    if (!message) continue
    messages.push(
      isDeflated(message) ? new Uint8Array(inflateRawSync(message.subarray(1))) : message,
    )
  }
  return messages
}

let server: TestServer
let lender: Lender
let book: Y.Doc

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_SYNC_BYTES: String(8 * 1024 * 1024) } })
  lender = await signUp(server)
  book = buildBook({ people: 100, loans: 400, payments: 12_000 }).doc
})
afterAll(cleanup)

describe('large messages, compressed', () => {
  it('take a book up compressed, and bring it down to a new device in under half its size', async () => {
    const state = Y.encodeStateAsUpdate(book)
    const compressed = deflatedMessage(deflateRawSync(updateMessage(state)))
    expect(compressed.byteLength).toBeLessThan(state.byteLength / 2)
    const uploader = openRaw(server, lender, `${CHUNKS_PARAM}=1&${DEFLATE_PARAM}=1`)
    await uploader.opened
    for (const frame of splitMessage(compressed)) uploader.ws.send(frame)
    // The server's stored acknowledgement is for `?ack=1` clients; a fresh reader proves it.
    const reader = connectClient(server, userRoom(lender.userId), lender.cookie)
    await waitSynced(reader)
    const expected = readLender(book)
    await waitFor(
      () => readLender(reader.doc).payments.length === expected.payments.length,
      'the uploaded book on another client',
    )
    expect(readLender(reader.doc)).toEqual(expected)
    uploader.ws.close()

    // A new device asks for everything (sync step 1 with an empty state vector).
    const device = openRaw(server, lender, `${CHUNKS_PARAM}=1&${DEFLATE_PARAM}=1`)
    await device.opened
    const step1 = encoding.createEncoder()
    encoding.writeVarUint(step1, MessageType.sync)
    syncProtocol.writeSyncStep1(step1, new Y.Doc())
    device.ws.send(encoding.toUint8Array(step1))
    const doc = new Y.Doc()
    await waitFor(() => {
      for (const message of messagesOf(device.frames)) {
        const decoder = decoding.createDecoder(message)
        if (decoding.readVarUint(decoder) !== MessageType.sync) continue
        syncProtocol.readSyncMessage(decoder, encoding.createEncoder(), doc, null)
      }
      return readLender(doc).payments.length === expected.payments.length
    }, 'the whole book on the new device')
    expect(readLender(doc)).toEqual(expected)
    const received = device.frames.reduce((sum, frame) => sum + frame.byteLength, 0)
    expect(device.frames.some((frame) => isChunk(frame) || isDeflated(frame))).toBe(true)
    expect(received).toBeLessThan(state.byteLength / 2)
    device.ws.close()
  })

  it("go both ways through the app's own socket", async () => {
    const other = await signUp(server)
    const room = userRoom(other.userId)
    const phone = connectClient(server, room, other.cookie, book, { chunks: true, deflate: true })
    await waitSynced(phone)
    await waitFor(() => phone.stored() >= 1, 'the server to store the compressed book')
    // Small edits after it travel as they are, beside the compressed book.
    for (let i = 0; i < 5; i++) book.getMap('meta').set(`after-${i}`, i)
    const fresh = connectClient(server, room, other.cookie, new Y.Doc(), {
      chunks: true,
      deflate: true,
    })
    await waitSynced(fresh)
    const expected = readLender(book)
    await waitFor(
      () =>
        readLender(fresh.doc).payments.length === expected.payments.length &&
        fresh.doc.getMap('meta').get('after-4') === 4,
      'the book and the edits after it on a fresh device',
    )
    expect(readLender(fresh.doc)).toEqual(expected)
    expect([...phone.closes, ...fresh.closes]).toEqual([])
  })

  it('refuse with 4400 a compressed message that would inflate past its bound, and change nothing', async () => {
    const watcher = connectClient(server, userRoom(lender.userId), lender.cookie)
    await waitSynced(watcher)
    const before = Y.encodeStateVector(watcher.doc)
    // A presence message of 4 MiB, which the room would simply ignore, squeezes into a few
    // kilobytes: a thousand times, far past the bound, so it is refused before it is inflated.
    const presence = encoding.createEncoder()
    encoding.writeVarUint(presence, MessageType.awareness)
    const states = encoding.createEncoder()
    encoding.writeVarUint(states, 1)
    encoding.writeVarUint(states, 42)
    encoding.writeVarUint(states, 1)
    encoding.writeVarString(states, JSON.stringify({ name: 'a'.repeat(4 * 1024 * 1024) }))
    encoding.writeVarUint8Array(presence, encoding.toUint8Array(states))
    const bomb = deflatedMessage(deflateRawSync(encoding.toUint8Array(presence)))
    expect(bomb.byteLength).toBeLessThan(16 * 1024)
    const raw = openRaw(server, lender, `${CHUNKS_PARAM}=1&${DEFLATE_PARAM}=1`)
    await raw.opened
    raw.ws.send(bomb)
    expect(await raw.closed).toBe(CloseCode.badMessage)
    expect(watcher.closes).toEqual([])
    expect(Y.encodeStateVector(watcher.doc)).toEqual(before)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('refuse with 4400 a compressed message from a client that did not say it sends them', async () => {
    const message = deflatedMessage(deflateRawSync(updateMessage(Y.encodeStateAsUpdate(book))))
    const raw = openRaw(server, lender, `${CHUNKS_PARAM}=1`)
    await raw.opened
    for (const frame of splitMessage(message)) raw.ws.send(frame)
    expect(await raw.closed).toBe(CloseCode.badMessage)
  })
})
