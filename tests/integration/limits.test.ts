/**
 * Hostile or broken data cannot take the server, or another lender, down: the cities every
 * account shares take only small cities, 200 per update and per account per day, and carry no
 * presence between accounts; a lender's room refuses what the book's schema cannot hold, before
 * storing it; one account's sockets and unfinished chunked messages, and all of the process's,
 * are capped. Each case prints the figure the issue quoted (run against the code before the caps
 * for the "before" figures).
 */
import * as encoding from 'lib0/encoding'
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as Y from 'yjs'
import { splitMessage } from '../../shared/chunks.ts'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  CITIES_ROOM,
  CloseCode,
  MessageType,
  userRoom,
} from '../../shared/protocol.ts'
import { readCities } from '../../shared/schema/city.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { LENDER_DEVICE, buildBook } from '../fixtures/book.ts'
import { writeLayoutOneBook } from '../fixtures/layoutOne.ts'
import { writeLayoutThreeBook } from '../fixtures/layoutThree.ts'
import { writeLayoutTwoBook } from '../fixtures/layoutTwo.ts'
import {
  connectClient,
  disconnect,
  freshView,
  newAddress,
  openRoom,
  signUp,
  startTestServer,
  waitFor,
  waitSynced,
} from './harness.ts'
import type { Lender, TestServer } from './harness.ts'
import { exchange, rssOf, socketUrl, storedRows, syncFrame } from './raw.ts'

