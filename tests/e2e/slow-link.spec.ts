import { brotliCompressSync, constants, deflateRawSync } from 'node:zlib'
import { expect, test, type Browser, type Page } from '@playwright/test'
import * as Y from 'yjs'
import {
  DOWNLOAD_FROM_PARAM,
  DOWNLOAD_HEADERS,
  DOWNLOAD_ID_PARAM,
  SYNC_PATH,
} from '../../shared/protocol.ts'
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS } from '../../server/sync/bookState.ts'
import { buildBook } from '../fixtures/book.ts'
import { startCuttingProxy } from '../support/cuttingProxy.ts'
import { startShapingProxy } from '../support/shapingProxy.ts'
import { newLenderDevice, sameLenderContext } from './pages/devices.ts'
import { uploadBook } from './pages/elsewhere.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { Shell } from './pages/Shell.ts'
import { E2E_PING_INTERVAL_MS } from './pages/server.ts'

/** `bytes` as the server sends a download: brotli at its quality and window. */
function brotli(bytes: Uint8Array): Buffer {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    },
  })
}

/** What the stock y-websocket provider waits for a message before it gives a socket up. */
const PROVIDER_TIMEOUT_MS = 30_000

/**
 * A lender whose book (by default of 120 people and 20,000 payments) is on the server, and that
 * book.
 */
async function bookOnServer(
  browser: Browser,
  baseURL: string,
  size = { people: 120, loans: 400, payments: 20_000 },
) {
  const { device: first } = await newLenderDevice(browser)
  const { doc } = buildBook(size)
  await uploadBook(first, doc, baseURL)
  return { first, state: Y.encodeStateAsUpdate(doc) }
}

/** The sockets `page` opens to a lender's book, and the bytes they bring, as they come. */
function watchBookSockets(page: Page): { urls: string[]; bytes: number } {
  const seen = { urls: [] as string[], bytes: 0 }
  page.on('websocket', (socket) => {
    if (!socket.url().includes(`${SYNC_PATH}/users/`)) return
    seen.urls.push(socket.url())
    socket.on('framereceived', ({ payload }) => (seen.bytes += payload.length))
  })
  return seen
}

/**
 * The order in which `page` asks for the book ('book') and gets the data layer's code ('code'),
 * that code held back `lateMs`, as on a slow link.
 */
async function bookAndCodeOrder(page: Page, lateMs: number): Promise<string[]> {
  const order: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`${SYNC_PATH}/users/`)) order.push('book')
  })
  await page.route(/\/assets\/workspace-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, lateMs))
    order.push('code')
    await route.continue()
  })
  return order
}

/**
 * Issue 30: a new device fetches the book whole over HTTP before its socket's handshake: the
 * browser undoes the server's brotli itself, a third fewer bytes than the socket's deflate, and
 * the socket then brings only what changed.
 */
test('a new device downloads the book compressed and its socket brings only the rest', async ({
  browser,
  baseURL,
}) => {
  const { first, state } = await bookOnServer(browser, baseURL as string)
  const deflated = deflateRawSync(state).byteLength

  const fresh = await sameLenderContext(browser, first)
  const page = await fresh.newPage()
  const download = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith(`${SYNC_PATH}/users/`),
  )
  const sockets = watchBookSockets(page)
  await page.goto('/people')
  await expect(new PeoplePage(page).count).toHaveText('Showing 120 of 120 people')
  const response = await download
  expect(response.status()).toBe(200)
  expect(response.headers()['content-encoding']).toBe('br')
  // The server says how long the compressed body is.
  const downloaded = Number(response.headers()['content-length'])
  console.log(
    `${state.byteLength} bytes of book: ${downloaded} downloaded (deflated: ${deflated}), ` +
      `${sockets.bytes} bytes on the socket`,
  )
  expect(downloaded).toBeLessThan(deflated * 0.9)
  expect(sockets.urls).toHaveLength(1)
  expect(sockets.bytes).toBeLessThan(state.byteLength / 100)
  await fresh.close()
})

/**
 * Issue 30: a new device asks for the book as soon as it knows who is signed in, before the code
 * of the signed-in screens has come. On slow 4G that code took 1.3 s, and the browser (six
 * connections to one server) fetched all of it before the book, which it asked for last. A
 * device that keeps the book reads its own copy and does not download it again.
 */
test("a new device asks for the book before the screens' code, and only once", async ({
  browser,
  baseURL,
}) => {
  const { first } = await bookOnServer(browser, baseURL as string, {
    people: 30,
    loans: 60,
    payments: 600,
  })

  // No service worker: every request of the page is seen here.
  const fresh = await sameLenderContext(browser, first, { serviceWorkers: 'block' })
  const page = await fresh.newPage()
  // The data layer's code (the book's rooms, Yjs) comes a second late, as on a slow link.
  const order = await bookAndCodeOrder(page, 1_000)
  const people = new PeoplePage(page)
  await page.goto('/people')
  await expect(people.count).toHaveText('Showing 30 of 30 people')
  expect(order).toEqual(['book', 'code'])

  await page.reload()
  await expect(people.count).toHaveText('Showing 30 of 30 people')
  expect(order.filter((what) => what === 'book')).toHaveLength(1)
  await fresh.close()
})

