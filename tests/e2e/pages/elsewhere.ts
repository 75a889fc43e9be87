import { expect } from '@playwright/test'
import * as decoding from 'lib0/decoding'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  MessageType,
  SYNC_PATH,
  userRoom,
} from '../../../shared/protocol.ts'
import { chunkingWebSocket } from '../../../src/data/sync/chunkingSocket.ts'
import type { Device } from './devices.ts'

/**
 * What another device of the same lender needs to reach their book from the test itself: the
 * sync URL, the lender's room, and a WebSocket class that carries `device`'s session cookie.
 */
export async function lenderConnection(device: Device, baseURL: string) {
  const userId = await device.page.evaluate(() => {
    const cached = localStorage.getItem('rin-khata:last-user')
    return cached ? (JSON.parse(cached) as { id: string }).id : ''
  })
  expect(userId).not.toBe('')
  const cookie = (await device.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  class CookieSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } })
    }
  }
  return {
    url: baseURL.replace(/^http/, 'ws') + SYNC_PATH,
    room: userRoom(userId),
    Socket: CookieSocket as unknown as typeof globalThis.WebSocket,
  }
}

/**
 * Makes `change` to the lender's book as another of their devices would: it syncs the book from
 * the server, makes the change on top of it, and resolves once the server has stored it.
 */
export async function changeBookElsewhere(
  device: Device,
  baseURL: string,
  change: (doc: Y.Doc) => void,
): Promise<void> {
  const { doc, provider } = await connectElsewhere(device, baseURL, { [ACK_PARAM]: '1' })
  // The server counts this connection's update messages it has stored: the sync's one, then ours.
  let stored = 0
  provider.messageHandlers[MessageType.stored] = (_encoder, decoder) => {
    stored = decoding.readVarUint(decoder)
  }
  // Changed on top of what the server holds, so a field set here wins over the stored one.
  await expect.poll(() => provider.synced, { timeout: 30_000 }).toBe(true)
  change(doc)
  await expect.poll(() => stored, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
  provider.destroy()
  doc.destroy()
}

/** The lender's book as the server holds it now, read over a connection of its own. */
export async function bookOnServer(device: Device, baseURL: string): Promise<Y.Doc> {
  const { doc, provider } = await connectElsewhere(device, baseURL)
  await expect.poll(() => provider.synced, { timeout: 30_000 }).toBe(true)
  provider.destroy()
  return doc
}

/** Another device's connection to the lender's book, with a doc of its own. */
async function connectElsewhere(
  device: Device,
  baseURL: string,
  params: Record<string, string> = {},
): Promise<{ doc: Y.Doc; provider: WebsocketProvider }> {
  const { url, room, Socket } = await lenderConnection(device, baseURL)
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(url, room, doc, {
    WebSocketPolyfill: Socket,
    disableBc: true,
    params,
  })
  return { doc, provider }
}

/**
 * Uploads `doc` as the lender of `device` holds it on a device that kept it offline: through the
 * chunked socket, with the device's session cookie; resolves once the server has stored it.
 */
export async function uploadBook(device: Device, doc: Y.Doc, baseURL: string): Promise<void> {
  const { url, room, Socket } = await lenderConnection(device, baseURL)
  const uploader = new WebsocketProvider(url, room, doc, {
    WebSocketPolyfill: chunkingWebSocket(Socket),
    disableBc: true,
    params: { [ACK_PARAM]: '1', [CHUNKS_PARAM]: '1' },
  })
  let stored = false
  uploader.messageHandlers[MessageType.stored] = () => {
    stored = true
  }
  await expect.poll(() => stored, { timeout: 60_000 }).toBe(true)
  uploader.destroy()
}