const MiB = 1024 * 1024

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`

function awarenessFrame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MessageType.awareness)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

/**
 * Sends one update from a raw socket that asks for acknowledgements: 'stored' once the server
 * says it stored it, or the close code if it closed the socket instead.
 */
function sendUpdate(server: TestServer, room: string, cookie: string, update: Uint8Array) {
  return exchange(server, room, cookie, [syncFrame(2, update)], {
    until: MessageType.stored,
    answer: 'stored',
    query: `?${ACK_PARAM}=1`,
  })
}

/** `count` cities from a device of its own; `createdAt` may be given for all. */
function citiesUpdate(count: number, prefix: string, createdAt = '2026-11-21T10:00:00.000Z') {
  const doc = new Y.Doc()
  doc.transact(() => {
    for (let i = 0; i < count; i++) {
      doc.getMap('cities').set(`${prefix}-${i}`, { name: `Village ${prefix} ${i}`, createdAt })
    }
  })
  return Y.encodeStateAsUpdate(doc)
}

/** Everything a fresh device loads from `room`, as bytes. */
async function loadedBytes(server: TestServer, room: string, cookie: string): Promise<string> {
  const doc = await freshView(server, room, cookie)
  return Buffer.from(Y.encodeStateAsUpdate(doc)).toString('hex')
}

describe('the cities every account shares', () => {
  let server: TestServer
  let vandal: Lender
  let lender: Lender

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    vandal = await signUp(server, newAddress())
    lender = await signUp(server, newAddress())
  })

  it('refuses a bloat per update, per day and per city; another account syncs a small doc', async () => {
    const honest = await openRoom(server, CITIES_ROOM, lender.cookie)
    honest.doc.getMap('cities').set('c-ujjain', {
      name: 'Ujjain',
      createdAt: '2026-11-20T09:00:00.000Z',
    })
    await waitFor(() => honest.stored() > 0, 'the honest city to be stored')

    // One update of 201 cities, more than one update may add.
    const oneUpdate = await sendUpdate(server, CITIES_ROOM, vandal.cookie, citiesUpdate(201, 'big'))
    // A city of 15 MiB: its createdAt.
    const hugeAt = `2026-11-21T10:00:00.000Z${'0'.repeat(15 * MiB)}`
    const huge = await sendUpdate(
      server,
      CITIES_ROOM,
      vandal.cookie,
      citiesUpdate(1, 'huge', hugeAt),
    )
    // 2,000 cities in 100 updates of 20: the day's allowance is 200.
    let stored = 0
    for (let i = 0; i < 100; i++) {
      const outcome = await sendUpdate(
        server,
        CITIES_ROOM,
        vandal.cookie,
        citiesUpdate(20, `d${i}`),
      )
      if (outcome === 'stored') stored += 20
    }

    // What another account's fresh device syncs.
    const other = await freshView(server, CITIES_ROOM, lender.cookie)
    const bytes = Y.encodeStateAsUpdate(other).byteLength
    console.log(
      `cities: 201 in one update: ${oneUpdate}; a 15 MiB createdAt: ${huge}; ` +
        `of 2,000 in updates of 20, stored ${stored}; another account syncs ` +
        `${other.getMap('cities').size} cities in ${(bytes / 1024).toFixed(1)} KiB`,
    )
    expect.soft(oneUpdate).toBe(CloseCode.badMessage)
    expect.soft(huge).toBe(CloseCode.badMessage)
    expect.soft(stored).toBe(200)
    expect.soft(other.getMap('cities').size).toBe(201)
    expect.soft(bytes).toBeLessThan(64 * 1024)
    expect(readCities(other).map((city) => city.name)).toContain('Ujjain')
    expect(honest.closes).toEqual([])
    disconnect(honest)
  }, 120_000)

  it('relays no presence between accounts', async () => {
    const listener = new WebSocket(socketUrl(server, CITIES_ROOM), {
      headers: { cookie: lender.cookie },
    })
    let awarenessBytes = 0
    listener.on('message', (data: Buffer) => {
      if (data[0] === MessageType.awareness) awarenessBytes += data.byteLength
    })
    await new Promise((resolve) => listener.once('open', resolve))

    // 40 states of 1 MiB each, from 40 client ids of the other account.
    const sender = new WebSocket(socketUrl(server, CITIES_ROOM), {
      headers: { cookie: vandal.cookie },
    })
    await new Promise((resolve) => sender.once('open', resolve))
    const blob = 'x'.repeat(MiB)
    for (let i = 0; i < 40; i++) {
      const doc = new Y.Doc()
      const awareness = new awarenessProtocol.Awareness(doc)
      awareness.setLocalState({ blob })
      sender.send(
        awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID])),
      )
      awareness.destroy()
    }
    // A newcomer asks for everyone's presence, as a stock client may.
    const newcomer = new WebSocket(socketUrl(server, CITIES_ROOM), {
      headers: { cookie: lender.cookie },
    })
    let newcomerBytes = 0
    newcomer.on('message', (data: Buffer) => {
      if (data[0] === MessageType.awareness) newcomerBytes += data.byteLength
    })
    await new Promise((resolve) => newcomer.once('open', resolve))
    newcomer.send(Uint8Array.of(MessageType.queryAwareness))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    console.log(
      `cities presence: 40 × 1 MiB states sent by one account; another account's socket got ` +
        `${mib(awarenessBytes)}, a newcomer's ${mib(newcomerBytes)}`,
    )
    expect(awarenessBytes).toBe(0)
    expect(newcomerBytes).toBeLessThan(1024)
    for (const ws of [listener, sender, newcomer]) ws.close()
  })
})

