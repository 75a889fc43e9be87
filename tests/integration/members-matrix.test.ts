/**
 * Issue 31's authorization matrix: every kind of change, made by the owner, a partner, a viewer
 * and a collector, online and offline-then-synced, against one table (`MAY`). What a role may do
 * reaches the owner's book; what it may not is refused and leaves the stored book byte for byte
 * as it was: a viewer's socket is closed (4405), a collector's is never opened (403), and his
 * inbox takes deposits on his villages' loans only. Members are the owner's to manage; the
 * cities are every account's own. Someone who is not a member is not let in at all (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exportBook } from '../../shared/book/export.ts'
import { importBook } from '../../shared/book/import.ts'
import { COLLECT_PATH, type CollectedOutcome } from '../../shared/collect.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import {
  MEMBERS_PATH,
  type BookAccess,
  type InviteInfo,
  type MemberInfo,
} from '../../shared/members.ts'
import { CITIES_ROOM, CloseCode, userRoom } from '../../shared/protocol.ts'
import { addCity } from '../../shared/schema/city.ts'
import { addLoan, archiveLoan, updateLoan } from '../../shared/schema/loan.ts'
import { addPerson, archivePerson, updatePerson } from '../../shared/schema/person.ts'
import { voidDeposit } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import {
  cleanup,
  connectClient,
  disconnect,
  openBook,
  openRoom,
  startTestServer,
  waitFor,
  type Client,
  type Lender,
  type TestServer,
} from './harness.ts'
import { addMember, api, deposit, env, newAccount, paymentsOf, sendDeposits } from './members.ts'
import { storedRows, upgradeStatus } from './raw.ts'

const now = '2026-03-01T09:00:00.000Z'
const terms = {
  amount: 50_000_00,
  interestRate: 2,
  interestType: 'per_month' as const,
  startDate: '2026-01-01',
  dueDate: '2026-12-31',
  description: 'Tractor',
}

/** The collector's one village; the base book's second borrower lives in another ('c2'). */
const VILLAGES = ['c1']

/** What the owner's book holds before any member changes it. */
interface Base {
  personId: string
  loanId: string
  depositId: string
  /** A loan of a borrower outside the collector's villages. */
  elsewhereLoanId: string
}

function writeBase(doc: Y.Doc): Base {
  const personId = addPerson(
    doc,
    { name: 'Ravi', cityId: 'c1', balance: 0, gender: 'male' },
    { now },
  )
  const loanId = addLoan(doc, { ...terms, personId }, { now })
  const deposit = recordDeposit(
    doc,
    { date: '2026-02-01', allocations: [{ loanId, amount: 1_000_00 }] },
    { now },
  )
  if (!deposit.ok) throw new Error(deposit.reason)
  const elsewhere = addPerson(
    doc,
    { name: 'Sita', cityId: 'c2', balance: 0, gender: 'female' },
    { now },
  )
  const elsewhereLoanId = addLoan(doc, { ...terms, personId: elsewhere }, { now })
  return { personId, loanId, depositId: deposit.depositId, elsewhereLoanId }
}

/** A book to import: two people, two loans, one deposit, made elsewhere. */
function bookFile() {
  const source = new Y.Doc()
  writeBase(source)
  return exportBook(source, new Y.Doc(), now)
}

const depositOn = (loanId: string) => (doc: Y.Doc) =>
  recordDeposit(doc, { date: '2026-02-15', allocations: [{ loanId, amount: 500_00 }] }, { now })

/**
 * Every kind of change to a book a member's app can make, each on a doc holding `base` and the
 * changes before it (so the deletions come last: a loan of a deleted person is deleted already).
 * "His villages" are a collector's; for the roles that hold the whole book, a deposit outside
 * them is simply one on a borrower in another city.
 */
