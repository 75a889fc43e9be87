/**
 * The fan-out's two links to Redis: the publisher (server/fanout/redisPublisher.ts), which asks
 * Redis for no replies, and the subscriber (server/fanout/redisSubscriber.ts), which reads them
 * with a reader of its own. Against a redis-server of their own with a password, against the
 * machine's Redis, and against a peer that never reads. The links under two whole server
 * processes are tested in scaleout.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRedisPublisher, PUBLISH_BUFFER_BYTES } from '../../server/fanout/redisPublisher.ts'
import { createRedisFanout } from '../../server/fanout/redis.ts'
import { openRedisSubscriber } from '../../server/fanout/redisSubscriber.ts'
import type { FanoutListener } from '../../server/fanout/types.ts'
import { freePort, waitFor } from './harness.ts'
import { TEST_REDIS_URL, testRedisPrefix } from './services.ts'

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0
const PASSWORD = 'publisher-test-password'

const quick = () => 50

/**
 * A redis-server of the describe's own, with a password, for its tests; `port` once it is up.
 * `args`: more of redis-server's options (users of its own).
 */
function ownRedis(args: string[] = []): { port: number } {
  const own = { port: 0 }
  let redis: ChildProcess
  beforeAll(async () => {
    own.port = await freePort()
    redis = spawn('redis-server', [
      '--port',
      String(own.port),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      PASSWORD,
      '--save',
      '',
      '--appendonly',
      'no',
      ...args,
    ])
    const probe = new Redis({ port: own.port, password: PASSWORD, retryStrategy: quick })
    probe.on('error', () => {})
    await probe.ping()
    probe.disconnect()
  })
  afterAll(() => {
    redis.kill('SIGKILL')
  })
  return own
}

describe.skipIf(!hasRedisServer)('the Redis publisher', () => {
  const redis = ownRedis()

  it('signs in and delivers every message, in order', async () => {
    const subscriber = new Redis({ port: redis.port, password: PASSWORD })
    await subscriber.subscribe('room')
    const heard: string[] = []
    subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      heard.push(message.toString())
    })
    let up = false
    const publisher = openRedisPublisher({
      url: `redis://:${PASSWORD}@127.0.0.1:${redis.port}`,
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
    const subscriber = new Redis({ port: redis.port, password: PASSWORD })
    await subscriber.subscribe('room')
    let heard = 0
    subscriber.on('messageBuffer', () => heard++)
    const reasons: string[] = []
    let up = false
    const publisher = openRedisPublisher({
      url: `redis://:wrong@127.0.0.1:${redis.port}`,
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

describe.skipIf(!hasRedisServer)('the Redis subscriber', () => {
  const redis = ownRedis()

  it('signs in, subscribes and hears every message as published, in order', async () => {
    const url = `redis://:${PASSWORD}@127.0.0.1:${redis.port}`
    const heard: [string, Buffer][] = []
    const subscribed: string[] = []
    let ups = 0
    const subscriber = openRedisSubscriber({
      url,
      retryStrategy: quick,
      onDown: () => {},
      onUp: () => ups++,
      onSubscribed: (channel) => subscribed.push(channel),
      // Copied: the test keeps each message, and checks its bytes were not written over later.
      onMessage: (channel, message) => heard.push([channel, Buffer.from(message)]),
      onRefused: () => {},
    })
    await waitFor(() => ups === 1, 'the subscriber signed in')
    subscriber.subscribe(['room', 'other'])
    await waitFor(() => subscribed.length === 2, 'both subscriptions confirmed')
    expect(subscribed).toEqual(['room', 'other'])

    let up = false
    const publisher = openRedisPublisher({
      url,
      retryStrategy: quick,
      onDown: () => {},
      onUp: () => (up = true),
    })
    await waitFor(() => up, 'the publisher signed in')
    // Messages that look like the protocol, and one of 3 MiB that comes in many pieces.
    const sent: [string, Buffer][] = Array.from({ length: 300 }, (_, i) => [
      i % 3 === 0 ? 'other' : 'room',
      Buffer.from(`*3\r\n$${i}\r\n${'\r\n'.repeat(i % 7)}:${i}`),
    ])
    sent.splice(150, 0, ['room', Buffer.alloc(3 * 2 ** 20, 0x24)])
    for (const [channel, message] of sent) publisher.publish(channel, message)
    await waitFor(() => heard.length === sent.length, 'every message heard')
    expect(heard.map(([channel]) => channel)).toEqual(sent.map(([channel]) => channel))
    expect(heard.every(([, message], i) => message.equals(sent[i]![1]))).toBe(true)

    // Unsubscribed: that channel's messages no longer come.
    subscriber.unsubscribe(['other'])
    publisher.publish('other', Buffer.from('not for us'))
    publisher.publish('room', Buffer.from('last'))
    await waitFor(() => heard.length === sent.length + 1, 'the last message')
    expect(heard.at(-1)).toEqual(['room', Buffer.from('last')])
    publisher.close()
    subscriber.close()
  })

  it('says why a wrong password is refused, once, and keeps trying', async () => {
    const reasons: string[] = []
    let up = false
    const subscriber = openRedisSubscriber({
      url: `redis://:wrong@127.0.0.1:${redis.port}`,
      retryStrategy: quick,
      onDown: (error) => reasons.push(error.message),
      onUp: () => (up = true),
      onSubscribed: () => {},
      onMessage: () => {},
      onRefused: () => {},
    })
    await waitFor(() => reasons.length > 0, 'the refusal')
    expect(reasons[0]).toMatch(/refused the sign-in: WRONGPASS/)
    subscriber.subscribe(['room'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(reasons).toHaveLength(1)
    expect(up).toBe(false)
    subscriber.close()
  })
})

describe.skipIf(!hasRedisServer)('the fan-out on a Redis whose user may not subscribe', () => {
  // `limited` may use channels named `allowed…` only: every room's subscription is refused.
  const redis = ownRedis([
    '--user',
    'limited',
    'on',
    '>limited-password',
    '~*',
    '&allowed*',
    '+@all',
  ])

  it('says so once, not once per room', async () => {
    const warnings: string[] = []
    const log = {
      debug() {},
      info() {},
      error() {},
      warn: (message: string) => warnings.push(message),
    }
    const fanout = createRedisFanout({
      url: `redis://limited:limited-password@127.0.0.1:${redis.port}`,
      prefix: 'rooms:',
      log,
    })
    const listener: FanoutListener = {
      live() {},
      stored() {},
      update() {},
      awareness() {},
      resync() {},
    }
    await waitFor(() => warnings.length > 0, 'the refusal')
    for (const room of ['users/a', 'users/b', 'users/c']) fanout.subscribe(room, listener)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(warnings).toEqual([
      expect.stringMatching(
        /^redis refused a subscription \(NOPERM .*\); rooms catch up from storage$/,
      ),
    ])
    await fanout.close()
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
