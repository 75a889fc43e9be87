/**
 * The fan-out's publishing link (server/fanout/redisPublisher.ts), which asks Redis for no
 * replies: against a redis-server of its own with a password, and against a peer that never
 * reads. The link under two whole server processes is tested in scaleout.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRedisPublisher, PUBLISH_BUFFER_BYTES } from '../../server/fanout/redisPublisher.ts'
import { freePort, waitFor } from './harness.ts'
import { TEST_REDIS_URL, testRedisPrefix } from './services.ts'

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0
const PASSWORD = 'publisher-test-password'

const quick = () => 50

describe.skipIf(!hasRedisServer)('the Redis publisher', () => {
  let redis: ChildProcess
  let port: number

  beforeAll(async () => {
    port = await freePort()
    redis = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      PASSWORD,
      '--save',
      '',
      '--appendonly',
      'no',
    ])
    const probe = new Redis({ port, password: PASSWORD, retryStrategy: quick })
    probe.on('error', () => {})
    await probe.ping()
    probe.disconnect()
  })

  afterAll(() => {
    redis.kill('SIGKILL')
  })

  it('signs in and delivers every message, in order', async () => {
    const subscriber = new Redis({ port, password: PASSWORD })
    await subscriber.subscribe('room')
    const heard: string[] = []
    subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      heard.push(message.toString())
    })
    let up = false
    const publisher = openRedisPublisher({
      url: `redis://:${PASSWORD}@127.0.0.1:${port}`,
      retryStrategy: quick,
      onDown: () => {},
      onUp: () => (up = true),
    })
    await waitFor(() => up, 'the publisher signed in')
    const sent = Array.from({ length: 500 }, (_, i) => `update ${i} ${'x'.repeat(i)}`)
    for (const message of sent) publisher.publish('room', new TextEncoder().encode(message))
    await waitFor(() => heard.length === sent.length, 'every message heard')
    expect(heard).toEqual(sent)
    publisher.close()
    subscriber.disconnect()
  })

  it('says why a wrong password is refused, drops what it is given and keeps trying', async () => {
    const subscriber = new Redis({ port, password: PASSWORD })
    await subscriber.subscribe('room')
    let heard = 0
    subscriber.on('messageBuffer', () => heard++)
    const reasons: string[] = []
    let up = false
    const publisher = openRedisPublisher({
      url: `redis://:wrong@127.0.0.1:${port}`,
      retryStrategy: quick,
      onDown: (error) => reasons.push(error.message),
      onUp: () => (up = true),
    })
    await waitFor(() => reasons.length > 0, 'the refusal')
    expect(reasons[0]).toMatch(/refused the sign-in: WRONGPASS/)
    publisher.publish('room', new Uint8Array([1, 2, 3]))
    // Once said; the attempts go on without filling the log.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(reasons).toHaveLength(1)
    expect(up).toBe(false)
    expect(heard).toBe(0)
    publisher.close()
    subscriber.disconnect()
  })
})

describe("the Redis publisher on the machine's Redis, which has no password", () => {
  it('takes a password it does not need, as ioredis does', async () => {
    const subscriber = new Redis(TEST_REDIS_URL)
    const channel = `${testRedisPrefix()}room`
    await subscriber.subscribe(channel)
    const heard: string[] = []
    subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      heard.push(message.toString())
    })
    let up = false
    const url = new URL(TEST_REDIS_URL)
    url.password = 'not-needed'
    const publisher = openRedisPublisher({
      url: url.toString(),
      retryStrategy: quick,
      onDown: () => {},
      onUp: () => (up = true),
    })
    await waitFor(() => up, 'the publisher connected')
    publisher.publish(channel, new TextEncoder().encode('hello'))
    await waitFor(() => heard.length === 1, 'the message')
    expect(heard).toEqual(['hello'])
    publisher.close()
    subscriber.disconnect()
  })
})

describe('the Redis publisher before a peer that never reads', () => {
  it(`holds no more than ${PUBLISH_BUFFER_BYTES / 2 ** 20} MiB for it`, async () => {
    const stalled: net.Socket[] = []
    const peer = net.createServer((socket) => {
      socket.pause()
      stalled.push(socket)
    })
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve))
    const { port } = peer.address() as net.AddressInfo
    let up = false
    const publisher = openRedisPublisher({
      url: `redis://127.0.0.1:${port}`,
      retryStrategy: quick,
      onDown: () => {},
      onUp: () => (up = true),
    })
    await waitFor(() => up, 'connected')
    const megabyte = new Uint8Array(2 ** 20)
    const offered = 64
    for (let i = 0; i < offered; i++) {
      publisher.publish('room', megabyte)
      // The kernel takes what it can between writes, as it would between edits.
      await new Promise((resolve) => setImmediate(resolve))
    }
    // Now the peer reads everything that was kept for it.
    let received = 0
    stalled[0]!.on('data', (chunk: Buffer) => (received += chunk.length))
    stalled[0]!.resume()
    publisher.close()
    await waitFor(() => stalled[0]!.readableEnded, 'the peer read to the end')
    // The kernel's own socket buffers hold a few MiB besides the publisher's.
    expect(received).toBeGreaterThan(PUBLISH_BUFFER_BYTES)
    expect(received).toBeLessThan((offered * 2 ** 20) / 2)
    peer.close()
  })
})
