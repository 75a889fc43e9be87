/**
 * Issue 31's authorization matrix, for the roles served so far: every kind of change to a book,
 * made by the owner, a partner and a viewer, online and offline-then-synced. What a role may do
 * reaches the owner's book; what it may not closes the socket (4405) and leaves the stored book
 * byte for byte as it was. Someone who is not a member is not let in at all (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exportBook } from '../../shared/book/export.ts'
import { importBook } from '../../shared/book/import.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import type { BookAccess } from '../../shared/members.ts'
import { CloseCode, userRoom } from '../../shared/protocol.ts'
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
  startTestServer,
  waitFor,
  type Client,
  type Lender,
  type TestServer,
} from './harness.ts'
import { addMember, env, newAccount } from './members.ts'
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

/** What the owner's book holds before any member changes it. */
interface Base {
  personId: string
  loanId: string
  depositId: string
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
  return { personId, loanId, depositId: deposit.depositId }
}

/** A book to import: one person, one loan, one deposit, made elsewhere. */
function bookFile() {
  const source = new Y.Doc()
  writeBase(source)
  return exportBook(source, new Y.Doc(), now)
}

/**
 * Every kind of change to a book a member's app can make, each on a doc holding `base` and the
 * changes before it (so the deletions come last: a loan of a deleted person is deleted already).
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
  'record a deposit': (doc: Y.Doc, base: Base) =>
    recordDeposit(
      doc,
      { date: '2026-02-15', allocations: [{ loanId: base.loanId, amount: 500_00 }] },
      { now },
    ),
  'void a deposit': (doc: Y.Doc, base: Base) => voidDeposit(doc, base.depositId, 'typo', { now }),
  'waive interest': (doc: Y.Doc, base: Base) =>
    recordWaiver(doc, { loanId: base.loanId, date: '2026-02-20', amount: 100_00 }, { now }),
  'delete a loan': (doc: Y.Doc, base: Base) => archiveLoan(doc, base.loanId, { now }),
  'delete a person': (doc: Y.Doc, base: Base) => archivePerson(doc, base.personId, { now }),
} satisfies Record<string, (doc: Y.Doc, base: Base) => unknown>

type Change = keyof typeof CHANGES | 'import a book'
const KINDS = [...(Object.keys(CHANGES) as (keyof typeof CHANGES)[]), 'import a book'] as const

/** The table: what each role may do to the owner's book. */
const MAY: Record<Exclude<BookAccess, 'collector'>, (change: Change) => boolean> = {
  owner: () => true,
  partner: () => true,
  viewer: () => false,
}

type Mode = 'online' | 'offline, then synced'

/**
 * `change` made by `who` on a copy of the book: connected the whole time (`online`), or on a
 * copy synced earlier and changed while disconnected. Resolves with what the server did.
 */
async function attempt(
  server: TestServer,
  owner: Lender,
  who: Lender,
  mode: Mode,
  change: (doc: Y.Doc) => void,
): Promise<'reached the book' | 'refused'> {
  const room = userRoom(owner.userId)
  const watcher = await openBook(server, owner)
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
  let client: Client
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
  const outcome = client.closes.length > 0 ? ('refused' as const) : ('reached the book' as const)
  if (outcome === 'refused') expect(client.closes[0]!.code).toBe(CloseCode.readOnly)
  disconnect(client)
  if (outcome === 'refused') {
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(Y.encodeStateAsUpdate(watcher.doc)).toEqual(bookBefore)
  }
  disconnect(watcher)
  return outcome
}

describe('what each role may do to a book', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env })
  })
  afterAll(cleanup)

  for (const role of ['owner', 'partner', 'viewer'] as const) {
    for (const mode of ['online', 'offline, then synced'] as const) {
      it(`${role}, ${mode}: allowed exactly as the table says`, async () => {
        const owner = await newAccount(server)
        const who = role === 'owner' ? owner : await addMember(server, owner, role)
        const own = await openBook(server, owner)
        let messages = 1 // its half of the sync
        own.doc.on('update', () => messages++)
        const base = writeBase(own.doc)
        await waitFor(() => own.stored() >= messages, 'the base book stored')
        disconnect(own)

        const seen: Record<string, string> = {}
        const expected: Record<string, string> = {}
        for (const kind of Object.keys(CHANGES) as (keyof typeof CHANGES)[]) {
          seen[kind] = await attempt(server, owner, who, mode, (doc) => CHANGES[kind](doc, base))
          expected[kind] = MAY[role](kind) ? 'reached the book' : 'refused'
        }
        // An import goes into an empty book only: the owner's second, empty one.
        const emptyOwner = await newAccount(server)
        const importer = role === 'owner' ? emptyOwner : await addMember(server, emptyOwner, role)
        seen['import a book'] = await attempt(server, emptyOwner, importer, mode, (doc) => {
          const result = importBook(doc, new Y.Doc(), bookFile())
          if (!result.ok) throw new Error(result.reason)
        })
        expected['import a book'] = MAY[role]('import a book') ? 'reached the book' : 'refused'
        expect(Object.keys(seen)).toEqual([...KINDS])
        expect(seen).toEqual(expected)
      }, 60_000)
    }
  }

  it('lets no one else in, and leaves the shared cities every account’s own', async () => {
    const owner = await newAccount(server)
    const stranger = await newAccount(server)
    expect(await upgradeStatus(server, userRoom(owner.userId), stranger.cookie)).toBe(403)
    // The cities are one list for every account (issue 9): a viewer adds to it as any account.
    const viewer = await addMember(server, owner, 'viewer')
    const cities = connectClient(server, 'cities', viewer.cookie)
    await waitFor(() => cities.provider.synced, 'sync')
    addCity(cities.doc, 'Rampur', { now })
    await waitFor(() => cities.stored() > 0, 'the city stored')
    expect(cities.closes).toEqual([])
    disconnect(cities)
  })
})
