/**
 * Issue 29, item 2: the layout handshake. A client says in its sync URL which layout of the book
 * it writes (`?layout=N`); the server turns away one older than the room's layout before it
 * syncs, with a close code a stock y-websocket client treats as final, and again should the room
 * move on while it is connected. A client that says nothing is a plain Yjs client, not checked.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { CloseCode, userRoom } from '../../shared/protocol.ts'
import { metaMap, peopleMap } from '../../shared/schema/doc.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import {
  connectClient,
  disconnect,
  freshView,
  openRoom,
  signUp,
  startTestServer,
  waitFor,
} from './harness.ts'
import type { Lender, TestServer } from './harness.ts'

let server: TestServer
let first: Lender

beforeAll(async () => {
  server = await startTestServer()
})

/** A lender whose book the server holds at `layout`. */
async function bookAt(layout: number): Promise<Lender> {
  const lender = await signUp(server)
  const writer = await openRoom(server, userRoom(lender.userId), lender.cookie, undefined, {
    layout,
  })
  writer.doc.transact(() => {
    metaMap(writer.doc).set('schemaVersion', layout)
    peopleMap(writer.doc).set('p1', { name: 'Ramesh', createdAt: '2026-11-01T10:00:00.000Z' })
  })
  await waitFor(() => writer.stored() >= 1, 'the server to store the book')
  disconnect(writer)
  return lender
}

describe('layout handshake', () => {
  it('turns away a stock client that says it writes layout 3 from a book at today’s layout, before it syncs', async () => {
    const lender = await bookAt(SCHEMA_VERSION)
    first = lender
    // It holds a payment of layout 3's app's making (the `payments` map), to send on connecting.
    const held = new Y.Doc()
    held.getMap('payments').set('x', { loanId: 'l1', amount: 100, date: '2026-11-01' })
    const old = connectClient(server, userRoom(lender.userId), lender.cookie, held, {
      layout: 3,
    })
    await waitFor(() => old.closes.length > 0, 'the server to close the old client')
    expect(old.closes[0]).toEqual({
      code: CloseCode.outdatedClient,
      reason: 'this book is kept by a newer app: update the app',
    })
    // Final for a stock client: it does not come back.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(old.closes).toHaveLength(1)
    expect(old.provider.shouldConnect).toBe(false)
    // It got nothing of the book, and what it held was not stored.
    expect(peopleMap(old.doc).size).toBe(0)
    const onServer = await freshView(server, userRoom(lender.userId), lender.cookie)
    expect(onServer.getMap('payments').size).toBe(0)
    expect(peopleMap(onServer).get('p1')).toMatchObject({ name: 'Ramesh' })
    expect(server.logs()).toContain(`it writes layout 3, the book is at ${SCHEMA_VERSION}`)
  })

  it('lets in a client of the book’s layout or newer, and one that does not say', async () => {
    const lender = await bookAt(SCHEMA_VERSION)
    for (const layout of [SCHEMA_VERSION, SCHEMA_VERSION + 1, undefined]) {
      const client = await openRoom(server, userRoom(lender.userId), lender.cookie, undefined, {
        layout,
      })
      expect(peopleMap(client.doc).get('p1')).toMatchObject({ name: 'Ramesh' })
      expect(client.closes).toEqual([])
      disconnect(client)
    }
  })

  it('closes a connected client once another device moves the book past its layout', async () => {
    const lender = await bookAt(SCHEMA_VERSION - 1)
    const room = userRoom(lender.userId)
    const [older, newer] = await Promise.all([
      openRoom(server, room, lender.cookie, undefined, {
        layout: SCHEMA_VERSION - 1,
      }),
      openRoom(server, room, lender.cookie, undefined, { layout: SCHEMA_VERSION }),
    ])
    newer.doc.transact(() => metaMap(newer.doc).set('schemaVersion', SCHEMA_VERSION))
    await waitFor(() => newer.stored() >= 1, 'the server to store the new layout')
    // The older client's next message is its last.
    older.doc.getMap('people').set('p2', { name: 'Sita', createdAt: '2026-11-02T10:00:00.000Z' })
    await waitFor(() => older.closes.length > 0, 'the server to close the older client')
    expect(older.closes[0]?.code).toBe(CloseCode.outdatedClient)
    const onServer = await freshView(server, room, lender.cookie)
    expect(peopleMap(onServer).has('p2')).toBe(false)
    expect(newer.closes).toEqual([])
    disconnect(newer)
  })

  it('does not check the cities room, which has no layouts', async () => {
    // The first lender again: sign-ups from one address are limited.
    const lender = first
    const client = await openRoom(server, 'cities', lender.cookie, undefined, { layout: 1 })
    expect(client.closes).toEqual([])
    disconnect(client)
  })
})
