/**
 * The server's pings on real sockets (the rules themselves: tests/unit/server/liveness.test.ts).
 * A socket that answers stays open however long it is idle; one that stops answering is closed,
 * so a phone that vanished does not hold its room and its share of the account's sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { userRoom } from '../../shared/protocol.ts'
import { cleanup, startWithLender, type Lender, type TestServer } from './harness.ts'
import { socketUrl } from './raw.ts'

const PING_INTERVAL_MS = 200

let server: TestServer
let lender: Lender

beforeAll(async () => {
  ;({ server, lender } = await startWithLender({
    env: { PING_INTERVAL_MS: String(PING_INTERVAL_MS) },
  }))
})

afterAll(cleanup)

/** A raw socket to the lender's book that answers pings (as every browser does) or not. */
function openSocket(autoPong: boolean): Promise<{ ws: WebSocket; pings: Buffer[] }> {
  const ws = new WebSocket(socketUrl(server, userRoom(lender.userId)), {
    headers: { cookie: lender.cookie },
    autoPong,
  })
  const pings: Buffer[] = []
  ws.on('ping', (data) => pings.push(data))
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, pings }))
    ws.once('error', reject)
  })
}

function closed(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve()
    ws.once('close', () => resolve())
  })
}

function intervals(count: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, count * PING_INTERVAL_MS))
}

describe('pings', () => {
  it('keep a socket that answers them open, idle for ten intervals', async () => {
    const { ws, pings } = await openSocket(true)
    await intervals(10)
    expect(ws.readyState).toBe(WebSocket.OPEN)
    // Numbered, so that an answer says which of them it answers.
    expect(pings.length).toBeGreaterThanOrEqual(5)
    const numbers = pings.map((ping) => ping.readUInt32BE(0))
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i))
    ws.close()
    await closed(ws)
  })

  it('close a socket that stops answering them', async () => {
    const { ws, pings } = await openSocket(false)
    // Long enough for any grace its handshake's few bytes earn it, many times over.
    const gone = await Promise.race([closed(ws).then(() => true), intervals(25).then(() => false)])
    expect(gone).toBe(true)
    expect(pings.length).toBeGreaterThan(0)
  })
})