/**
 * Issue 30: on slow 4G each file costs a phone a round trip of 150 ms or more, on one of six
 * connections. A first visit to the dashboard fetched 66 script files, found level by level; its
 * code is now in about twenty (see scripts/signedInChunks.ts), and the other screens still open.
 */
test("a new device's first visit fetches the dashboard's code in a few files", async ({
  browser,
  baseURL,
}) => {
  const { first } = await bookOnServer(browser, baseURL as string, {
    people: 12,
    loans: 20,
    payments: 100,
  })

  const fresh = await sameLenderContext(browser, first, { serviceWorkers: 'block' })
  const page = await fresh.newPage()
  const scripts = new Set<string>()
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname)
  })
  await page.goto('/dashboard')
  await expect(
    page
      .getByRole('main')
      .getByText(/^Person \d+$/)
      .first(),
  ).toBeVisible()
  expect(scripts.size).toBeGreaterThan(1)
  expect(scripts.size).toBeLessThanOrEqual(24)

  // A screen whose code was not part of it still opens, and works.
  const shell = new Shell(page)
  await shell.follow(shell.mainNav, 'People', '/people')
  await expect(new PeoplePage(page).count).toHaveText('Showing 12 of 12 people')
  await fresh.close()
})

/**
 * Issue 30: a busy phone can take longer to say which databases it keeps than the app's start
 * waits for (300 ms). The app starts without the answer, and the download leaves when the answer
 * comes, still ahead of the data layer's code; before, it waited for that code.
 */
test('a device slow to list its databases still asks for the book before the code', async ({
  browser,
  baseURL,
}) => {
  const { first } = await bookOnServer(browser, baseURL as string, {
    people: 12,
    loans: 20,
    payments: 100,
  })

  const fresh = await sameLenderContext(browser, first, { serviceWorkers: 'block' })
  const page = await fresh.newPage()
  // The list of databases comes 800 ms late.
  await page.addInitScript(() => {
    const list = indexedDB.databases.bind(indexedDB)
    indexedDB.databases = () =>
      new Promise((resolve) => setTimeout(resolve, 800)).then(() => list())
  })
  const order = await bookAndCodeOrder(page, 2_000)
  const people = new PeoplePage(page)
  await page.goto('/people')
  await expect(people.count).toHaveText('Showing 12 of 12 people')
  expect(order).toEqual(['book', 'code'])
  await fresh.close()
})

/**
 * Issue 30: a new phone on a slow link whose download of the book fails gets it through the
 * socket, and that takes longer than the provider's 30 s watchdog and longer than the server's
 * ping interval. Before, the provider (which saw no
 * message until the last part arrived) closed the socket after 30 s, and the server dropped one
 * whose pong sat behind the book in its send buffer: the download started over, for ever. Now
 * it finishes on its first socket, nothing is downloaded twice, and what comes down is the book
 * compressed (about 2.4 times smaller). The link's network takes the whole book at once, as the
 * kernel did on CI: the server, its own buffer empty, must still wait for the ping behind it.
 */
test('a book too large for 30 s of a slow link syncs on one socket', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const { first, state } = await bookOnServer(browser, baseURL as string)
  const book = state.byteLength
  // What the server sends, compressed, is about this long (its message adds a few bytes).
  const compressed = deflateRawSync(state).byteLength

  // A link on which the compressed book takes about 50 s (under 15 kB/s down here), 150 ms round
  // trip, whose network holds the whole book at once (the server's buffer is then empty while
  // the phone has yet to get it); only the sync socket is shaped, so the test spends its slow
  // minute on the download it is about and not on the app's files.
  const server = new URL(baseURL as string)
  const rate = Math.round(compressed / 50)
  const proxy = await startShapingProxy(
    { host: '127.0.0.1', port: Number(server.port) },
    {
      downBytesPerSecond: rate,
      upBytesPerSecond: rate,
      latencyMs: 75,
      holdsBytes: compressed * 2,
    },
    (firstBytes) => firstBytes.toString('latin1').startsWith(`GET ${SYNC_PATH}/users/`),
  )
  const expected = (compressed / rate) * 1000
  expect(expected, 'the book takes longer than the watchdog and two pings').toBeGreaterThan(
    Math.max(PROVIDER_TIMEOUT_MS, 2 * E2E_PING_INTERVAL_MS) * 1.5,
  )
  try {
    // A fresh device with the lender's cookie (cookies do not depend on the port) and nothing on
    // it; no service worker: the download is refused below, in the page.
    const fresh = await sameLenderContext(browser, first, { serviceWorkers: 'block' })
    // The first device is put away: nothing else in the room sends the new phone's socket a
    // word while its book is on the way (another device's presence, every 15 s, once hid that
    // the server dropped a socket whose first ping queued behind a book it had sent at once).
    await first.context.close()
    const page = await fresh.newPage()
    await page.route(`**${SYNC_PATH}/users/**`, (route) => route.abort('connectionreset'))
    const sockets = watchBookSockets(page)
    const started = Date.now()
    await page.goto(`http://localhost:${proxy.port}/people`)
    await expect(new PeoplePage(page).count).toHaveText('Showing 120 of 120 people', {
      timeout: expected * 2 + 60_000,
    })
    const took = Date.now() - started
    console.log(
      `${book} bytes (${compressed} compressed) over ${rate} B/s: rows after ${took} ms, ` +
        `${proxy.shapedDownBytes} bytes on ${sockets.urls.length} sync socket(s)`,
    )
    expect(took, 'the download outlasted the watchdog').toBeGreaterThan(PROVIDER_TIMEOUT_MS)
    expect(proxy.closedByServer, 'the server dropped the socket the book was on').toBe(0)
    expect(sockets.urls).toHaveLength(1)
    expect(proxy.shapedDownBytes).toBeLessThan(compressed * 1.2)
    expect(proxy.shapedDownBytes).toBeLessThan(book / 2)
    await fresh.close()
  } finally {
    await proxy.close()
  }
})

