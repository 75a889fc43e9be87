/**
 * `GET /sync/users/<id>`: a new device's first sync as one download the browser decompresses
 * itself. It holds the whole book, only for its owner, compressed as the client accepts, and
 * never for an app older than the book; a download that is cut is resumed where it stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  DOWNLOAD_FROM_PARAM,
  DOWNLOAD_HEADERS,
  DOWNLOAD_ID_PARAM,
  PICTURE_PARAM,
  SYNC_PATH,
  userRoom,
} from '../../shared/protocol.ts'
import { addDays } from '../../shared/dates.ts'
import { isDashboardPicture, type DashboardPicture } from '../../shared/dashboardPicture.ts'
import { createDashboardCache } from '../../shared/ledger/summary.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { buildBook } from '../fixtures/book.ts'
import {
  cleanup,
  disconnect,
  newAddress,
  openBook,
  openRoom,
  readPart,
  signUp,
  startTestServer,
  waitFor,
  type Lender,
  type TestServer,
} from './harness.ts'

let server: TestServer
let lender: Lender

function bookUrl(of: Lender, layout = SCHEMA_VERSION): string {
  return `${server.url}${SYNC_PATH}/${userRoom(of.userId)}?layout=${layout}`
}

/** The server's UTC day, which a device's own day is, or the one either side of it. */
const utcDay = (): IsoDate => new Date().toISOString().slice(0, 10) as IsoDate

function pictureUrl(of: Lender, day: string): string {
  return `${server.url}${SYNC_PATH}/${userRoom(of.userId)}?${PICTURE_PARAM}=${day}`
}

/** The names of the people a state download holds. */
function namesIn(state: Uint8Array): string[] {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, state)
  return readLender(doc)
    .people.map((person) => person.name)
    .sort()
}

beforeAll(async () => {
  // Behind a proxy, so that each lender signs up from an address of its own.
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
  lender = await signUp(server, newAddress())
  const book = await openBook(server, lender)
  initLenderDoc(book.doc)
  for (const name of ['Sunita Devi', 'Mohan Lal']) {
    addPerson(
      book.doc,
      { name, cityId: 'city-1', balance: 0, gender: 'female' },
      { now: new Date().toISOString() },
    )
  }
  await waitFor(() => book.stored() >= 3, 'the layout and both people to be stored')
})

afterAll(cleanup)

