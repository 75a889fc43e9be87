/**
 * A book larger than the largest frame the server accepts still syncs, both ways: the app's
 * client and the server frame large messages in chunks. Here the frame limit is 128 KiB and the
 * book several times that, so the first sync of each device could not fit in one frame.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { splitMessage } from '../../shared/chunks.ts'
import { CHUNKS_PARAM, CloseCode, userRoom } from '../../shared/protocol.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { buildBook } from '../fixtures/book.ts'
import { openRoom, signUp, startTestServer, waitFor } from './harness.ts'
import type { Lender, TestServer } from './harness.ts'
import { socketUrl } from './raw.ts'

const MAX_BYTES = 128 * 1024
const MAX_SYNC_BYTES = 4 * 1024 * 1024

/** Opens a raw socket that says it chunks, sends `frames`, and resolves with its close code. */
function sendFrames(server: TestServer, lender: Lender, frames: Uint8Array[]): Promise<number> {
  const room = userRoom(lender.userId)
  return new Promise((resolve, reject) => {
    const url = socketUrl(server, room, `?${CHUNKS_PARAM}=1`)
    const ws = new WebSocket(url, { headers: { cookie: lender.cookie } })
    ws.on('open', () => frames.forEach((frame) => ws.send(frame)))
    ws.on('close', (code) => resolve(code))
    ws.on('error', reject)
  })
}

let server: TestServer
let lender: Lender

beforeAll(async () => {
  server = await startTestServer({
    env: { MAX_MESSAGE_BYTES: String(MAX_BYTES), MAX_SYNC_BYTES: String(MAX_SYNC_BYTES) },
  })
  lender = await signUp(server)
})

describe('a book larger than one frame', () => {
  it('uploads from the device that holds it, and downloads whole to a fresh device', async () => {
    const { doc: phone } = buildBook({ people: 100, loans: 400, payments: 12_000 })
    const state = Y.encodeStateAsUpdate(phone)
    expect(state.byteLength).toBeGreaterThan(4 * MAX_BYTES)

    // The phone kept the book offline; the server has never seen it.
    const room = userRoom(lender.userId)
    const uploader = await openRoom(server, room, lender.cookie, phone, { chunks: true })
    await waitFor(() => uploader.stored() >= 1, 'the server to store the whole book')

    const fresh = await openRoom(server, room, lender.cookie, new Y.Doc(), { chunks: true })
    const expected = readLender(phone)
    await waitFor(
      () => readLender(fresh.doc).payments.length === expected.payments.length,
      'every payment on the fresh device',
    )
    expect(readLender(fresh.doc)).toEqual(expected)

    // A stock Yjs client, which does not chunk, still receives the book in one frame.
    const stock = await openRoom(server, room, lender.cookie, new Y.Doc(), { acks: false })
    expect(readLender(stock.doc)).toEqual(expected)

    expect([...uploader.closes, ...fresh.closes, ...stock.closes]).toEqual([])
  })

  it('refuses chunks out of order with 4400 and keeps serving the others', async () => {
    const watcher = await openRoom(server, userRoom(lender.userId), lender.cookie, new Y.Doc(), {
      chunks: true,
    })
    const frames = splitMessage(new Uint8Array(300_000).fill(0))
    expect(await sendFrames(server, lender, [frames[1] as Uint8Array])).toBe(CloseCode.badMessage)
    expect(
      await sendFrames(server, lender, [frames[0] as Uint8Array, frames[2] as Uint8Array]),
    ).toBe(CloseCode.badMessage)
    expect(watcher.closes).toEqual([])
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('stops a chunked message at MAX_SYNC_BYTES with 4400', async () => {
    const frames = splitMessage(new Uint8Array(MAX_SYNC_BYTES + 100_000))
    expect(await sendFrames(server, lender, frames)).toBe(CloseCode.badMessage)
  })
})
