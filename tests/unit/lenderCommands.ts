/**
 * Random lender commands for property tests: a small vocabulary of values, so that ties (same
 * createdAt, same date) and same-field conflicts are common, and devices that start from one
 * synced base state.
 */
import fc from 'fast-check'
import * as Y from 'yjs'
import { packDeposit } from '../../shared/deposit/codec.ts'
import { depositLog, readPayments } from '../../shared/deposit/log.ts'
import {
  loanEditsMap,
  loansMap,
  peopleMap,
  undosMap,
  voidsMap,
  waiversMap,
} from '../../shared/schema/doc.ts'
import { paymentsMap } from '../../shared/schema/layouts/oldForms.ts'
import { initLenderDoc } from '../../shared/schema/lender.ts'
import { addLoan, archiveLoan, restoreLoan, updateLoan } from '../../shared/schema/loan.ts'
import { undoLoanEdit } from '../../shared/schema/loanEdit.ts'
import { movePaymentsToLog } from '../../shared/schema/layouts/l2-deposit-log.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import {
  addPerson,
  archivePerson,
  readStoredPerson,
  restorePerson,
  updatePerson,
} from '../../shared/schema/person.ts'
import { readVoid, undoVoidsOf, voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import { POISONS } from '../fixtures/poisoned.ts'

// The attack run's bad records, each skipped whole (a payment under another's id is `reuseId`),
// that a device here can decode: lib0 as it ships cannot decode a value nested thousands deep
// (the app's builds can, see scripts/lib0Depth.ts).
const SHALLOW_POISONS = POISONS.filter(
  (poison) =>
    !poison.deep &&
    poison.skipped.length > 0 &&
    poison.skipped.every((entry) => entry.reason === 'malformed'),
)
const COLLECTIONS = {
  people: peopleMap,
  loans: loansMap,
  payments: paymentsMap,
  waivers: waiversMap,
  voids: voidsMap,
  undos: undosMap,
  loanEdits: loanEditsMap,
}

// Few distinct values, so that ties (same createdAt, same date) and same-field conflicts are common.
export const timestamp = fc.constantFrom(
  '2026-01-01T09:00:00.000Z',
  '2026-01-01T09:00:00.000Z',
  '2026-01-02T09:00:00.000Z',
)
const date = fc.constantFrom('2025-01-01', '2025-02-15', '2025-03-31', '2025-12-31')
const pick = fc.nat({ max: 7 })
const paise = fc.integer({ min: 1, max: 10_000_000 })

// Who a device says made a change: two accounts, one of them on two devices, or no one.
const actor = fc.constantFrom(
  undefined,
  { account: 'asha@example.com', device: 'Phone' },
  { account: 'asha@example.com', device: 'Tablet' },
  { account: 'ravi@example.com', device: 'Phone' },
)

const commandOnly = fc.oneof(
  fc.record({
    kind: fc.constant('addPerson'),
    name: fc.constantFrom('Asha', 'Ravi'),
    balance: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('updatePerson'),
    pick,
    name: fc.option(fc.constantFrom('Asha', 'Ravi', 'Meena'), { nil: undefined }),
    phone: fc.option(fc.constantFrom('', '98765'), { nil: undefined }),
  }),
  fc.record({ kind: fc.constantFrom('archivePerson', 'restorePerson'), pick }),
  fc.record({
    kind: fc.constant('addLoan'),
    pick,
    amount: paise,
    interestRate: fc.constantFrom(0, 1.75, 2, 24),
    startDate: date,
    interestOn: fc.constantFrom(undefined, 'balance', 'principal' as const),
    openingInterest: fc.constantFrom(undefined, 0, 5_000_00),
  }),
  fc.record({
    kind: fc.constant('updateLoan'),
    pick,
    amount: fc.option(paise, { nil: undefined }),
    interestRate: fc.option(fc.constantFrom(18, 24), { nil: undefined }),
    startDate: fc.option(date, { nil: undefined }),
    status: fc.option(fc.constantFrom('active', 'defaulted', 'paid' as const), { nil: undefined }),
    interestOn: fc.option(fc.constantFrom('balance', 'principal' as const), { nil: undefined }),
    openingInterest: fc.option(fc.constantFrom(0, 1_000_00), { nil: undefined }),
  }),
  // An Undo of a change to a loan's terms (the nth record of the history).
  fc.record({ kind: fc.constant('undoLoanEdit'), pick }),
  fc.record({ kind: fc.constantFrom('archiveLoan', 'restoreLoan'), pick }),
  fc.record({
    kind: fc.constant('deposit'),
    date,
    allocations: fc.array(fc.tuple(pick, paise), { minLength: 1, maxLength: 2 }),
  }),
  // A device still on layout 1 (the old app, offline) records; another moves those into the log.
  fc.record({ kind: fc.constant('legacyDeposit'), pick, date, amount: paise }),
  fc.record({ kind: fc.constant('migrate') }),
  fc.record({ kind: fc.constant('waive'), pick, date, amount: paise }),
  fc.record({ kind: fc.constantFrom('voidDeposit', 'voidWaiver', 'undoVoids'), pick }),
  // What no app writes: a bad record of the attack run, a payment under another's id (the same
  // payment again, or a different one), an entry taken out of its collection.
  fc.record({ kind: fc.constant('poison'), which: fc.nat({ max: SHALLOW_POISONS.length - 1 }) }),
  fc.record({
    kind: fc.constant('reuseId'),
    pick,
    amount: fc.option(paise, { nil: undefined }),
    when: fc.constantFrom('same', 'earlier', 'now'),
  }),
)

/** An entry taken out of its collection: no app does it, but a doc from the network may. */
const drop = fc.record({
  kind: fc.constant('drop'),
  collection: fc.constantFrom(...(Object.keys(COLLECTIONS) as (keyof typeof COLLECTIONS)[])),
  pick,
})

/** A command, and who makes it. */
export const command = fc
  .tuple(commandOnly, actor)
  .map(([cmd, by]) => ({ ...cmd, ...(by && { by }) }))

/** A command, or an entry dropped (which loses what it held, so not for the merge tests). */
export const commandOrDrop = fc.oneof(
  { arbitrary: command, weight: 9 },
  { arbitrary: drop.map((cmd) => cmd as Command), weight: 1 },
)

type CommandOnly = typeof commandOnly extends fc.Arbitrary<infer C> ? C : never
type Drop = typeof drop extends fc.Arbitrary<infer C> ? C : never
export type Command = (CommandOnly | Drop) & { by?: { account: string; device: string } }

/** The nth key of a map, in a device-independent order; null when it is empty. */
export function nth(map: Y.Map<unknown> | Map<string, unknown>, n: number): string | null {
  const keys = [...map.keys()].sort()
  return keys.length === 0 ? null : (keys[n % keys.length] ?? null)
}

// How many layout-1 payments each device wrote, so every one gets an id of its own.
const legacyWritten = new WeakMap<Y.Doc, number>()

/** Applies one command to a device; returns how many payments it recorded. */
export function apply(doc: Y.Doc, cmd: Command, now: string): number {
  const opts = { now, ...(cmd.by && { by: cmd.by }) }
  switch (cmd.kind) {
    case 'addPerson':
      addPerson(doc, { name: cmd.name, cityId: 'c1', balance: cmd.balance, gender: 'female' }, opts)
      return 0
    case 'updatePerson': {
      const id = nth(peopleMap(doc), cmd.pick)
      const patch = {
        ...(cmd.name !== undefined && { name: cmd.name }),
        ...(cmd.phone !== undefined && { phone: cmd.phone }),
      }
      if (id) updatePerson(doc, id, patch, opts)
      return 0
    }
    case 'archivePerson':
    case 'restorePerson': {
      const id = nth(peopleMap(doc), cmd.pick)
      if (id) (cmd.kind === 'archivePerson' ? archivePerson : restorePerson)(doc, id, opts)
      return 0
    }
    case 'addLoan': {
      // The loan form offers the people the book shows, not the bad records among them.
      const shown = new Map(
        [...peopleMap(doc).entries()].filter(([id, entry]) => readStoredPerson(id, entry)),
      )
      const personId = nth(shown, cmd.pick)
      if (!personId) return 0
      const { amount, interestRate, startDate, interestOn, openingInterest } = cmd
      const input = { personId, amount, interestRate, startDate, dueDate: '2026-06-30' }
      const rule = { interestOn, openingInterest }
      addLoan(doc, { ...input, ...rule, interestType: 'per_annum', description: '' }, opts)
      return 0
    }
    case 'updateLoan': {
      const id = nth(loansMap(doc), cmd.pick)
      const patch = {
        ...(cmd.amount !== undefined && { amount: cmd.amount }),
        ...(cmd.interestRate !== undefined && { interestRate: cmd.interestRate }),
        ...(cmd.startDate !== undefined && { startDate: cmd.startDate }),
        ...(cmd.status !== undefined && { status: cmd.status }),
        ...(cmd.interestOn !== undefined && { interestOn: cmd.interestOn }),
        ...(cmd.openingInterest !== undefined && { openingInterest: cmd.openingInterest }),
      }
      if (id) updateLoan(doc, id, patch, opts)
      return 0
    }
    case 'undoLoanEdit': {
      const editId = nth(loanEditsMap(doc), cmd.pick)
      if (editId) undoLoanEdit(doc, editId, opts)
      return 0
    }
    case 'archiveLoan':
    case 'restoreLoan': {
      const id = nth(loansMap(doc), cmd.pick)
      if (id) (cmd.kind === 'archiveLoan' ? archiveLoan : restoreLoan)(doc, id, opts)
      return 0
    }
    case 'deposit': {
      const allocations = cmd.allocations.flatMap(([n, amount]) => {
        const loanId = nth(loansMap(doc), n)
        return loanId ? [{ loanId, amount }] : []
      })
      const result = recordDeposit(doc, { date: cmd.date, allocations }, opts)
      return result.ok ? result.paymentIds.length : 0
    }
    case 'legacyDeposit': {
      const loanId = nth(loansMap(doc), cmd.pick)
      if (!loanId) return 0
      const written = legacyWritten.get(doc) ?? 0
      legacyWritten.set(doc, written + 1)
      const id = `legacy-${doc.clientID}-${written}`
      // As layout 1 wrote it: one plain object per payment, in the `payments` map.
      paymentsMap(doc).set(id, {
        id,
        loanId,
        depositId: `d-${id}`,
        date: cmd.date,
        amount: cmd.amount,
        description: 'Deposit payment',
        createdAt: now,
        ...(cmd.by && { createdBy: cmd.by }),
      })
      return 1
    }
    case 'migrate': {
      doc.transact(() => movePaymentsToLog(doc))
      return 0
    }
    case 'waive': {
      const loanId = nth(loansMap(doc), cmd.pick)
      if (loanId) recordWaiver(doc, { loanId, date: cmd.date, amount: cmd.amount }, opts)
      return 0
    }
    case 'voidDeposit': {
      const payments = readPayments(doc)
      const payment = nth(payments, cmd.pick)
      const depositId = payment && payments.get(payment)?.depositId
      if (depositId) voidDeposit(doc, depositId, 'typo', opts)
      return 0
    }
    case 'voidWaiver': {
      const waiverId = nth(waiversMap(doc), cmd.pick)
      if (waiverId) voidWaiver(doc, waiverId, 'given by mistake', opts)
      return 0
    }
    case 'undoVoids': {
      const voidId = nth(voidsMap(doc), cmd.pick)
      const target = voidId && readVoid(voidId, voidsMap(doc).get(voidId))?.targetId
      if (target) undoVoidsOf(doc, target, opts)
      return 0
    }
    case 'poison': {
      doc.transact(() => SHALLOW_POISONS[cmd.which]?.write(doc))
      return 0
    }
    case 'reuseId': {
      const payments = readPayments(doc)
      const id = nth(payments, cmd.pick)
      const payment = id && payments.get(id)
      if (!payment) return 0
      const createdAt = { same: payment.createdAt, earlier: '2020-01-01T00:00:00.000Z', now }[
        cmd.when
      ]
      const record = packDeposit({
        ...payment,
        description: payment.description ?? 'Deposit payment',
        createdAt,
        payments: [
          { id: payment.id, loanId: payment.loanId, amount: cmd.amount ?? payment.amount },
        ],
      })
      depositLog(doc).push([record])
      return 0
    }
    case 'drop': {
      const map = COLLECTIONS[cmd.collection](doc)
      const key = nth(map, cmd.pick)
      if (key) map.delete(key)
      return 0
    }
  }
}

/** The common starting state: two people, three loans, one deposit in a log and one in layout 1's map. */
const baseUpdate = (() => {
  const doc = new Y.Doc()
  const now = '2026-01-01T08:00:00.000Z'
  initLenderDoc(doc)
  for (const id of ['pa', 'pb']) {
    addPerson(doc, { name: id, cityId: 'c1', balance: 0, gender: 'male' }, { now, id })
  }
  for (const [id, personId] of [
    ['la', 'pa'],
    ['lb', 'pa'],
    ['lc', 'pb'],
  ] as const) {
    const terms = { amount: 1_000_000, interestRate: 2, interestType: 'per_month' as const }
    const dates = { startDate: '2025-01-01', dueDate: '2025-12-31' }
    addLoan(doc, { personId, ...terms, ...dates, description: '' }, { now, id })
  }
  // In Asha's phone's log, which both devices then append to.
  recordDeposit(
    doc,
    { date: '2025-02-01', allocations: [{ loanId: 'la', amount: 50_000 }] },
    { now, by: { account: 'asha@example.com', device: 'Phone' } },
  )
  // One layout-1 payment, as a device on the old app left it: both devices may move it.
  paymentsMap(doc).set('legacy-base', {
    loanId: 'lb',
    depositId: 'legacy-deposit',
    date: '2025-03-01',
    amount: 20_000,
    description: 'Deposit payment',
    createdAt: now,
  })
  return Y.encodeStateAsUpdate(doc)
})()

/** A device synced to the base state that records each of its transactions' updates. */
export function device(): { doc: Y.Doc; updates: Uint8Array[] } {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, baseUpdate)
  const updates: Uint8Array[] = []
  doc.on('update', (update: Uint8Array) => updates.push(update))
  return { doc, updates }
}
