/** Which sockets the server keeps: a silent idle one goes, a slow reader of a big book stays. */
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import {
  DRAIN_GRACE_TICKS,
  Liveness,
  SLOWEST_LINK_BYTES_PER_SECOND,
} from '../../../server/sync/liveness.ts'

/** A socket whose send buffer and answers the test sets by hand. */
class Socket extends EventEmitter {
  bufferedAmount = 0
  pings = 0
  private unanswered: Buffer[] = []
  ping(data: Buffer): void {
    this.pings++
    this.unanswered.push(data)
  }
  /** Answers the `count` oldest pings not answered yet (all of them by default), in order. */
  pong(count = this.unanswered.length): void {
    for (const data of this.unanswered.splice(0, count)) this.emit('pong', data)
  }
}

const INTERVAL_MS = 10_000

/** Intervals that `bytes` take on the slowest link the server waits for. */
function intervalsToCarry(bytes: number): number {
  return Math.ceil(bytes / ((SLOWEST_LINK_BYTES_PER_SECOND * INTERVAL_MS) / 1000))
}

function watching(socket: Socket) {
  const liveness = new Liveness<Socket>(INTERVAL_MS)
  liveness.add(socket)
  const dropped: Socket[] = []
  /** `times` intervals, one after another. */
  const tick = (times = 1) => {
    for (let i = 0; i < times; i++) liveness.tick((ws) => dropped.push(ws))
  }
  return { liveness, dropped, tick }
}

describe('liveness', () => {
  it('drops an idle socket one interval after it stops answering its ping', () => {
    const socket = new Socket()
    const { tick, dropped } = watching(socket)
    tick()
    socket.pong()
    tick()
    expect(dropped).toEqual([])
    tick()
    expect(dropped).toEqual([socket])
    expect(socket.pings).toBe(2)
  })

  it('keeps a reader whose ping waits behind the book it is still downloading', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    liveness.sent(socket, 3_000_000)
    socket.bufferedAmount = 3_000_000
    tick()
    for (const left of [2_000_000, 1_000_000, 0]) {
      socket.bufferedAmount = left
      tick()
    }
    expect(dropped).toEqual([])
  })

  it('waits out the last of the book in the kernel after the server’s own buffer is empty', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    tick()
    liveness.sent(socket, 50_000)
    socket.bufferedAmount = 0
    tick()
    // Nothing left that the server can see, no pong yet: the link still carries what it took.
    tick(DRAIN_GRACE_TICKS)
    expect(dropped).toEqual([])
    socket.pong()
    tick()
    tick()
    expect(dropped).toEqual([socket])
  })

  it('waits as long as what it drained takes on a 2G link, when that is longer', () => {
    // The e2e slow link's first sync: 450 kB taken by the kernel at once, read at 9 kB/s.
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    tick()
    liveness.sent(socket, 450_000)
    tick()
    const ticks = intervalsToCarry(450_000)
    expect(ticks).toBeGreaterThan(DRAIN_GRACE_TICKS)
    tick(ticks)
    expect(dropped).toEqual([])
    tick()
    expect(dropped).toEqual([socket])
  })

  it('waits for a book sent as the socket opened, before its first ping', () => {
    // The e2e slow link's first sync, as CI ran it: the kernel took the whole book before the
    // first tick, whose ping then queued behind it. It was dropped at the second tick, and its
    // next socket was sent the book again, for ever.
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    liveness.sent(socket, 700_000)
    tick()
    tick(intervalsToCarry(700_000))
    expect(dropped).toEqual([])
    tick()
    expect(dropped).toEqual([socket])
  })

  it('waits for what was sent after the ping it answered, not only after one it did not', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    tick()
    // Its ping arrives at once; a large change from another device is sent right after it.
    socket.pong()
    liveness.sent(socket, 200_000)
    tick()
    tick(DRAIN_GRACE_TICKS)
    expect(dropped).toEqual([])
  })

  it('owes nothing for what arrived before the ping it answered', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    tick()
    socket.pong()
    liveness.sent(socket, 200_000)
    socket.bufferedAmount = 200_000
    // Answered; this ping queues behind the 200 kB still in the server's buffer.
    tick()
    // All of it was read, then the ping behind it answered: nothing is on its way any more, so
    // one silent interval later the socket is gone, as an idle one would be.
    socket.bufferedAmount = 0
    socket.pong()
    tick()
    expect(dropped).toEqual([])
    tick()
    expect(dropped).toEqual([socket])
  })

  it('waits for what went after the ping it answered, when that answer came late', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    liveness.sent(socket, 400_000)
    // The first ping waits behind the first 400 kB, the second behind the next 400 kB.
    tick()
    liveness.sent(socket, 400_000)
    tick()
    // The answer to the first ping comes: the second 400 kB is still on its way.
    socket.pong(1)
    tick()
    tick(intervalsToCarry(400_000))
    expect(dropped).toEqual([])
    tick()
    expect(dropped).toEqual([socket])
  })

  it('takes a pong that answers none of its pings as a sign of life only', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    liveness.sent(socket, 400_000)
    tick()
    socket.emit('pong', Buffer.from('hello'))
    tick()
    // Still owed the 400 kB: a pong of the client's own says nothing of what arrived.
    tick(intervalsToCarry(400_000))
    expect(dropped).toEqual([])
  })

  it('drops a reader that went silent for good after its grace', () => {
    const socket = new Socket()
    const { liveness, tick, dropped } = watching(socket)
    tick()
    liveness.sent(socket, 50_000)
    tick()
    tick(DRAIN_GRACE_TICKS)
    tick()
    expect(dropped).toEqual([socket])
  })

  it('forgets a socket that closed', () => {
    const socket = new Socket()
    const { tick, dropped } = watching(socket)
    socket.emit('close')
    tick()
    tick()
    expect(dropped).toEqual([])
    expect(socket.pings).toBe(0)
  })
})