describe("a lender's own room", () => {
  let server: TestServer
  let lender: Lender

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    lender = await signUp(server, newAddress())
  })

  it('refuses what the schema cannot hold with 4400 before storing it; the rest goes on', async () => {
    const room = userRoom(lender.userId)
    const phone = await openRoom(server, room, lender.cookie)
    await waitFor(() => phone.stored() >= 1, 'the handshake to be stored')
    const edit = async (change: () => void) => {
      const stored = phone.stored()
      change()
      await waitFor(() => phone.stored() > stored, 'an edit to be stored')
    }
    await edit(() => initLenderDoc(phone.doc))
    await edit(() => phone.doc.getMap('people').set('p1', new Y.Map()))

    let deep: unknown = 'bottom'
    for (let i = 0; i < 4200; i++) deep = [deep]
    const deepText = `r,1,2,l,3\n{"note":${'['.repeat(4200)}${']'.repeat(4200)}}`
    const attempts: [string, (doc: Y.Doc) => void][] = [
      ['JSON nested 4,200 deep', (doc) => doc.getMap('people').set('p2', { deep })],
      ['JSON nested 4,200 deep in a deposit', (doc) => doc.getArray('deposits').push([deepText])],
      ['a 1 MiB string', (doc) => doc.getMap('people').set('p2', { name: 'x'.repeat(MiB) })],
      ['a collection the book lacks', (doc) => doc.getMap('edits').set('e', 1)],
      ['schemaVersion 999', (doc) => doc.getMap('meta').set('schemaVersion', 999)],
      ['schemaVersion Infinity', (doc) => doc.getMap('meta').set('schemaVersion', Infinity)],
      [
        'a Y.Map inside a person',
        (doc) => (doc.getMap('people').get('p1') as Y.Map<unknown>).set('x', new Y.Map()),
      ],
      ['text', (doc) => doc.getText('notes').insert(0, 'hello')],
    ]
    const rowsBefore = storedRows(server, room)
    const loadedBefore = await loadedBytes(server, room, lender.cookie)
    const outcomes: Record<string, 'stored' | number> = {}
    for (const [what, write] of attempts) {
      const device = new Y.Doc()
      Y.applyUpdate(device, Y.encodeStateAsUpdate(phone.doc))
      const before = Y.encodeStateVector(device)
      write(device)
      outcomes[what] = await sendUpdate(
        server,
        room,
        lender.cookie,
        Y.encodeStateAsUpdate(device, before),
      )
    }
    console.log(`lender room: ${JSON.stringify(outcomes)}`)
    for (const [what, outcome] of Object.entries(outcomes)) {
      expect.soft(outcome, what).toBe(CloseCode.badMessage)
    }
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(await loadedBytes(server, room, lender.cookie)).toBe(loadedBefore)

    // The phone was connected throughout, and keeps working.
    await edit(() => phone.doc.getMap('people').set('p3', { name: 'After' }))
    expect(phone.closes).toEqual([])
    disconnect(phone)
  }, 60_000)

  it('keeps no large presence, nor many, for one socket; small presence still goes round', async () => {
    const room = userRoom(lender.userId)
    const listener = new WebSocket(socketUrl(server, room), { headers: { cookie: lender.cookie } })
    const received: number[] = []
    listener.on('message', (data: Buffer) => {
      if (data[0] === MessageType.awareness) received.push(data.byteLength)
    })
    const sender = new WebSocket(socketUrl(server, room), { headers: { cookie: lender.cookie } })
    await Promise.all([listener, sender].map((ws) => new Promise((r) => ws.once('open', r))))
    const state = (fields: Record<string, unknown>) => {
      const doc = new Y.Doc()
      const awareness = new awarenessProtocol.Awareness(doc)
      awareness.setLocalState(fields)
      const update = awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID])
      awareness.destroy()
      return awarenessFrame(update)
    }
    sender.send(state({ blob: 'x'.repeat(MiB) }))
    // 20 small states from one socket: the first 8 are kept.
    for (let i = 0; i < 20; i++) sender.send(state({ device: `phone ${i}` }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const relayed = received.reduce((sum, bytes) => sum + bytes, 0)
    console.log(
      `lender room presence: a 1 MiB state and 20 small ones from one socket; the other got ` +
        `${received.length} messages, ${(relayed / 1024).toFixed(1)} KiB`,
    )
    expect(received.length).toBe(8)
    expect(relayed).toBeLessThan(4096)
    for (const ws of [listener, sender]) ws.close()
  })

  it('takes books of layouts 1 to 4, their moves to this layout, and 20,000 payments at once', async () => {
    const books: [string, (doc: Y.Doc) => void][] = [
      ['layout 1', (doc) => writeLayoutOneBook(doc, 20)],
      ['layout 2', (doc) => writeLayoutTwoBook(doc, 20)],
      ['layout 3', (doc) => writeLayoutThreeBook(doc, 20)],
    ]
    for (const [what, write] of books) {
      const owner = await signUp(server, newAddress())
      const doc = new Y.Doc()
      write(doc)
      const device = await openRoom(server, userRoom(owner.userId), owner.cookie, doc)
      initLenderDoc(doc)
      await waitFor(() => device.stored() >= 2, `the ${what} book and its move to be stored`)
      const fresh = await freshView(server, userRoom(owner.userId), owner.cookie)
      expect(readLender(fresh), what).toEqual(readLender(doc))
      expect(fresh.getMap('meta').get('schemaVersion')).toBe(SCHEMA_VERSION)
      expect(device.closes, what).toEqual([])
      disconnect(device)
    }

    const owner = await signUp(server, newAddress())
    // The gate's point is a large lawful first sync, not its size: `npm run bench` uploads
    // 100,000 payments the same way.
    const { doc } = buildBook({ people: 200, loans: 600, payments: 20_000 }, { by: LENDER_DEVICE })
    initLenderDoc(doc)
    const start = performance.now()
    const device = await openRoom(server, userRoom(owner.userId), owner.cookie, doc, {
      chunks: true,
    })
    await waitFor(() => device.stored() >= 1, 'the whole book to be stored', 60_000)
    const ms = performance.now() - start
    console.log(
      `lender room: first sync of 20,000 payments (${mib(Y.encodeStateAsUpdate(doc).byteLength)}) ` +
        `stored in ${ms.toFixed(0)} ms`,
    )
    expect(device.closes).toEqual([])
    disconnect(device)
  }, 240_000)
})

