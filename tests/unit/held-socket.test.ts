/**
 * A held socket connects at once, but its `open` event and the messages that arrive before
 * `ready` settles reach the handlers only after, in the order they came. Real sockets, on a local
 * `ws` server that greets each client with two messages.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { heldUntil } from '../../src/data/sync/heldSocket.ts'

// The `ws` package's socket, typed as the browser's one the app uses.
const NodeSocket = WebSocket as unknown as typeof globalThis.WebSocket
let server: WebSocketServer
let url: string

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => {
    socket.send('first')
    socket.send('second')
  })
  await once(server, 'listening')
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  // A test that failed half-way leaves its socket open; the server would wait for it.
  for (const client of server.clients) client.terminate()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

function listen(socket: globalThis.WebSocket): string[] {
  const heard: string[] = []
  socket.onopen = () => heard.push('open')
  socket.onmessage = ({ data }) => heard.push(String(data))
  return heard
}

it('holds open and the first messages until ready, then delivers them in order', async () => {
  let ready!: () => void
  const Held = heldUntil(NodeSocket, new Promise<void>((resolve) => (ready = resolve)))
  const socket = new Held(url)
  const heard = listen(socket)
  // The connection is made and both messages arrive meanwhile, yet no handler has run. (A busy
  // machine may take a while to connect: the wait is for the socket, not a fixed time.)
  await vi.waitFor(() => expect(socket.readyState).toBe(WebSocket.OPEN), { timeout: 10_000 })
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(heard).toEqual([])

  ready()
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(heard).toEqual(['open', 'first', 'second'])
  socket.close()
})

it('passes everything straight through once ready, also to sockets made later', async () => {
  const Held = heldUntil(NodeSocket, Promise.resolve())
  await Promise.resolve()
  const socket = new Held(url)
  const heard = listen(socket)
  await vi.waitFor(() => expect(heard).toEqual(['open', 'first', 'second']), { timeout: 10_000 })
  // A handler read back is the one that was set, not the wrapper.
  expect(socket.onopen).not.toBeNull()
  socket.onmessage = null
  expect(socket.onmessage).toBeNull()
  socket.close()
})
