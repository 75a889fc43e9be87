/**
 * The server's gate for a lender's own room takes everything the app writes, in every layout,
 * and refuses what the schema cannot hold: other roots, Y types nested deeper than the schema,
 * values nested or sized past the caps, and a `meta.schemaVersion` no app of this server knows.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { addDays } from '../../shared/dates.ts'
import { actorLogs, depositLog } from '../../shared/deposit/log.ts'
import { loanEditsMap, loansMap, metaMap, peopleMap } from '../../shared/schema/doc.ts'
import { SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc } from '../../shared/schema/lender.ts'
import { LENDER_LIMITS, checkLenderUpdate } from '../../shared/schema/lenderUpdate.ts'
import { addLoan, archiveLoan, updateLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import {
  addPerson,
  archivePerson,
  restorePerson,
  updatePerson,
} from '../../shared/schema/person.ts'
import { undoLoanEdit } from '../../shared/schema/loanEdit.ts'
import { setNewLoanRule, setProfile } from '../../shared/schema/profile.ts'
import { undoVoid, voidDeposit } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'
import { LENDER_DEVICE, buildBook } from '../fixtures/book.ts'
import { writeLayoutOneBook } from '../fixtures/layoutOne.ts'
import { writeLayoutThreeBook } from '../fixtures/layoutThree.ts'
import { writeLayoutTwoBook } from '../fixtures/layoutTwo.ts'

const NOW = '2026-03-01T10:15:30.123Z'
const by = { account: 'lender@example.com', device: 'Phone' }

/** The server's copy of `doc` as it stands. */
function serverCopy(doc: Y.Doc): Y.Doc {
  const server = new Y.Doc()
  Y.applyUpdate(server, Y.encodeStateAsUpdate(doc))
  return server
}

/** What `change` adds to `device`, checked against the server's copy from before it. */
function checkChange(device: Y.Doc, change: () => void) {
  const server = serverCopy(device)
  const before = Y.encodeStateVector(device)
  change()
  return checkLenderUpdate(server, Y.encodeStateAsUpdate(device, before))
}

/** A whole doc sent to an empty room (a first sync). */
function checkFirstSync(doc: Y.Doc) {
  return checkLenderUpdate(new Y.Doc(), Y.encodeStateAsUpdate(doc))
}

