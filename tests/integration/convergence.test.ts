/**
 * Several devices of one lender edit at random against the real server while their connections
 * drop and come back. Once all are back online and the server has acknowledged storing every
 * change, all devices (and a brand-new one, even after a server restart) must hold the same
 * people, loans and payments, give the same ledgers, and have lost nothing any device recorded.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { addDays } from '../../shared/dates.ts'
import { replayLoan } from '../../shared/ledger/engine.ts'
import { userRoom } from '../../shared/protocol.ts'
import { initLenderDoc, readLender } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, restoreLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import {
  addPerson,
  archivePerson,
  restorePerson,
  updatePerson,
} from '../../shared/schema/person.ts'
import type { LenderSnapshot } from '../../shared/schema/types.ts'
import {
  connectClient,
  disconnect,
  freshView,
  startTestServer,
  startWithLender,
  tempDir,
  waitFor,
  waitSynced,
} from './harness.ts'
import type { Client, Lender, TestServer } from './harness.ts'

const DEVICES = 3
const RUNS = 25

// Few distinct values, so that same-field conflicts and ties in the replay order are common.
const pick = fc.nat({ max: 7 })
const day = fc.nat({ max: 90 })
const paise = fc.integer({ min: 100, max: 5_000_000 })
const device = fc.nat({ max: DEVICES - 1 })

const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('addPerson'), device, pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('updatePerson'),
      device,
      pick,
      name: fc.option(fc.constantFrom('Asha', 'Ravi', 'Meena'), { nil: undefined }),
      phone: fc.option(fc.constantFrom('', '9876543210', '9123456780'), { nil: undefined }),
      balance: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('archivePerson', 'restorePerson'), device, pick }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('addLoan'),
      device,
      pick,
      amount: paise,
      interestRate: fc.constantFrom(0, 1.75, 2, 24),
      interestType: fc.constantFrom('per_annum', 'per_month' as const),
      startDay: day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('updateLoan'),
      device,
      pick,
      interestRate: fc.option(fc.constantFrom(1, 18), { nil: undefined }),
      status: fc.option(fc.constantFrom('active', 'defaulted' as const), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('archiveLoan', 'restoreLoan'), device, pick }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit'),
      device,
      day: fc.integer({ min: 30, max: 200 }),
      allocations: fc.array(fc.tuple(pick, paise), { minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('disconnect', 'connect'), device }) },
  // Lets the network move: without it every step would run before any message is delivered.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pause'), ms: fc.nat({ max: 20 }) }) },
)
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never

/** What the devices recorded; all of it must be in the merged ledger. */
interface Recorded {
  people: Set<string>
  loans: Set<string>
  payments: Map<string, { loanId: string; amount: number }>
}

/** The nth of `items` (modulo), or null when there are none. */
function nth<T>(items: readonly T[], n: number): T | null {
  return items.length === 0 ? null : (items[n % items.length] ?? null)
}