const CHANGES = {
  'add a person': (doc: Y.Doc) =>
    addPerson(doc, { name: 'Meena', cityId: 'c1', balance: 0, gender: 'female' }, { now }),
  'edit a person': (doc: Y.Doc, base: Base) =>
    updatePerson(doc, base.personId, { name: 'Ravi Kumar' }, { now }),
  'add a loan': (doc: Y.Doc, base: Base) =>
    addLoan(doc, { ...terms, personId: base.personId }, { now }),
  'edit a loan': (doc: Y.Doc, base: Base) =>
    updateLoan(doc, base.loanId, { description: 'Tractor, second hand' }, { now }),
  'change the terms': (doc: Y.Doc, base: Base) =>
    updateLoan(doc, base.loanId, { interestRate: 3 }, { now }),
  'record a deposit in his villages': (doc: Y.Doc, base: Base) => depositOn(base.loanId)(doc),
  'record a deposit outside his villages': (doc: Y.Doc, base: Base) =>
    depositOn(base.elsewhereLoanId)(doc),
  'void a deposit': (doc: Y.Doc, base: Base) => voidDeposit(doc, base.depositId, 'typo', { now }),
  'waive interest': (doc: Y.Doc, base: Base) =>
    recordWaiver(doc, { loanId: base.loanId, date: '2026-02-20', amount: 100_00 }, { now }),
  'delete a loan': (doc: Y.Doc, base: Base) => archiveLoan(doc, base.loanId, { now }),
  'delete a person': (doc: Y.Doc, base: Base) => archivePerson(doc, base.personId, { now }),
} satisfies Record<string, (doc: Y.Doc, base: Base) => unknown>

type SocketKind = keyof typeof CHANGES
const SOCKET_KINDS = Object.keys(CHANGES) as SocketKind[]
const BOOK_KINDS = [...SOCKET_KINDS, 'import a book'] as const
const MEMBER_KINDS = ['invite a member', 'change a member’s role', 'remove a member'] as const
const KINDS = [...BOOK_KINDS, ...MEMBER_KINDS, 'add a city'] as const
type Kind = (typeof KINDS)[number]
type MemberKind = (typeof MEMBER_KINDS)[number]

/**
 * The table: what each role may do, online and offline-then-synced alike; anything else is
 * refused. A partner runs the whole book but not who is in it; the cities are every account's
 * own (issue 9); a collector's deposits go through his inbox, never the book's socket.
 */
const MAY: Record<BookAccess, readonly Kind[]> = {
  owner: KINDS,
  partner: [...BOOK_KINDS, 'add a city'],
  viewer: ['add a city'],
  collector: ['record a deposit in his villages', 'add a city'],
}

type Mode = 'online' | 'offline, then synced'
type Outcome = 'allowed' | 'refused'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `change` made by `who` on a copy of `room` (watched by `watcherCookie`'s own connection):
 * connected the whole time (`online`), or on a copy synced earlier and changed while
 * disconnected. Someone turned away at the door (a collector: 403) is handed a copy of the book
 * all the same, the strongest case, and his stock client tries to sync the change. Resolves with
 * what the server did; a refusal must leave the stored rows and the watcher's doc as they were.
 */
async function attempt(
  server: TestServer,
  room: string,
  watcherCookie: string,
  who: Lender,
  mode: Mode,
  change: (doc: Y.Doc) => void,
): Promise<Outcome> {
  const watcher = await openRoom(server, room, watcherCookie)
  const rowsBefore = storedRows(server, room)
  const bookBefore = Y.encodeStateAsUpdate(watcher.doc)
  /** Runs the change, and says which clients' structs it wrote and up to where. */
  const make = (doc: Y.Doc): [number, number][] => {
    const before = Y.decodeStateVector(Y.encodeStateVector(doc))
    change(doc)
    const written = [...Y.decodeStateVector(Y.encodeStateVector(doc))].filter(
      ([id, clock]) => clock > (before.get(id) ?? 0),
    )
    expect(written.length, 'the change changes the book').toBeGreaterThan(0)
    return written
  }
  const door = await upgradeStatus(server, room, who.cookie)
  expect([101, 403]).toContain(door)
  let client: Client
  let outcome: Outcome
  if (door === 403) {
    const copy = new Y.Doc()
    Y.applyUpdate(copy, bookBefore)
    if (mode === 'online') {
      client = connectClient(server, room, who.cookie, copy)
      await waitFor(() => client.closes.length > 0, 'the upgrade answered')
      const tries = client.closes.length
      make(copy)
      await waitFor(() => client.closes.length > tries, 'another try, with the change')
    } else {
      make(copy)
      client = connectClient(server, room, who.cookie, copy)
      await waitFor(() => client.closes.length > 0, 'the upgrade answered')
    }
    expect(client.provider.synced).toBe(false)
    outcome = 'refused'
  } else {
    let written: [number, number][]
    if (mode === 'online') {
      client = connectClient(server, room, who.cookie)
      await waitFor(() => client.provider.synced, 'sync')
      written = make(client.doc)
    } else {
      const synced = connectClient(server, room, who.cookie)
      await waitFor(() => synced.provider.synced, 'sync')
      disconnect(synced)
      written = make(synced.doc)
      client = connectClient(server, room, who.cookie, synced.doc)
    }
    const reached = () =>
      client.stored() > 0 &&
      written.every(([id, clock]) => Y.getState(watcher.doc.store, id) >= clock)
    await waitFor(() => reached() || client.closes.length > 0, 'the change to land or be refused')
    outcome = client.closes.length > 0 ? 'refused' : 'allowed'
    if (outcome === 'refused') expect(client.closes[0]!.code).toBe(CloseCode.readOnly)
  }
  disconnect(client)
  if (outcome === 'refused') {
    await pause(100)
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(Y.encodeStateAsUpdate(watcher.doc)).toEqual(bookBefore)
  }
  disconnect(watcher)
  return outcome
}

/** Today in India, the day the server lets a deposit be dated at the latest. */
const indianToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())