describe('one account’s sockets', () => {
  let server: TestServer
  let lender: Lender

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    lender = await signUp(server, newAddress())
  })

  it('4 × 1,000 idle sockets: the account gets its share, the server stops growing', async () => {
    const room = userRoom(lender.userId)
    const sockets: WebSocket[] = []
    const codes = new Map<number, number>()
    const open = () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(socketUrl(server, room), { headers: { cookie: lender.cookie } })
        sockets.push(ws)
        ws.on('open', () => resolve())
        ws.on('close', (code) => {
          codes.set(code, (codes.get(code) ?? 0) + 1)
          resolve()
        })
        ws.on('error', () => resolve())
      })
    // RSS after each thousand: what the upgrades themselves cost is paid in the first round; the
    // sockets kept open cost on in every round.
    const rss = [rssOf(server)]
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 1000; i += 100) await Promise.all(Array.from({ length: 100 }, open))
      await new Promise((resolve) => setTimeout(resolve, 1000))
      rss.push(rssOf(server))
    }
    const openNow = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length
    console.log(
      `sockets: of 4,000 from one account, ${openNow} open, closed ${JSON.stringify(
        Object.fromEntries(codes),
      )}; server RSS ${rss.map(mib).join(' → ')} (+${mib(rss[2]! - rss[0]!)} for the first ` +
        `2,000, +${mib(rss[4]! - rss[2]!)} for the next 2,000)`,
    )
    expect.soft(openNow).toBe(32)
    expect.soft(codes.get(CloseCode.accountBusy)).toBe(3968)
    // The cap is what the counts above prove. Memory is printed, not asserted: with every socket
    // accepted the server grew 64–73 MiB per 2,000 and kept it, but the garbage refused sockets
    // leave until the collector runs measured +4.6 to +49.9 MiB per 2,000 on clean runs, too
    // close to tell apart by RSS without control of the server's collector.

    // A device of the account at its cap is told to wait, not to give up: once sockets free up,
    // it connects by itself.
    const device = connectClient(server, room, lender.cookie)
    await waitFor(() => device.closes.length > 0, 'the device to be told to wait')
    expect(device.closes[0]!.code).toBe(CloseCode.accountBusy)
    for (const ws of sockets) ws.terminate()
    await waitSynced(device)
    device.doc.getMap('people').set('p1', { name: 'Back' })
    await waitFor(() => device.stored() > 0, 'an edit to be stored')
    disconnect(device)
  }, 120_000)
})

/**
 * Opens a socket that says it chunks and sends the first `parts` 64 KiB parts of a message of
 * `count` parts, holding it unfinished; resolves with the socket once the server has read them
 * (or closed it).
 */