/** Applies one step to the devices, choosing targets from what that device currently sees. */
async function apply(devices: Client[], s: Step, now: string, recorded: Recorded): Promise<void> {
  if (s.kind === 'pause') {
    await new Promise((resolve) => setTimeout(resolve, s.ms))
    return
  }
  const { doc, provider } = devices[s.device]!
  const opts = { now }
  const seen = readLender(doc)
  const livePeople = seen.people.filter((person) => !person.archived)
  const liveLoans = seen.loans.filter((loan) => !loan.archived)
  switch (s.kind) {
    case 'disconnect':
      provider.disconnect()
      return
    case 'connect':
      provider.connect()
      return
    case 'addPerson': {
      const input = { name: `P${s.pick}`, cityId: 'city-1', balance: 0, gender: 'male' as const }
      recorded.people.add(addPerson(doc, input, opts))
      return
    }
    case 'updatePerson': {
      const person = nth(seen.people, s.pick)
      const patch = {
        ...(s.name !== undefined && { name: s.name }),
        ...(s.phone !== undefined && { phone: s.phone }),
        ...(s.balance !== undefined && { balance: s.balance }),
      }
      if (person) updatePerson(doc, person.id, patch, opts)
      return
    }
    case 'archivePerson': {
      const person = nth(livePeople, s.pick)
      if (person) archivePerson(doc, person.id, opts)
      return
    }
    case 'restorePerson': {
      const person = nth(
        seen.people.filter((p) => p.archived),
        s.pick,
      )
      if (person) restorePerson(doc, person.id, opts)
      return
    }
    case 'addLoan': {
      // As in the app: a loan is given to someone the lender can see, not to someone in the Trash.
      const person = nth(livePeople, s.pick)
      if (!person) return
      const startDate = addDays('2026-01-01', s.startDay)
      const input = {
        personId: person.id,
        amount: s.amount,
        interestRate: s.interestRate,
        interestType: s.interestType,
        startDate,
        dueDate: addDays(startDate, 180),
        description: '',
      }
      recorded.loans.add(addLoan(doc, input, opts))
      return
    }
    case 'updateLoan': {
      const loan = nth(seen.loans, s.pick)
      const patch = {
        ...(s.interestRate !== undefined && { interestRate: s.interestRate }),
        ...(s.status !== undefined && { status: s.status }),
      }
      if (loan) updateLoan(doc, loan.id, patch, opts)
      return
    }
    case 'archiveLoan':
    case 'restoreLoan': {
      const loan = nth(s.kind === 'archiveLoan' ? liveLoans : seen.loans, s.pick)
      if (loan) (s.kind === 'archiveLoan' ? archiveLoan : restoreLoan)(doc, loan.id, opts)
      return
    }
    case 'deposit': {
      const allocations = s.allocations.flatMap(([n, amount]) => {
        const loan = nth(liveLoans, n)
        return loan ? [{ loanId: loan.id, amount }] : []
      })
      // Two allocations to one loan are one payment of their sum, as the deposit form gives.
      const merged = new Map<string, number>()
      for (const { loanId, amount } of allocations) {
        merged.set(loanId, (merged.get(loanId) ?? 0) + amount)
      }
      if (merged.size === 0) return
      const deposit = {
        date: addDays('2026-01-01', s.day),
        allocations: [...merged].map(([loanId, amount]) => ({ loanId, amount })),
      }
      const result = recordDeposit(doc, deposit, opts)
      if (!result.ok) throw new Error(`deposit refused: ${result.reason}`)
      deposit.allocations.forEach(({ loanId, amount }, i) => {
        recorded.payments.set(result.paymentIds[i]!, { loanId, amount })
      })
      return
    }
  }
}

/**
 * Counts the sync messages that carry updates (step 2 and update) a client sends on each socket:
 * the same messages the server counts in its `stored` acknowledgement.
 */
function countSentUpdates(client: Client): () => number {
  const counts = new WeakMap<object, number>()
  const wrap = () => {
    const ws = client.provider.ws as unknown as { send(data: Uint8Array): void } | null
    if (!ws || counts.has(ws)) return
    counts.set(ws, 0)
    const send = ws.send.bind(ws)
    ws.send = (data: Uint8Array) => {
      const bytes = new Uint8Array(data)
      if (bytes[0] === 0 && (bytes[1] === 1 || bytes[1] === 2)) {
        counts.set(ws, (counts.get(ws) ?? 0) + 1)
      }
      send(data)
    }
  }
  wrap()
  // The provider announces 'connecting' right after it creates a socket, before that opens.
  client.provider.on('status', wrap)
  return () => {
    const ws = client.provider.ws
    return ws ? (counts.get(ws) ?? 0) : 0
  }
}

function sameState(a: Y.Doc, b: Y.Doc): boolean {
  return Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b)))
}

/** Every loan's replayed ledger, by loan id. */
function ledgers(snapshot: LenderSnapshot) {
  return snapshot.loans.map((loan) => [loan.id, replayLoan(loan, loan.payments)] as const)
}