/**
 * Issue 30: a first sync that is cut resumes rather than starting over. The link drops a third of
 * the way through the book's download; the device asks for the rest of the same download, and
 * the two parts are the book: the second carries only what the device had not read, and the
 * socket brings nothing of it.
 */
test('a download of the book cut part way is resumed from where it stopped', async ({
  browser,
  baseURL,
}) => {
  const { first, state } = await bookOnServer(browser, baseURL as string)
  // About what the server sends.
  const compressed = brotli(state).byteLength

  const server = new URL(baseURL as string)
  const isDownload = (bytes: Buffer) => {
    const request = bytes.toString('latin1')
    return request.startsWith(`GET ${SYNC_PATH}/users/`) && !/\r\nupgrade:/i.test(request)
  }
  // At 400 kB/s (a good 4G link), cut a third of the way.
  const cutAfter = Math.round(compressed / 3)
  const proxy = await startCuttingProxy(
    { host: '127.0.0.1', port: Number(server.port) },
    isDownload,
    {
      cutAfter,
      bytesPerSecond: 400_000,
    },
  )
  try {
    // A fresh device with the lender's cookie and nothing on it; no service worker, so every
    // request of the page is seen here.
    const fresh = await sameLenderContext(browser, first, { serviceWorkers: 'block' })
    const page = await fresh.newPage()
    const downloads: { from: string | null; id: string | null; offset: string | null }[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!url.pathname.startsWith(`${SYNC_PATH}/users/`)) return
      downloads.push({
        from: url.searchParams.get(DOWNLOAD_FROM_PARAM),
        id: url.searchParams.get(DOWNLOAD_ID_PARAM),
        offset: response.headers()[DOWNLOAD_HEADERS.offset.toLowerCase()] ?? null,
      })
    })
    const sockets = watchBookSockets(page)
    await page.goto(`http://localhost:${proxy.port}/people`)
    await expect(new PeoplePage(page).count).toHaveText('Showing 120 of 120 people')
    console.log(
      `${state.byteLength} bytes of book (${compressed} compressed), cut after ${cutAfter}: ` +
        `${proxy.chosenDownBytes} bytes downloaded in ${downloads.length} requests (the second ` +
        `from byte ${downloads[1]?.from} of the book), ${sockets.bytes} bytes on the socket`,
    )
    expect(proxy.cut).toBe(true)
    // The first request was cut; the second asked for the rest of it, and got just that.
    expect(downloads).toHaveLength(2)
    const [whole, rest] = downloads as [(typeof downloads)[0], (typeof downloads)[0]]
    expect(whole).toMatchObject({ from: null, id: null, offset: '0' })
    expect(Number(rest.from)).toBeGreaterThan(0)
    expect(rest.id).toBeTruthy()
    expect(rest.offset).toBe(rest.from)
    // The second answer is the rest of the book from what the page had read (`from`, a count of
    // the book's own bytes: the browser takes the brotli off), not the book again. What had
    // reached the browser and not yet the page is lost with the link and comes again; how much
    // depends on how busy the page is, so the bound is on the second answer alone, the part the
    // cut carried (`cutAfter` bytes) taken off. 1 % over: its headers, and the server's brotli
    // against this estimate of it.
    const restCompressed = brotli(state.subarray(Number(rest.from))).byteLength
    expect(proxy.chosenDownBytes - cutAfter).toBeLessThan(restCompressed * 1.01)
    expect(sockets.urls).toHaveLength(1)
    expect(sockets.bytes).toBeLessThan(state.byteLength / 100)
    await fresh.close()
  } finally {
    await proxy.close()
  }
})
