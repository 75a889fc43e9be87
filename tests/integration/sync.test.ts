import { beforeAll, describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { CITIES_ROOM, CloseCode, userRoom } from '../../shared/protocol.ts'
import {
  connectClient,
  disconnect,
  openBook,
  openRoom,
  signUp,
  startTestServer,
  waitFor,
} from './harness.ts'
import type { Lender, TestServer } from './harness.ts'
import { upgradeStatus } from './raw.ts'

let server: TestServer
let asha: Lender
let ravi: Lender

beforeAll(async () => {
  server = await startTestServer()
  asha = await signUp(server)
  ravi = await signUp(server)
})

describe('sync', () => {
  it('keeps two devices of one lender in step, both ways', async () => {
    const [phone, laptop] = await Promise.all([openBook(server, asha), openBook(server, asha)])

    phone.doc.getMap('people').set('p1', 'Sunita')
    laptop.doc.getMap('people').set('p2', 'Mohan')
    await waitFor(
      () => phone.doc.getMap('people').size === 2 && laptop.doc.getMap('people').size === 2,
      'both devices to hold both people',
    )
    expect(phone.doc.getMap('people').toJSON()).toEqual({ p1: 'Sunita', p2: 'Mohan' })
    expect(laptop.doc.getMap('people').toJSON()).toEqual(phone.doc.getMap('people').toJSON())
    disconnect(phone)
    disconnect(laptop)
  })

  it('tells a client when its changes are stored', async () => {
    const client = await openBook(server, asha)
    await waitFor(() => client.stored() >= 1, 'the ack of the handshake update')
    const before = client.stored()
    for (let i = 0; i < 5; i++) client.doc.getMap('loans').set(`l${i}`, i)
    await waitFor(() => client.stored() === before + 5, 'five more stored updates')
    disconnect(client)
  })

  it("refuses another lender's room with 403 and shows them nothing", async () => {
    const owner = await openBook(server, asha)
    owner.doc.getMap('people').set('secret', 'Aadhaar 1234')
    await waitFor(() => owner.stored() > 0, 'the owner write to be stored')

    expect(await upgradeStatus(server, userRoom(asha.userId), ravi.cookie)).toBe(403)
    expect(await upgradeStatus(server, 'elsewhere', ravi.cookie)).toBe(403)

    const intruder = connectClient(server, userRoom(asha.userId), ravi.cookie)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(intruder.provider.synced).toBe(false)
    expect(intruder.doc.getMap('people').size).toBe(0)
    disconnect(intruder)
    disconnect(owner)
  })

  it('refuses an upgrade without a session with 401', async () => {
    expect(await upgradeStatus(server, userRoom(asha.userId))).toBe(401)
    expect(await upgradeStatus(server, CITIES_ROOM, 'better-auth.session_token=forged')).toBe(401)
    expect(await upgradeStatus(server, userRoom(asha.userId), asha.cookie)).toBe(101)
  })

  it('shares cities between lenders', async () => {
    const [a, b] = await Promise.all([
      openRoom(server, CITIES_ROOM, asha.cookie),
      openRoom(server, CITIES_ROOM, ravi.cookie),
    ])
    a.doc.getMap('cities').set('c-pune', { name: 'Pune', createdAt: '2026-01-02T03:04:05.000Z' })
    b.doc.getMap('cities').set('c-agra', { name: 'Agra', createdAt: '2026-01-02T03:04:06.000Z' })
    await waitFor(
      () => a.doc.getMap('cities').size === 2 && b.doc.getMap('cities').size === 2,
      'both lenders to see both cities',
    )
    expect(Object.keys(b.doc.getMap('cities').toJSON()).sort()).toEqual(['c-agra', 'c-pune'])
    disconnect(a)
    disconnect(b)
  })

  it('refuses a city delete, a rename and a non-city write, closing only the sender', async () => {
    const honest = await openRoom(server, CITIES_ROOM, asha.cookie)
    honest.doc
      .getMap('cities')
      .set('c-ujjain', { name: 'Ujjain', createdAt: '2026-02-01T09:00:00.000Z' })
    await waitFor(() => honest.stored() > 0, 'the city to be stored')

    const attempts: ((doc: Y.Doc) => void)[] = [
      (doc) => doc.getMap('cities').delete('c-ujjain'),
      (doc) =>
        doc
          .getMap('cities')
          .set('c-ujjain', { name: 'Ujjain!', createdAt: '2026-02-01T09:00:00.000Z' }),
      (doc) => doc.getMap('people').set('x', 'not a city'),
    ]
    for (const attempt of attempts) {
      const vandal = await openRoom(server, CITIES_ROOM, ravi.cookie)
      await waitFor(() => vandal.doc.getMap('cities').has('c-ujjain'), 'the city to arrive')
      attempt(vandal.doc)
      await waitFor(() => vandal.closes.length > 0, 'the vandal socket to close')
      expect(vandal.closes[0]!.code).toBe(CloseCode.badMessage)
      disconnect(vandal)
    }

    const fresh = await openRoom(server, CITIES_ROOM, ravi.cookie)
    expect(fresh.doc.getMap('cities').get('c-ujjain')).toEqual({
      name: 'Ujjain',
      createdAt: '2026-02-01T09:00:00.000Z',
    })
    expect(fresh.doc.getMap('people').size).toBe(0)
    expect(honest.closes).toEqual([])
    disconnect(fresh)
    disconnect(honest)
  })
})