/** What a brand-new device sees in the lender's room. */
async function freshSnapshot(server: TestServer, lender: Lender): Promise<LenderSnapshot> {
  return readLender(await freshView(server, userRoom(lender.userId), lender.cookie))
}

let server: TestServer
let dataDir: string
let lender: Lender

beforeAll(async () => {
  dataDir = tempDir()
  // One lender for every run (sign-up is rate limited): each run starts from what the runs
  // before it left on the server, so the history the devices reconcile keeps growing.
  ;({ server, lender } = await startWithLender({ dataDir }))
})

describe('devices that edit while going on and offline', () => {
  it('converge on the server to one ledger that keeps every change', async () => {
    const room = userRoom(lender.userId)
    let before: LenderSnapshot = {
      people: [],
      loans: [],
      payments: [],
      waivers: [],
      loanEdits: [],
      skipped: [],
    }
    let run = 0

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 40 }), async (steps) => {
        run++
        const devices = Array.from({ length: DEVICES }, () =>
          connectClient(server, room, lender.cookie),
        )
        const sent = devices.map(countSentUpdates)
        await Promise.all(devices.map(waitSynced))
        initLenderDoc(devices[0]!.doc)
        const recorded: Recorded = { people: new Set(), loans: new Set(), payments: new Map() }

        for (const [i, s] of steps.entries()) {
          const now = new Date(Date.UTC(2026, 3, 1, 9, run, 0, i)).toISOString()
          await apply(devices, s, now, recorded)
        }

        // Everyone back online; done when each device's changes are stored and all agree.
        devices.forEach((d) => d.provider.connect())
        await waitFor(
          () =>
            devices.every(
              (d, i) => d.provider.wsconnected && d.provider.synced && d.stored() === sent[i]!(),
            ),
          'every change stored',
        )
        await waitFor(
          () => devices.every((d) => sameState(d.doc, devices[0]!.doc)),
          'identical state on every device',
        )

        const snapshots = devices.map((d) => readLender(d.doc))
        const merged = snapshots[0]!
        for (const snapshot of snapshots.slice(1)) {
          expect(snapshot).toEqual(merged)
          expect(ledgers(snapshot)).toEqual(ledgers(merged))
        }
        expect(await freshSnapshot(server, lender)).toEqual(merged)

        // Not a rupee lost: every person, loan and payment any device recorded is there.
        const ids = (items: readonly { id: string }[]) => new Set(items.map((item) => item.id))
        expect(ids(merged.people)).toEqual(new Set([...ids(before.people), ...recorded.people]))
        expect(ids(merged.loans)).toEqual(new Set([...ids(before.loans), ...recorded.loans]))
        expect(merged.payments).toHaveLength(before.payments.length + recorded.payments.size)
        const payments = new Map(merged.payments.map((p) => [p.id, p] as const))
        for (const [id, { loanId, amount }] of recorded.payments) {
          expect(payments.get(id)).toMatchObject({ loanId, amount })
        }
        for (const loan of merged.loans) {
          const ledger = replayLoan(loan, loan.payments)
          const paid = loan.payments.reduce((sum, p) => sum + p.amount, 0)
          expect(ledger.totalInterestPaid + ledger.totalPrincipalPaid).toBe(paid)
        }
        // Nobody with a live loan is hidden in the Trash.
        const people = new Map(merged.people.map((p) => [p.id, p] as const))
        for (const loan of merged.loans.filter((l) => !l.archived)) {
          expect(people.get(loan.personId)?.archived).toBe(false)
        }

        devices.forEach(disconnect)
        before = merged
      }),
      // Each run drives real sockets whose timing differs from one try to the next, so a
      // shrunk counterexample would not replay faithfully: report the first failure and its seed.
      { numRuns: RUNS, endOnFailure: true },
    )

    // What was acknowledged is on disk: a restarted server serves the same ledger.
    await server.stop('SIGTERM')
    server = await startTestServer({ dataDir })
    expect(await freshSnapshot(server, lender)).toEqual(before)
  }, 120_000)
})
