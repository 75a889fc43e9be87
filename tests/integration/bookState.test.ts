/**
 * `GET /sync/users/<id>`: a new device's first sync as one download the browser decompresses
 * itself. It holds the whole book, only for its owner, compressed as the client accepts, and
 * never for an app older than the book.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { SYNC_PATH, userRoom } from '../../shared/protocol.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import {
  cleanup,
  openBook,
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

/** The names of the people a state download holds. */
function namesIn(state: Uint8Array): string[] {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, state)
  return readLender(doc)
    .people.map((person) => person.name)
    .sort()
}

beforeAll(async () => {
  server = await startTestServer()
  lender = await signUp(server)
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
    const other = await signUp(server)
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
    const other = await signUp(server)
    const response = await fetch(bookUrl(other), { headers: { cookie: other.cookie } })
    expect(response.status).toBe(200)
    expect(namesIn(new Uint8Array(await response.arrayBuffer()))).toEqual([])
  })
})
