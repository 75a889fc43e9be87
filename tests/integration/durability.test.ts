import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { userRoom } from '../../shared/protocol.ts'
import {
  connectClient,
  disconnect,
  freshView,
  openBook,
  payloadOf,
  recordSentUpdates,
  startTestServer,
  startWithLender,
  tempDir,
  waitFor,
  waitSynced,
} from './harness.ts'

describe('durability', () => {
  it('keeps every update across a graceful restart, and SIGTERM exits 0', async () => {
    const dataDir = tempDir()
    const { server: first, lender } = await startWithLender({ dataDir })
    const room = userRoom(lender.userId)
    const devices = await Promise.all([openBook(first, lender), openBook(first, lender)])
    devices.forEach((device, d) => {
      for (let i = 0; i < 50; i++) device.doc.getMap('loans').set(`d${d}-${i}`, i)
    })
    await waitFor(
      () => devices.every((device) => device.doc.getMap('loans').size === 100),
      'convergence',
    )
    devices.forEach(disconnect)
    expect(await first.stop('SIGTERM')).toBe(0)

    const second = await startTestServer({ dataDir })
    const seen = await freshView(second, room, lender.cookie)
    expect(seen.getMap('loans').size).toBe(100)
    // The session cookie survives the restart too: the secret was kept in DATA_DIR.
  })

  it('loses nothing it acknowledged when killed with SIGKILL mid-burst', async () => {
    const dataDir = tempDir()
    const { server: first, lender } = await startWithLender({
      dataDir,
      env: { COMPACT_EVERY: '40' },
    })
    const room = userRoom(lender.userId)
    const writers = [0, 1, 2].map(() => connectClient(first, room, lender.cookie))
    // Recording starts before the handshake: the server counts the client's sync step 2 too.
    const sent = writers.map(recordSentUpdates)
    await Promise.all(writers.map(waitSynced))

    // Each writer edits as fast as the event loop lets it until the server dies.
    let running = true
    const bursts = writers.map(async (writer, w) => {
      for (let i = 0; running; i++) {
        writer.doc.getMap('payments').set(`w${w}-${i}`, { amount: i * 100 })
        await new Promise((resolve) => setImmediate(resolve))
      }
    })
    await waitFor(() => writers.every((writer) => writer.stored() > 50), 'some stored writes')
    first.process.kill('SIGKILL')
    const acked = writers.map((writer) => writer.stored())
    running = false
    await Promise.all(bursts)
    await first.stop()
    writers.forEach(disconnect) // they must not re-send what they hold to the new server

    const expected = new Y.Doc()
    writers.forEach((_, w) => {
      for (const message of sent[w]!.slice(0, acked[w])) Y.applyUpdate(expected, payloadOf(message))
    })
    const second = await startTestServer({ dataDir })
    const seen = await freshView(second, room, lender.cookie)
    const stored = seen.getMap('payments')
    const promised = [...expected.getMap('payments').keys()]
    expect(promised.length).toBeGreaterThan(150)
    expect(promised.filter((key) => !stored.has(key))).toEqual([])
  })

  it('never unloads a room under a client that keeps reconnecting', async () => {
    const { server, lender } = await startWithLender({
      env: { ROOM_IDLE_MS: '20', COMPACT_EVERY: '5' },
    })
    const room = userRoom(lender.userId)
    for (let round = 0; round < 15; round++) {
      const client = await openBook(server, lender)
      expect(client.doc.getMap('people').size).toBe(round)
      client.doc.getMap('people').set(`p${round}`, round)
      await waitFor(() => client.stored() >= 2, 'the write to be stored')
      disconnect(client)
      // Land before, during and after the 20 ms unload.
      await new Promise((resolve) => setTimeout(resolve, (round * 7) % 40))
    }
    const seen = await freshView(server, room, lender.cookie)
    expect(seen.getMap('people').size).toBe(15)
  })
})
