import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { CloseCode, userRoom } from '../../shared/protocol.ts'
import { prng } from '../fixtures/book.ts'
import { disconnect, openBook, signUp, startTestServer, waitFor } from './harness.ts'
import type { Client, Lender, TestServer } from './harness.ts'
import { socketUrl, syncFrame } from './raw.ts'

const MAX_BYTES = 128 * 1024

type Frame = { data: Uint8Array | string }

/** 1,000 frames: noise, wrong types, truncated and bit-flipped real messages, text frames. */
function hostileFrames(count: number): Frame[] {
  // A seeded PRNG, so a failing frame can be reproduced.
  const next = prng(20261121)
  const int = (n: number) => Math.floor(next() * n)
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256))
  const source = new Y.Doc()
  source.getMap('people').set('p', { name: 'Kamala', phone: '98xxxxxx10' })
  const realUpdate = syncFrame(2, Y.encodeStateAsUpdate(source))
  const flip = () => {
    const flipped = realUpdate.slice()
    const at = 2 + int(flipped.length - 2)
    flipped[at] = flipped[at]! ^ (1 << int(8))
    return flipped
  }
  const makers: (() => Uint8Array | string)[] = [
    () => bytes(int(64)), // noise, including empty frames
    () => Uint8Array.of(0, int(3), ...bytes(int(40))), // sync type, garbage body
    () => Uint8Array.of(1, ...bytes(int(40))), // awareness type, garbage body
    () => realUpdate.slice(0, 1 + int(realUpdate.length - 2)), // truncated real update
    flip, // one flipped bit in a real update
    () => Uint8Array.of([2, 4, 7, 99, 100, 127][int(6)]!, 0, 0), // types a client may not send
    () => Uint8Array.of(...realUpdate, ...bytes(1 + int(8))), // trailing bytes
    () => `{"type":"sync"}`, // text frame
  ]
  return Array.from({ length: count }, (_, i) => ({ data: makers[i % makers.length]!() }))
}

/**
 * Opens a socket, sends `frame`, then a query-awareness probe: the server either closes the
 * socket (the frame was refused) or answers the probe (the frame happened to be valid).
 */
function sendHostile(server: TestServer, room: string, cookie: string, frame: Frame) {
  return new Promise<number | 'accepted'>((resolve, reject) => {
    const ws = new WebSocket(socketUrl(server, room), {
      headers: { cookie },
    })
    ws.binaryType = 'nodebuffer'
    ws.on('open', () => {
      ws.send(frame.data, { binary: typeof frame.data !== 'string' })
      ws.send(Uint8Array.of(3))
    })
    ws.on('message', (data: Buffer) => {
      if (data[0] === 1) {
        resolve('accepted')
        ws.close()
      }
    })
    ws.on('close', (code) => resolve(code))
    ws.on('error', reject)
  })
}

let server: TestServer
let lender: Lender
let writer: Client
let reader: Client

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_MESSAGE_BYTES: String(MAX_BYTES) } })
  lender = await signUp(server)
  ;[writer, reader] = await Promise.all([openBook(server, lender), openBook(server, lender)])
  // A hostile socket counts any awareness message as the answer to its query: the two clients
  // must not broadcast awareness of their own (the 15 s renewals) while the frames are sent.
  writer.provider.awareness.setLocalState(null)
  reader.provider.awareness.setLocalState(null)
})

describe('self-protection', () => {
  it('closes only the sender of 1,000 hostile frames while others keep syncing', async () => {
    const room = userRoom(lender.userId)
    let edits = 0
    const editing = setInterval(() => writer.doc.getMap('profile').set(`e${edits++}`, edits), 20)
    const frames = hostileFrames(1000)
    const outcomes: (number | 'accepted')[] = []
    const lanes = Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < frames.length; i += 8) {
        outcomes[i] = await sendHostile(server, room, lender.cookie, frames[i]!)
      }
    })
    await Promise.all(lanes)
    clearInterval(editing)

    const refused = outcomes.filter((outcome) => outcome === CloseCode.badMessage).length
    const other = outcomes.filter((o) => o !== CloseCode.badMessage && o !== 'accepted')
    expect(other).toEqual([])
    expect(refused).toBeGreaterThan(900)
    expect(edits).toBeGreaterThan(20)
    await waitFor(
      () => reader.doc.getMap('profile').size === edits,
      'the reader to see every edit made during the attack',
    )
    expect(writer.closes).toEqual([])
    expect(reader.closes).toEqual([])
    expect(server.logs()).toContain('malformed')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('closes a socket that sends a frame over the size limit, and only that one', async () => {
    const big = new Uint8Array(MAX_BYTES + 1024)
    const outcome = await sendHostile(server, userRoom(lender.userId), lender.cookie, { data: big })
    expect(outcome).toBe(CloseCode.tooLarge)

    writer.doc.getMap('profile').set('after-oversize', true)
    await waitFor(() => reader.doc.getMap('profile').has('after-oversize'), 'sync after the attack')
    expect(writer.closes).toEqual([])
    disconnect(writer)
    disconnect(reader)
  })
})