describe('a book downloaded whole', () => {
  it('holds every stored entry, brotli-compressed for a browser that accepts it', async () => {
    // What Chromium sends, on http as on https; Node's fetch undoes brotli itself.
    const response = await fetch(bookUrl(lender), {
      headers: { cookie: lender.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(namesIn(new Uint8Array(await response.arrayBuffer()))).toEqual([
      'Mohan Lal',
      'Sunita Devi',
    ])
  })

  it('comes gzipped, or as it is, to a client that takes no brotli', async () => {
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(bookUrl(lender), {
        headers: { cookie: lender.cookie, 'accept-encoding': accept },
      })
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(namesIn(new Uint8Array(await response.arrayBuffer()))).toHaveLength(2)
    }
  })

  it('is refused without a session, for another lender, and for an app older than the book', async () => {
    const other = await signUp(server, newAddress())
    const refusals = [
      await fetch(bookUrl(lender)),
      await fetch(bookUrl(lender), { headers: { cookie: other.cookie } }),
      await fetch(bookUrl(lender, 1), { headers: { cookie: lender.cookie } }),
      await fetch(`${server.url}${SYNC_PATH}/cities`, { headers: { cookie: lender.cookie } }),
      await fetch(bookUrl(lender), {
        headers: { cookie: lender.cookie, origin: 'https://evil.example' },
      }),
    ]
    const answers = await Promise.all(
      refusals.map(async (response) => [response.status, (await response.text()).trim()]),
    )
    expect(answers).toEqual([
      [401, 'not signed in'],
      [403, 'not your book'],
      [409, expect.stringMatching(/update/i)],
      [404, 'no such book'],
      [403, 'not from this site'],
    ])
  })

  it('goes to one download at a time per lender, and serves everyone else meanwhile', async () => {
    const downloads = await Promise.all(
      Array.from({ length: 3 }, () =>
        fetch(bookUrl(lender), { headers: { cookie: lender.cookie } }).then(async (response) => {
          await response.arrayBuffer()
          return response.status
        }),
      ),
    )
    expect(downloads.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1)
    expect(downloads.every((status) => status === 200 || status === 429)).toBe(true)
    const other = await signUp(server, newAddress())
    const response = await fetch(bookUrl(other), { headers: { cookie: other.cookie } })
    expect(response.status).toBe(200)
    expect(namesIn(new Uint8Array(await response.arrayBuffer()))).toEqual([])
  })
})

/** The rest of download `id` from byte `from`, as a browser that takes brotli. */
async function resume(of: Lender, id: string, from: number): Promise<Response> {
  const url = `${bookUrl(of)}&${DOWNLOAD_ID_PARAM}=${id}&${DOWNLOAD_FROM_PARAM}=${from}`
  return fetch(url, { headers: { cookie: of.cookie, 'accept-encoding': 'br' } })
}

describe('a download cut part way', () => {
  let owner: Lender
  let whole: Uint8Array

  beforeAll(async () => {
    // A book of 7 MB: more than the link's buffers take in (the server's send buffer grows to
    // 4 MB here), so a download whose device stops reading is still being sent.
    owner = await signUp(server, newAddress())
    const { doc } = buildBook({ people: 300, loans: 2_000, payments: 80_000 })
    const phone = await openRoom(server, userRoom(owner.userId), owner.cookie, doc, {
      chunks: true,
    })
    await waitFor(() => phone.stored() >= 1, 'the server to store the book')
    disconnect(phone)
    const response = await fetch(bookUrl(owner), { headers: { cookie: owner.cookie } })
    whole = new Uint8Array(await response.arrayBuffer())
    expect(whole.byteLength).toBeGreaterThan(6_000_000)
  })

  it('does not hold up a picture of the dashboard, which a device asks for beside it', async () => {
    const download = await readPart(bookUrl(owner), owner.cookie, 300_000)
    try {
      const response = await fetch(pictureUrl(owner, utcDay()), {
        headers: { cookie: owner.cookie },
      })
      expect(response.status).toBe(200)
      const picture = (await response.json()) as DashboardPicture
      expect(picture.summary.rows.length).toBeGreaterThan(0)
    } finally {
      download.cut()
    }
  })

  it('is resumed from the bytes the device has: the two parts are the book, and no more', async () => {
    const first = await readPart(bookUrl(owner), owner.cookie, 300_000)
    first.cut()
    const id = String(first.headers[DOWNLOAD_HEADERS.id.toLowerCase()])
    expect(first.headers[DOWNLOAD_HEADERS.length.toLowerCase()]).toBe(String(whole.byteLength))
    expect(first.headers[DOWNLOAD_HEADERS.offset.toLowerCase()]).toBe('0')

    const rest = await resume(owner, id, first.body.byteLength)
    expect(rest.status).toBe(200)
    expect(rest.headers.get('content-encoding')).toBe('br')
    expect(rest.headers.get(DOWNLOAD_HEADERS.id)).toBe(id)
    expect(rest.headers.get(DOWNLOAD_HEADERS.offset)).toBe(String(first.body.byteLength))
    const tail = new Uint8Array(await rest.arrayBuffer())
    expect(first.body.byteLength + tail.byteLength).toBe(whole.byteLength)
    expect(namesIn(Buffer.concat([first.body, tail]))).toEqual(namesIn(whole))
  })

  it('takes over from the request the server still sends, when the link died without a word', async () => {
    const lost = await readPart(bookUrl(owner), owner.cookie, 100_000)
    const id = String(lost.headers[DOWNLOAD_HEADERS.id.toLowerCase()])
    // Without the id, a second download of one book at once is refused, as before.
    const again = await fetch(bookUrl(owner), { headers: { cookie: owner.cookie } })
    expect(again.status).toBe(429)
    await again.arrayBuffer()
    const rest = await resume(owner, id, lost.body.byteLength)
    expect(rest.status).toBe(200)
    const tail = new Uint8Array(await rest.arrayBuffer())
    expect(lost.body.byteLength + tail.byteLength).toBe(whole.byteLength)
    expect(namesIn(Buffer.concat([lost.body, tail]))).toEqual(namesIn(whole))
    lost.cut()
  })

  it('keeps the book as it was when the download began, though it changed since', async () => {
    const first = await readPart(bookUrl(owner), owner.cookie, 200_000)
    first.cut()
    const id = String(first.headers[DOWNLOAD_HEADERS.id.toLowerCase()])
    const phone = await openRoom(server, userRoom(owner.userId), owner.cookie, new Y.Doc(), {
      chunks: true,
    })
    addPerson(
      phone.doc,
      { name: 'Late Lakshmi', cityId: 'city-1', balance: 0, gender: 'female' },
      { now: new Date().toISOString() },
    )
    await waitFor(() => phone.stored() >= 1, 'the new person to be stored')
    disconnect(phone)
    const rest = await resume(owner, id, first.body.byteLength)
    const book = Buffer.concat([first.body, new Uint8Array(await rest.arrayBuffer())])
    expect(namesIn(book)).toEqual(namesIn(whole))
    expect(namesIn(book)).not.toContain('Late Lakshmi')
    // A new download has her: the socket's handshake brings her to the resumed device.
    const fresh = await fetch(bookUrl(owner), { headers: { cookie: owner.cookie } })
    expect(namesIn(new Uint8Array(await fresh.arrayBuffer()))).toContain('Late Lakshmi')
  })

  it('starts over, from byte 0, for a download it does not have or bytes past its end', async () => {
    const first = await readPart(bookUrl(owner), owner.cookie, 100_000)
    first.cut()
    const id = String(first.headers[DOWNLOAD_HEADERS.id.toLowerCase()])
    for (const [which, from] of [
      ['not-a-download-id', 10],
      [id, whole.byteLength * 2],
      [id, -1],
    ] as const) {
      const response = await resume(owner, which, from)
      expect(response.status).toBe(200)
      expect(response.headers.get(DOWNLOAD_HEADERS.offset)).toBe('0')
      const body = new Uint8Array(await response.arrayBuffer())
      expect(body.byteLength).toBe(Number(response.headers.get(DOWNLOAD_HEADERS.length)))
    }
    // Another lender cannot resume this one: it is not their book, and not their download.
    const other = await signUp(server, newAddress())
    const url = `${bookUrl(owner)}&${DOWNLOAD_ID_PARAM}=${id}&${DOWNLOAD_FROM_PARAM}=10`
    expect((await fetch(url, { headers: { cookie: other.cookie } })).status).toBe(403)
  })
})

describe("a picture of the book's dashboard", () => {
  let owner: Lender
  let doc: Y.Doc

  beforeAll(async () => {
    owner = await signUp(server, newAddress())
    doc = buildBook({ people: 12, loans: 40, payments: 300 }).doc
    const phone = await openRoom(server, userRoom(owner.userId), owner.cookie, doc, {
      chunks: true,
    })
    await waitFor(() => phone.stored() >= 1, 'the server to store the book')
    disconnect(phone)
  })

  it("has the rows and tiles the device's own book gives on the day asked for, gzipped", async () => {
    const day = addDays(utcDay(), 1)
    const response = await fetch(pictureUrl(owner, day), {
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const picture: unknown = await response.json()
    expect(isDashboardPicture(picture)).toBe(true)
    const { summary, day: pictured } = picture as DashboardPicture
    const book = projectLender(doc)
    const people = book.snapshot().people.filter((person) => !person.archived)
    const own = createDashboardCache()(people, book.activeLoansOf, day)
    expect(pictured).toBe(day)
    expect(summary.rows.map((row) => [row.name, row.totalDue, row.principalRemaining])).toEqual(
      own.rows.map((row) => [row.name, row.totalDue, row.principalRemaining]),
    )
    expect([summary.totalDue, summary.activeLoans]).toEqual([own.totalDue, own.activeLoans])
    expect(summary.totalDue).toBeGreaterThan(0)
  })

  it('is refused without a session, for another lender, and for a day far from today', async () => {
    const other = await signUp(server, newAddress())
    const refusals = [
      await fetch(pictureUrl(owner, utcDay())),
      await fetch(pictureUrl(owner, utcDay()), { headers: { cookie: other.cookie } }),
      await fetch(pictureUrl(owner, addDays(utcDay(), -3)), { headers: { cookie: owner.cookie } }),
      await fetch(pictureUrl(owner, 'today'), { headers: { cookie: owner.cookie } }),
    ]
    const answers = await Promise.all(
      refusals.map(async (response) => [response.status, (await response.text()).trim()]),
    )
    expect(answers).toEqual([
      [401, 'not signed in'],
      [403, 'not your book'],
      [400, expect.stringMatching(/one day/)],
      [400, expect.stringMatching(/one day/)],
    ])
  })
})