/**
 * A collector's deposit of ₹500 on `loanId`, sent to his inbox as his app sends it: just
 * recorded (`online`), or recorded earlier, out of signal, and sent now (`offline, then synced`).
 * Recorded, it is in the owner's book named with him; refused, the stored book is as it was.
 */
async function sendToInbox(
  server: TestServer,
  owner: Lender,
  who: Lender,
  mode: Mode,
  loanId: string,
): Promise<Outcome> {
  const room = userRoom(owner.userId)
  const watcher = await openBook(server, owner)
  const rowsBefore = storedRows(server, room)
  const bookBefore = Y.encodeStateAsUpdate(watcher.doc)
  const made =
    mode === 'online'
      ? { ...deposit(loanId, 500_00, indianToday()), createdAt: new Date().toISOString() }
      : deposit(loanId, 500_00)
  const answer = await sendDeposits(server, owner, who, [made])
  expect(answer.status).toBe(200)
  const { outcomes } = (await answer.json()) as { outcomes: CollectedOutcome[] }
  const [sent] = outcomes
  let outcome: Outcome
  if (sent?.outcome === 'recorded') {
    const inBook = () => paymentsOf(watcher, loanId).find((p) => p.depositId === sent.inBook)
    await waitFor(() => inBook() !== undefined, 'the deposit in the book')
    expect(inBook()).toMatchObject({
      amount: 500_00,
      date: made.date,
      createdAt: made.createdAt,
      createdBy: { account: who.email, device: made.device },
    })
    outcome = 'allowed'
  } else {
    expect(outcomes).toEqual([
      { depositId: made.depositId, outcome: 'refused', reason: 'loan outside your villages' },
    ])
    await pause(100)
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(Y.encodeStateAsUpdate(watcher.doc)).toEqual(bookBefore)
    outcome = 'refused'
  }
  disconnect(watcher)
  return outcome
}

interface MembersList {
  members: MemberInfo[]
  invites: InviteInfo[]
}

