/**
 * Members of a book (issue 31): the owner invites with a one-time code, a partner reads and
 * writes, a viewer reads and is refused any change (which never reaches the stored book), and a
 * member whose role changes or who is removed is disconnected at once, on every process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKS_PATH, MEMBERS_PATH } from '../../shared/members.ts'
import { CloseCode, SYNC_PATH, userRoom } from '../../shared/protocol.ts'
import {
  cleanup,
  connectClient,
  disconnect,
  openBook,
  startTestServer,
  waitFor,
  type Lender,
  type TestServer,
} from './harness.ts'
import {
  addMember,
  api,
  env,
  invite,
  join,
  newAccount,
  nextClose,
  openAs,
  removeMember,
} from './members.ts'
import { storedRows, upgradeStatus } from './raw.ts'
import { servicesUp, startTwoProcesses } from './services.ts'

describe('members of a book', () => {
  let server: TestServer
  let owner: Lender

  beforeAll(async () => {
    server = await startTestServer({ env })
    owner = await newAccount(server)
  })
  afterAll(cleanup)

  it('lets an account in with a one-time code and lists it on both sides', async () => {
    const code = await invite(server, owner, 'partner')
    expect(code).toMatch(/^[A-Z2-9]{16}$/)
    const waiting = (await (await api(server, MEMBERS_PATH, owner.cookie)).json()) as {
      invites: Record<string, unknown>[]
    }
    expect(waiting.invites).toHaveLength(1)
    expect(waiting.invites[0]).not.toHaveProperty('code')

    const partner = await newAccount(server)
    // As it may be typed from a message: in lower case, in groups of four.
    const typed = code.toLowerCase().replace(/(.{4})(?!$)/g, '$1 ')
    const joined = await join(server, partner, typed)
    expect(joined.status).toBe(200)
    expect(await joined.json()).toEqual({ ownerId: owner.userId, role: 'partner' })

    expect(await (await api(server, BOOKS_PATH, partner.cookie)).json()).toEqual({
      books: [{ ownerId: owner.userId, ownerName: owner.email, role: 'partner' }],
    })
    const listed = (await (await api(server, MEMBERS_PATH, owner.cookie)).json()) as {
      members: Record<string, unknown>[]
      invites: unknown[]
    }
    expect(listed.invites).toEqual([])
    expect(listed.members).toEqual([
      expect.objectContaining({ id: partner.userId, email: partner.email, role: 'partner' }),
    ])

    // Used once: the next account is told only that the code is unknown.
    const late = await join(server, await newAccount(server), code)
    expect([late.status, await late.json()]).toEqual([404, { error: 'unknown code' }])
  })

  it('refuses bad invitations and joins with a status and a reason', async () => {
    const own = await join(server, owner, await invite(server, owner, 'viewer'))
    expect([own.status, await own.json()]).toEqual([409, { error: 'your own book' }])
    const member = await addMember(server, owner, 'viewer')
    const again = await join(server, member, await invite(server, owner, 'partner'))
    expect([again.status, await again.json()]).toEqual([409, { error: 'already a member' }])

    const notACode = await join(server, member, 'hello')
    expect(notACode.status).toBe(400)
    const collector = await api(server, `${MEMBERS_PATH}/invites`, owner.cookie, {
      method: 'POST',
      body: { role: 'collector' },
    })
    expect(collector.status).toBe(400)
    expect(await api(server, MEMBERS_PATH, '')).toHaveProperty('status', 401)
    const crossSite = await fetch(`${server.url}${MEMBERS_PATH}/invites`, {
      method: 'POST',
      headers: {
        cookie: owner.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ role: 'partner' }),
    })
    expect(crossSite.status).toBe(403)
    const form = await fetch(`${server.url}${MEMBERS_PATH}/invites`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: server.url, 'content-type': 'text/plain' },
      body: JSON.stringify({ role: 'partner' }),
    })
    expect(form.status).toBe(415)
  })

  it('lets a partner read and write the book, and nobody else in', async () => {
    const partner = await addMember(server, owner, 'partner')
    const [own, theirs] = await Promise.all([
      openBook(server, owner),
      openAs(server, owner, partner),
    ])
    theirs.doc.getMap('people').set('from-partner', 'Asha')
    await waitFor(() => own.doc.getMap('people').get('from-partner') === 'Asha', 'the change')

    const stranger = await newAccount(server)
    expect(await upgradeStatus(server, userRoom(owner.userId), stranger.cookie)).toBe(403)
    const download = (who: Lender) =>
      fetch(`${server.url}${SYNC_PATH}/${userRoom(owner.userId)}`, {
        headers: { cookie: who.cookie, origin: server.url },
      })
    expect((await download(partner)).status).toBe(200)
    expect((await download(stranger)).status).toBe(403)
    disconnect(own)
    disconnect(theirs)
  })

  it("gives a viewer the book and keeps a viewer's change out of it", async () => {
    const owner = await newAccount(server)
    const room = userRoom(owner.userId)
    const own = await openBook(server, owner)
    own.doc.getMap('people').set('kept', 'Ravi')
    own.doc.getMap('people').set('gone', 'Meena')
    own.doc.getMap('people').delete('gone')
    await waitFor(() => own.stored() >= 1 && own.provider.synced, 'the owner’s changes stored')
    await new Promise((resolve) => setTimeout(resolve, 100))

    const viewer = await addMember(server, owner, 'viewer')
    const theirs = await openAs(server, owner, viewer)
    expect(theirs.doc.getMap('people').get('kept')).toBe('Ravi')
    // Its half of the sync carries the deletions it knows: the socket stays open.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(theirs.closes).toEqual([])

    const rowsBefore = storedRows(server, room)
    const closing = nextClose(theirs)
    theirs.doc.getMap('people').set('from-viewer', 'Mallory')
    theirs.doc.getMap('people').delete('kept')
    const closed = await closing
    disconnect(theirs)
    expect(closed.code).toBe(CloseCode.readOnly)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(own.doc.getMap('people').toJSON()).toEqual({ kept: 'Ravi' })

    // Refused, not shut out: the viewer still reads the book as it is.
    const fresh = await openAs(server, owner, viewer)
    expect(fresh.doc.getMap('people').toJSON()).toEqual({ kept: 'Ravi' })
    disconnect(fresh)
    disconnect(own)
  })

  it('disconnects a member within a second of a new role, and turns a removed one away', async () => {
    const member = await addMember(server, owner, 'viewer')
    const theirs = await openAs(server, owner, member)

    let closing = nextClose(theirs)
    const patched = await api(server, `${MEMBERS_PATH}/${member.userId}`, owner.cookie, {
      method: 'PATCH',
      body: { role: 'partner' },
    })
    expect(patched.status).toBe(200)
    const changed = await closing
    expect(changed.code).toBe(CloseCode.accessChanged)
    expect(changed.ms).toBeLessThan(1_000)
    // Back with the new role: it may write now.
    await waitFor(() => theirs.provider.synced && theirs.provider.wsconnected, 'the reconnect')
    const own = await openBook(server, owner)
    theirs.doc.getMap('people').set('as-partner', 'Kiran')
    await waitFor(() => own.doc.getMap('people').get('as-partner') === 'Kiran', 'the change')

    // A partner runs the book, not who is in it: this is about the partner's own (empty) book.
    const byPartner = await removeMember(server, owner, member.userId, member)
    expect(byPartner.status).toBe(404)

    closing = nextClose(theirs)
    const removed = await removeMember(server, owner, member.userId)
    expect(removed.status).toBe(204)
    const gone = await closing
    disconnect(theirs)
    expect(gone.code).toBe(CloseCode.accessChanged)
    expect(gone.ms).toBeLessThan(1_000)
    expect(await upgradeStatus(server, userRoom(owner.userId), member.cookie)).toBe(403)
    expect(await (await api(server, BOOKS_PATH, member.cookie)).json()).toEqual({ books: [] })
    const listed = (await (await api(server, MEMBERS_PATH, owner.cookie)).json()) as {
      members: { id: string }[]
    }
    expect(listed.members.map((m) => m.id)).not.toContain(member.userId)
    disconnect(own)
  })
})

const available = await servicesUp(['postgres', 'redis'])

describe.skipIf(!available)('members across two processes on PostgreSQL and Redis', () => {
  let one: TestServer
  let two: TestServer
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ one, two, drop } = await startTwoProcesses(env))
  })
  afterAll(async () => {
    await cleanup()
    await drop()
  })

  it('closes a removed member’s socket on the other process within a second', async () => {
    const owner = await newAccount(one)
    const member = await addMember(one, owner, 'partner')
    // Listed by the other process too: one database.
    expect(await (await api(two, BOOKS_PATH, member.cookie)).json()).toEqual({
      books: [{ ownerId: owner.userId, ownerName: owner.email, role: 'partner' }],
    })
    const theirs = connectClient(two, userRoom(owner.userId), member.cookie)
    await waitFor(() => theirs.provider.synced, 'sync on the second process')

    const closing = nextClose(theirs)
    const removed = await removeMember(one, owner, member.userId)
    expect(removed.status).toBe(204)
    const gone = await closing
    disconnect(theirs)
    expect(gone.code).toBe(CloseCode.accessChanged)
    expect(gone.ms).toBeLessThan(1_000)
    expect(await upgradeStatus(two, userRoom(owner.userId), member.cookie)).toBe(403)
  })
})