const deepArray = (depth: number): unknown => {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('what the app writes passes', () => {
  it('books of layouts 1, 2, 3 and 4, whole, and each move to this layout', () => {
    const writers = [
      (doc: Y.Doc) => writeLayoutOneBook(doc, 12),
      (doc: Y.Doc) => writeLayoutTwoBook(doc, 12),
      (doc: Y.Doc) => writeLayoutThreeBook(doc, 12),
    ]
    for (const write of writers) {
      const doc = new Y.Doc()
      write(doc)
      expect(checkFirstSync(doc)).toEqual({ ok: true })
      expect(checkChange(doc, () => initLenderDoc(doc))).toEqual({ ok: true })
      expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    }
    const { doc } = buildBook({ people: 30, loans: 60, payments: 600 }, { by: LENDER_DEVICE })
    initLenderDoc(doc)
    expect(checkFirstSync(doc)).toEqual({ ok: true })
  })

  it('every kind of edit the app makes, one by one against the server’s copy', () => {
    const doc = new Y.Doc()
    initLenderDoc(doc)
    const personId = 'a0a0a0a0a0a0a0a0a0a0'
    const loanId = 'b0b0b0b0b0b0b0b0b0b0'
    const edits: (() => void)[] = [
      () =>
        addPerson(
          doc,
          { name: 'Asha', cityId: 'c1', balance: 0, gender: 'female', phone: '9800000001' },
          { now: NOW, id: personId, by },
        ),
      () => updatePerson(doc, personId, { name: 'Asha Devi' }, { now: NOW, by }),
      () =>
        addLoan(
          doc,
          {
            personId,
            amount: 5_000_000,
            interestRate: 2,
            interestType: 'per_month',
            startDate: '2026-01-01',
            dueDate: addDays('2026-01-01', 365),
            description: 'Shop',
          },
          { now: NOW, id: loanId, by },
        ),
      () => updateLoan(doc, loanId, { interestRate: 1.5 }, { now: NOW, by }),
      // Issue 27: a loan's rule and old dues, its change history, and the book's default rule.
      () =>
        updateLoan(
          doc,
          loanId,
          { interestOn: 'principal', openingInterest: 250_000 },
          { now: NOW, by, editId: 'e0e0e0e0e0e0e0e0e0e0' },
        ),
      () => undoLoanEdit(doc, 'e0e0e0e0e0e0e0e0e0e0', { now: NOW, by }),
      () => setNewLoanRule(doc, 'principal'),
      () => setNewLoanRule(doc, 'balance'),
      () =>
        recordDeposit(
          doc,
          { date: '2026-02-01', allocations: [{ loanId, amount: 100_000 }], description: 'Cash' },
          { now: NOW, by, depositId: 'c0c0c0c0c0c0c0c0c0c0', paymentIds: ['imported-1'] },
        ),
      () =>
        recordDeposit(
          doc,
          { date: '2026-02-02', allocations: [{ loanId, amount: 1 }] },
          { now: NOW, by },
        ),
      () => voidDeposit(doc, 'c0c0c0c0c0c0c0c0c0c0', 'entered twice', { now: NOW, by }),
      () => {
        const voidId = [...doc.getMap('voids').keys()][0]!
        undoVoid(doc, voidId, { now: NOW, by })
      },
      () => recordWaiver(doc, { loanId, date: '2026-02-03', amount: 500 }, { now: NOW, by }),
      () => archiveLoan(doc, loanId, { now: NOW, by }),
      () => archivePerson(doc, personId, { now: NOW, by }),
      () => restorePerson(doc, personId, { now: NOW, by }),
      () => setProfile(doc, { displayName: 'Ramesh', upiId: 'ramesh@upi' }),
      () => setProfile(doc, { displayName: '' }),
    ]
    for (const [i, edit] of edits.entries()) {
      expect(checkChange(doc, edit), `edit ${i}`).toEqual({ ok: true })
    }
  })

  it('plain values anywhere in the book’s maps, as the stock-client tests and benchmark write them', () => {
    const doc = new Y.Doc()
    expect(
      checkChange(doc, () => {
        peopleMap(doc).set('p1', { name: 'Lakshmi', phone: '9800000001', balance: 250000 })
        peopleMap(doc).set('e1', 1)
        doc.getMap('profile').set('k', 2)
      }),
    ).toEqual({ ok: true })
    expect(checkChange(doc, () => doc.getMap('profile').set('k', 3))).toEqual({ ok: true })
  })

  it('an edit sent before the rest of the offline work it builds on, then that work', () => {
    const device = new Y.Doc()
    const server = new Y.Doc()
    peopleMap(device).set('p1', { name: 'Offline' })
    const offline = Y.encodeStateAsUpdate(device)
    const before = Y.encodeStateVector(device)
    peopleMap(device).set('p1', { name: 'Offline, renamed' })
    const next = Y.encodeStateAsUpdate(device, before)
    // The later edit arrives first: it waits in Yjs's queue, its place not known yet.
    expect(checkLenderUpdate(server, next)).toEqual({ ok: true })
    Y.applyUpdate(server, next)
    expect(server.store.pendingStructs).not.toBeNull()
    expect(checkLenderUpdate(server, offline)).toEqual({ ok: true })
    Y.applyUpdate(server, offline)
    expect(peopleMap(server).get('p1')).toEqual({ name: 'Offline, renamed' })
  })
})

describe('what the schema cannot hold is refused', () => {
  const refused = (change: (doc: Y.Doc) => void, base?: (doc: Y.Doc) => void) => {
    const doc = new Y.Doc()
    initLenderDoc(doc)
    base?.(doc)
    return checkChange(doc, () => change(doc))
  }

  it('JSON nested 4,200 deep, as a value or inside a deposit record’s text', () => {
    expect(refused((doc) => peopleMap(doc).set('p', { deep: deepArray(4200) }))).toMatchObject({
      ok: false,
      reason: 'value nested too deep',
    })
    const text = `record,1,2,loan,3\n{"note":${'['.repeat(4200)}${']'.repeat(4200)}}`
    expect(refused((doc) => depositLog(doc).push([text]))).toMatchObject({
      ok: false,
      reason: 'record JSON nested too deep',
    })
    expect(
      refused((doc) => {
        const log = new Y.Array<unknown>()
        actorLogs(doc).set('k.1', log)
        log.push(['first'])
        log.push([text])
      }),
    ).toMatchObject({ ok: false, reason: 'record JSON nested too deep' })
    // At the cap, it passes.
    const depth = LENDER_LIMITS.valueDepth
    expect(refused((doc) => peopleMap(doc).set('p', deepArray(depth)))).toEqual({ ok: true })
    expect(refused((doc) => peopleMap(doc).set('p', deepArray(depth + 1)))).toMatchObject({
      ok: false,
    })
  })

  it('a record of a loan’s change history that is a Y type, or an element where ids go', () => {
    // What the writers put there: a plain record under an id.
    expect(
      refused((doc) =>
        loanEditsMap(doc).set('e1', {
          loanId: 'l1',
          changes: { interestRate: [18, 24] },
          createdAt: NOW,
        }),
      ),
    ).toEqual({ ok: true })
    expect(refused((doc) => loanEditsMap(doc).set('e1', new Y.Map()))).toMatchObject({
      ok: false,
      reason: 'a Y type where loanEdits holds none of that kind',
    })
    expect(refused((doc) => loanEditsMap(doc).set('e1', new Y.Array()))).toMatchObject({
      ok: false,
    })
    expect(refused((doc) => doc.getArray('loanEdits').push([{ loanId: 'l1' }]))).toMatchObject({
      ok: false,
      reason: 'an element in a map',
    })
    expect(
      refused((doc) => loanEditsMap(doc).set('e1', { changes: deepArray(4200) })),
    ).toMatchObject({ ok: false, reason: 'value nested too deep' })
  })

  it('strings, keys, binaries and values over their caps', () => {
    const long = 'x'.repeat(LENDER_LIMITS.stringLength + 1)
    expect(refused((doc) => peopleMap(doc).set('p', { name: long }))).toMatchObject({
      reason: 'string too long',
    })
    expect(refused((doc) => peopleMap(doc).set('k'.repeat(2000), 1))).toMatchObject({
      reason: 'key too long',
    })
    expect(
      refused((doc) => peopleMap(doc).set('p', new Uint8Array(LENDER_LIMITS.binaryBytes + 1))),
    ).toMatchObject({ reason: 'binary value too large' })
    const many = Array.from({ length: 100 }, () => 'y'.repeat(10_000))
    expect(refused((doc) => depositLog(doc).push([many]))).toMatchObject({
      reason: 'value too large',
    })
    // A `__proto__` key would hide what it holds from a check that lists the object's keys.
    const hidden = JSON.parse(`{"__proto__": ${JSON.stringify(deepArray(3))}}`) as object
    expect(refused((doc) => peopleMap(doc).set('p', hidden))).toMatchObject({
      reason: 'a __proto__ key',
    })
    // A field of a person (its Y.Map) gets the same caps.
    expect(
      refused(
        (doc) => (peopleMap(doc).get('p1') as Y.Map<unknown>).set('name', long),
        (doc) => peopleMap(doc).set('p1', new Y.Map()),
      ),
    ).toMatchObject({ reason: 'string too long' })
  })

  it('collections the book does not have, and a collection used as the other kind', () => {
    expect(refused((doc) => doc.getMap('edits').set('e', 1))).toMatchObject({ ok: false })
    expect(refused((doc) => doc.getArray('log').push([1]))).toMatchObject({ ok: false })
    const fresh = new Y.Doc()
    expect(checkChange(fresh, () => fresh.getArray('people').push([1]))).toMatchObject({
      reason: 'an element in a map',
    })
    expect(checkChange(fresh, () => fresh.getMap('deposits').set('x', 1))).toMatchObject({
      reason: 'a key in an array',
    })
  })

  it('Y types where the schema has none, or nested deeper', () => {
    expect(
      refused((doc) => {
        const person = new Y.Map<unknown>()
        peopleMap(doc).set('p1', person)
        person.set('nested', new Y.Map())
      }),
    ).toMatchObject({ reason: 'Y types nested too deep' })
    expect(
      refused(
        (doc) => (loansMap(doc).get('l1') as Y.Map<unknown>).set('note', new Y.Text('x')),
        (doc) => loansMap(doc).set('l1', new Y.Map()),
      ),
    ).toMatchObject({ ok: false })
    expect(refused((doc) => peopleMap(doc).set('p1', new Y.Array()))).toMatchObject({ ok: false })
    expect(refused((doc) => doc.getMap('payments').set('x', new Y.Map()))).toMatchObject({
      ok: false,
    })
    expect(refused((doc) => doc.getText('profile').insert(0, 'x'))).toMatchObject({ ok: false })
  })

  it('a schemaVersion that is not an integer from 1 to this version', () => {
    for (const version of [999, SCHEMA_VERSION + 1, 0, 1.5, Infinity, NaN, '4', null]) {
      expect(
        refused((doc) => metaMap(doc).set('schemaVersion', version)),
        String(version),
      ).toMatchObject({ ok: false, reason: 'meta.schemaVersion out of range' })
    }
    expect(refused((doc) => metaMap(doc).set('schemaVersion', 1))).toEqual({ ok: true })
  })

  it('a bad value waiting in Yjs’s queue when what it builds on arrives', () => {
    const device = new Y.Doc()
    const server = new Y.Doc()
    metaMap(device).set('schemaVersion', SCHEMA_VERSION)
    const first = Y.encodeStateAsUpdate(device)
    const before = Y.encodeStateVector(device)
    metaMap(device).set('schemaVersion', 999)
    const bad = Y.encodeStateAsUpdate(device, before)
    // Its place (meta.schemaVersion) comes from the item it overwrites, not there yet.
    expect(checkLenderUpdate(server, bad)).toEqual({ ok: true })
    Y.applyUpdate(server, bad)
    expect(checkLenderUpdate(server, first)).toMatchObject({
      ok: false,
      reason: 'meta.schemaVersion out of range',
    })
  })

  it('garbage bytes', () => {
    expect(checkLenderUpdate(new Y.Doc(), Uint8Array.of(1, 2, 3))).toMatchObject({ ok: false })
  })
})
