/**
 * A viewer's session sends 1,000 random updates to the owner's book: every kind of change the
 * app makes and some it never makes (bad records, entries taken out), half of them with bytes
 * flipped. Not one reaches the stored book; the owner's own socket stays open throughout.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { ACK_PARAM, CloseCode, MessageType, userRoom } from '../../shared/protocol.ts'
import { apply, commandOrDrop, device, timestamp } from '../unit/lenderCommands.ts'
import { cleanup, openBook, startTestServer, waitFor, type TestServer } from './harness.ts'
import { addMember, env, newAccount } from './members.ts'
import { exchange, storedRows, syncFrame } from './raw.ts'

const UPDATES = 1_000

/** `count` updates a viewer's device could send: random commands, some with bytes flipped. */
function randomUpdates(count: number, seed: number): Uint8Array[] {
  const random = fc.sample(
    fc.tuple(commandOrDrop, timestamp, fc.boolean(), fc.nat(), fc.nat(255)),
    { numRuns: count * 4, seed },
  )
  const updates: Uint8Array[] = []
  for (const [command, now, flip, at, byte] of random) {
    if (updates.length === count) break
    const { doc, updates: made } = device()
    apply(doc, command, now)
    if (made.length === 0) continue
    const update = made.length === 1 ? made[0]! : Y.mergeUpdates(made)
    if (flip) {
      const mutated = update.slice()
      mutated[at % mutated.length] = byte
      updates.push(mutated)
    } else {
      updates.push(update)
    }
  }
  expect(updates).toHaveLength(count)
  return updates
}

describe("a viewer's session, fuzzed", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env })
  })
  afterAll(cleanup)

  it(`accepts none of ${UPDATES.toLocaleString('en-IN')} random changes into the owner's book`, async () => {
    const owner = await newAccount(server)
    const viewer = await addMember(server, owner, 'viewer')
    const room = userRoom(owner.userId)
    // The owner's book: the commands' base state, stored.
    const own = await openBook(server, owner)
    Y.applyUpdate(own.doc, Y.encodeStateAsUpdate(device().doc))
    await waitFor(() => own.stored() >= 2, 'the book stored')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const rowsBefore = storedRows(server, room)
    const bookBefore = Y.encodeStateAsUpdate(own.doc)

    const outcomes = new Map<string, number>()
    for (const update of randomUpdates(UPDATES, 31)) {
      const outcome = await exchange(server, room, viewer.cookie, [syncFrame(2, update)], {
        until: MessageType.stored,
        answer: 'stored',
        query: `?${ACK_PARAM}=1`,
      })
      const key = String(outcome)
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
    }
    // Refused as a viewer's change, or as a malformed one; the rest held nothing new.
    for (const key of outcomes.keys()) {
      expect(['stored', String(CloseCode.readOnly), String(CloseCode.badMessage)]).toContain(key)
    }
    expect(outcomes.get(String(CloseCode.readOnly)) ?? 0).toBeGreaterThan(UPDATES / 4)
    expect(storedRows(server, room)).toBe(rowsBefore)
    expect(Y.encodeStateAsUpdate(own.doc)).toEqual(bookBefore)
    expect(own.closes).toEqual([])
  }, 180_000)
})