async function membersOf(server: TestServer, account: Lender): Promise<MembersList> {
  const response = await api(server, MEMBERS_PATH, account.cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as MembersList
}

/**
 * `who` invites into, changes a role in and removes a member from `owner`'s book. The members
 * API takes no owner id: every call acts on the caller's own book. So the owner's calls change
 * his list; a member's invitation lands in the member's own book, and his changes to the
 * owner's members (another's, or his own role) are no such member (404), the list as it was.
 */
async function manageMembers(
  server: TestServer,
  owner: Lender,
  who: Lender,
): Promise<Record<MemberKind, Outcome>> {
  const other = await addMember(server, owner, 'viewer')
  const before = await membersOf(server, owner)
  const ids = who === owner ? [other.userId] : [other.userId, who.userId]
  const member = (list: MembersList) => list.members.find((m) => m.id === other.userId)

  const invited = await api(server, `${MEMBERS_PATH}/invites`, who.cookie, {
    method: 'POST',
    body: { role: 'viewer' },
  })
  expect(invited.status).toBe(201)
  const { invite } = (await invited.json()) as { invite: InviteInfo }
  const afterInvite = await membersOf(server, owner)
  const inviteReached = afterInvite.invites.some((i) => i.id === invite.id)
  if (!inviteReached) {
    expect((await membersOf(server, who)).invites.map((i) => i.id)).toContain(invite.id)
  }

  const patched = []
  for (const id of ids) {
    const body = { role: 'partner' }
    patched.push(
      (await api(server, `${MEMBERS_PATH}/${id}`, who.cookie, { method: 'PATCH', body })).status,
    )
  }
  const roleReached = member(await membersOf(server, owner))?.role === 'partner'
  expect(patched).toEqual(ids.map(() => (roleReached ? 200 : 404)))

  const removed = []
  for (const id of ids) {
    removed.push(
      (await api(server, `${MEMBERS_PATH}/${id}`, who.cookie, { method: 'DELETE' })).status,
    )
  }
  const removeReached = member(await membersOf(server, owner)) === undefined
  expect(removed).toEqual(ids.map(() => (removeReached ? 204 : 404)))

  if (!inviteReached && !roleReached && !removeReached) {
    expect(await membersOf(server, owner)).toEqual(before)
  }
  return {
    'invite a member': inviteReached ? 'allowed' : 'refused',
    'change a member’s role': roleReached ? 'allowed' : 'refused',
    'remove a member': removeReached ? 'allowed' : 'refused',
  }
}

describe('what each role may do', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env })
  })
  afterAll(cleanup)

  const asRole = (owner: Lender, role: BookAccess) =>
    role === 'owner'
      ? owner
      : addMember(server, owner, role, undefined, role === 'collector' ? VILLAGES : undefined)

  for (const role of ['owner', 'partner', 'viewer', 'collector'] as const) {
    for (const mode of ['online', 'offline, then synced'] as const) {
      it(`${role}, ${mode}: allowed exactly as the table says`, async () => {
        const owner = await newAccount(server)
        const who = await asRole(owner, role)
        const room = userRoom(owner.userId)
        const own = await openBook(server, owner)
        let messages = 1 // its half of the sync
        own.doc.on('update', () => messages++)
        const base = writeBase(own.doc)
        await waitFor(() => own.stored() >= messages, 'the base book stored')
        disconnect(own)

        // Who may open the book's socket at all: not a collector (he is sent a sheet instead).
        const door = await upgradeStatus(server, room, who.cookie)
        expect(door).toBe(role === 'collector' ? 403 : 101)
        const seen: Record<string, Outcome> = {}
        for (const kind of SOCKET_KINDS) {
          const change = (doc: Y.Doc) => void CHANGES[kind](doc, base)
          seen[kind] = await attempt(server, room, owner.cookie, who, mode, change)
        }
        // An import goes into an empty book only: the owner's second, empty one.
        const emptyOwner = await newAccount(server)
        const importer = await asRole(emptyOwner, role)
        seen['import a book'] = await attempt(
          server,
          userRoom(emptyOwner.userId),
          emptyOwner.cookie,
          importer,
          mode,
          (doc) => {
            const result = importBook(doc, new Y.Doc(), bookFile())
            if (!result.ok) throw new Error(result.reason)
          },
        )
        if (role === 'collector') {
          // None of it through the socket, which never opens for him (above); his deposits go
          // through his inbox, checked against his villages.
          expect(Object.values(seen)).toEqual(BOOK_KINDS.map(() => 'refused'))
          seen['record a deposit in his villages'] = await sendToInbox(
            server,
            owner,
            who,
            mode,
            base.loanId,
          )
          seen['record a deposit outside his villages'] = await sendToInbox(
            server,
            owner,
            who,
            mode,
            base.elsewhereLoanId,
          )
        }
        Object.assign(seen, await manageMembers(server, owner, who))
        seen['add a city'] = await attempt(server, CITIES_ROOM, owner.cookie, who, mode, (doc) => {
          addCity(doc, `${role}’s village, ${mode}`, { now })
        })

        const expected = Object.fromEntries(
          KINDS.map((kind) => [kind, MAY[role].includes(kind) ? 'allowed' : 'refused']),
        )
        expect(Object.keys(seen).sort()).toEqual([...KINDS].sort())
        expect(seen).toEqual(expected)
      }, 60_000)
    }
  }

  it('gives a collector an inbox for deposits only: no route to any other change', async () => {
    const owner = await newAccount(server)
    const collector = await addMember(server, owner, 'collector', undefined, VILLAGES)
    const statuses = []
    for (const action of ['void', 'waive', 'edit', 'terms', 'people', 'loans', 'import']) {
      const path = `${COLLECT_PATH}/${owner.userId}/${action}`
      statuses.push(
        (await api(server, path, collector.cookie, { method: 'POST', body: {} })).status,
      )
    }
    expect(statuses).toEqual(statuses.map(() => 404))
  })

  it('lets no one else in', async () => {
    const owner = await newAccount(server)
    const stranger = await newAccount(server)
    expect(await upgradeStatus(server, userRoom(owner.userId), stranger.cookie)).toBe(403)
  })
})
