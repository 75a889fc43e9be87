import { expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { ACK_PARAM, CHUNKS_PARAM, MessageType, SYNC_PATH, userRoom } from '../../shared/protocol.ts'
import { chunkingWebSocket } from '../../src/data/chunkingSocket.ts'
import { buildBook } from '../fixtures/book.ts'
import { newLenderDevice } from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { E2E_MAX_FRAME } from './pages/server.ts'

/**
 * A lender whose book is larger than the largest frame the server accepts: it reaches the
 * server from the device that held it, and a fresh device downloads all of it.
 */
test('a book larger than one frame syncs to a fresh device', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { device: first } = await newLenderDevice(browser)
  const userId = await first.page.evaluate(() => {
    const cached = localStorage.getItem('rin-khata:last-user')
    return cached ? (JSON.parse(cached) as { id: string }).id : ''
  })
  expect(userId).not.toBe('')
  const cookie = (await first.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

  // The book as a device that kept it offline holds it, uploaded through the chunked socket.
  const { doc } = buildBook({ people: 120, loans: 400, payments: 3_000 })
  expect(Y.encodeStateAsUpdate(doc).byteLength).toBeGreaterThan(3 * E2E_MAX_FRAME)
  class CookieSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } })
    }
  }
  const Socket = chunkingWebSocket(CookieSocket as unknown as typeof globalThis.WebSocket)
  const url = (baseURL as string).replace(/^http/, 'ws') + SYNC_PATH
  const uploader = new WebsocketProvider(url, userRoom(userId), doc, {
    WebSocketPolyfill: Socket,
    disableBc: true,
    params: { [ACK_PARAM]: '1', [CHUNKS_PARAM]: '1' },
  })
  let stored = false
  uploader.messageHandlers[MessageType.stored] = () => {
    stored = true
  }
  await expect.poll(() => stored, { timeout: 30_000 }).toBe(true)
  uploader.destroy()

  // A new device with nothing on it, and the device that was open all along, show every person.
  // (Its own context with the first device's cookie, as `secondDevice` makes, but the first
  // render waits for the whole book, so it gets more than the usual 10 s on a busy machine.)
  const { cookies } = await first.context.storageState()
  const fresh = await browser.newContext({ storageState: { cookies, origins: [] } })
  for (const page of [await fresh.newPage(), first.page]) {
    await page.goto('/people')
    await expect(new PeoplePage(page).count).toHaveText('Showing 120 of 120 people', {
      timeout: 60_000,
    })
  }
})