async function holdUnfinished(server: TestServer, lender: Lender, parts: number, count: number) {
  const ws = new WebSocket(socketUrl(server, userRoom(lender.userId), `?${CHUNKS_PARAM}=1`), {
    headers: { cookie: lender.cookie },
  })
  let closed: number | null = null
  ws.on('close', (code) => (closed = code))
  await new Promise((resolve) => ws.once('open', resolve))
  const frames = splitMessage(new Uint8Array(count * 64 * 1024).fill(7))
  // Sends stop once the server says it closes (the close frame), not at the close handshake's end.
  for (let i = 0; i < parts && ws.readyState === WebSocket.OPEN; i++) {
    ws.send(frames[i]!)
    if (ws.bufferedAmount > 8 * MiB) {
      await waitFor(() => ws.bufferedAmount < MiB || ws.readyState !== WebSocket.OPEN, 'a read')
    }
  }
  // Then a query for presence, which the server answers (with a presence message) only once it
  // has read every frame before it: kept or closed, its verdict on the parts is in.
  let answered = false
  ws.on('message', (data: Buffer) => {
    if (data[0] === MessageType.awareness) answered = true
  })
  if (ws.readyState === WebSocket.OPEN) ws.send(Uint8Array.of(MessageType.queryAwareness))
  await waitFor(() => answered || closed !== null, 'the server to read it all and answer', 60_000)
  return { ws, closed: () => closed }
}

describe('unfinished chunked messages', () => {
  it('one account holds no more than its share: 4 sockets × 64 MiB', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    const lender = await signUp(server, newAddress())
    const before = rssOf(server)
    const held = []
    // 1,023 parts of a message of 1,100: just under 64 MiB each, never finished.
    for (let i = 0; i < 4; i++) held.push(await holdUnfinished(server, lender, 1023, 1100))
    const after = rssOf(server)
    const codes = held.map((h) => h.closed() ?? 'open')
    console.log(
      `chunks, one account: 4 sockets × 64 MiB unfinished: ${JSON.stringify(codes)}; ` +
        `server RSS ${mib(before)} → ${mib(after)} (+${mib(after - before)})`,
    )
    expect
      .soft(codes)
      .toEqual(['open', CloseCode.accountBusy, CloseCode.accountBusy, CloseCode.accountBusy])
    expect.soft(after - before).toBeLessThan(150 * MiB)
    for (const h of held) h.ws.terminate()
  }, 120_000)

  it('the process holds no more than its budget, and a device told to wait gets through later', async () => {
    const server = await startTestServer({
      env: {
        TRUST_PROXY: '1',
        MAX_SYNC_BYTES: String(16 * MiB),
        ACCOUNT_SYNC_BYTES: String(16 * MiB),
        SERVER_SYNC_BYTES: String(33 * MiB),
      },
    })
    const lenders = await Promise.all(Array.from({ length: 3 }, () => signUp(server, newAddress())))
    const before = rssOf(server)
    const held = []
    // 255 parts of 256: just under 16 MiB each, from three accounts.
    for (const lender of lenders) held.push(await holdUnfinished(server, lender, 255, 256))
    const after = rssOf(server)
    const codes = held.map((h) => h.closed() ?? 'open')
    console.log(
      `chunks, the process (budget 33 MiB): 3 accounts × 16 MiB unfinished: ` +
        `${JSON.stringify(codes)}; server RSS ${mib(before)} → ${mib(after)} (+${mib(after - before)})`,
    )
    expect.soft(codes).toEqual(['open', 'open', CloseCode.serverBusy])

    // Another lender's first sync of a 2 MiB book meets the budget nearly used up: told to wait,
    // its device tries again with back-off and is through once the others let go.
    const fifth = await signUp(server, newAddress())
    const { doc } = buildBook({ people: 100, loans: 300, payments: 30_000 })
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeGreaterThan(1.25 * MiB)
    const device = connectClient(server, userRoom(fifth.userId), fifth.cookie, doc, {
      chunks: true,
    })
    await waitFor(() => device.closes.length > 0, 'the device to be told to wait', 20_000)
    expect(device.closes[0]!.code).toBe(CloseCode.serverBusy)
    for (const h of held) h.ws.terminate()
    await waitFor(() => device.stored() >= 1, 'the book to be stored', 30_000)
    const fresh = await freshView(server, userRoom(fifth.userId), fifth.cookie)
    expect(readLender(fresh).payments.length).toBe(readLender(doc).payments.length)
    disconnect(device)
  }, 120_000)
})
