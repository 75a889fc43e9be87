/**
 * Receipt numbers given out offline never collide, and their codes show a changed book
 * (issue 32): three writers of one book (two devices of the lender and a partner's) record
 * 1,000 deposits, waivers and voids each while apart; merged, no number is held twice and
 * every code verifies. In a copy where one earlier receipt's amount is changed, exactly that
 * receipt and the later ones of its series fail.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { packDeposit, unpackDeposit } from '../../shared/deposit/codec.ts'
import { eachLog } from '../../shared/deposit/log.ts'
import { depositOf } from '../../shared/deposit/record.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { nextReceipt, startSeries } from '../../shared/receipts/issue.ts'
import {
  chainCode,
  readReceipt,
  receiptNumber,
  storeReceipt,
  type Receipt,
} from '../../shared/receipts/receipt.ts'
import { readRefusedReceipts } from '../../shared/receipts/refused.ts'
import {
  bookReceipts,
  checkRecords,
  findReceipt,
  MISSING_LISTED,
  verifyBook,
  verifyReceipts,
  type BookReceipt,
  ReceiptMemo,
  type Verification,
} from '../../shared/receipts/verify.ts'
import { paymentsInAnyOrder } from '../../shared/schema/lenderReads.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import { runSteps } from '../../shared/steps.ts'
import { waiversMap } from '../../shared/schema/doc.ts'
import { initLenderDoc } from '../../shared/schema/lender.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { readVoids, voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'

const LOANS = ['l0', 'l1', 'l2']

/** A book with one person and three loans, as every writer has it before going apart. */
const base = (() => {
  const doc = new Y.Doc()
  const now = '2026-01-01T08:00:00.000Z'
  initLenderDoc(doc)
  addPerson(doc, { name: 'Asha', cityId: 'c1', balance: 0, gender: 'female' }, { now, id: 'p' })
  for (const id of LOANS) {
    const terms = { amount: 10_000_000, interestRate: 2, interestType: 'per_month' as const }
    const dates = { startDate: '2025-01-01', dueDate: '2026-12-31' }
    addLoan(doc, { personId: 'p', ...terms, ...dates, description: '' }, { now, id })
  }
  return Y.encodeStateAsUpdate(doc)
})()

function writer(): Y.Doc {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, base)
  return doc
}

/** A seeded stream of small numbers: the same writers' work every run. */
function numbers(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state >>> 8
  }
}

/** `count` deposits, waivers and voids on `doc`, as a lender makes them through a day. */
function work(doc: Y.Doc, seed: number, count: number): void {
  const next = numbers(seed)
  const deposits: string[] = []
  const waivers: string[] = []
  for (let i = 0; i < count; i++) {
    const now = new Date(Date.UTC(2026, 0, 2) + i * 60_000 + seed).toISOString()
    const date = `2025-${String(1 + (next() % 12)).padStart(2, '0')}-15`
    const loanId = LOANS[next() % LOANS.length] as string
    const roll = next() % 10
    if (roll < 6 || deposits.length === 0) {
      const allocations = [{ loanId, amount: 100 + (next() % 500_000) }]
      if (roll === 0) allocations.push({ loanId: 'l2', amount: 100 + (next() % 1_000) })
      const result = recordDeposit(doc, { date, allocations }, { now })
      if (result.ok) deposits.push(result.depositId)
    } else if (roll < 8) {
      const result = recordWaiver(doc, { loanId, date, amount: 1 + (next() % 10_000) }, { now })
      if (result.ok) waivers.push(result.waiverId)
    } else if (roll === 8) {
      voidDeposit(doc, deposits.splice(next() % deposits.length, 1)[0] as string, 'typo', { now })
    } else if (waivers.length > 0) {
      voidWaiver(doc, waivers.splice(next() % waivers.length, 1)[0] as string, 'typo', { now })
    } else {
      voidDeposit(doc, deposits.splice(next() % deposits.length, 1)[0] as string, 'typo', { now })
    }
  }
}

/** Every writer's updates applied to every other, in a different order each. */
function merge(docs: readonly Y.Doc[]): void {
  const updates = docs.map((doc) => Y.encodeStateAsUpdate(doc))
  for (const [i, doc] of docs.entries()) {
    for (let k = 1; k <= docs.length; k++) Y.applyUpdate(doc, updates[(i + k) % docs.length]!)
  }
}

/** The receipts of one series, in number order. */
function seriesOf(receipts: readonly BookReceipt[], series: string): BookReceipt[] {
  return receipts
    .filter((r) => r.receipt?.series === series)
    .sort((a, b) => a.receipt!.n - b.receipt!.n)
}

/**
 * In `doc`, the deposit `depositId` now says its first payment was `by` paise more; with
 * `reissue`, its receipt's code is worked out again for the new facts, as someone holding the
 * book could (`reissue` gives the code of the receipt before it in its series).
 */
function changeDepositAmount(
  doc: Y.Doc,
  depositId: string,
  by: number,
  reissue?: (receipt: Receipt) => string,
): void {
  for (const [log, actor] of eachLog(doc)) {
    const records = log.toArray()
    for (const [index, record] of records.entries()) {
      const payments = unpackDeposit(record, actor)
      if (payments[0]?.depositId !== depositId) continue
      const deposit = depositOf(payments)
      const changed = {
        ...deposit,
        payments: deposit.payments.map((p, i) => (i === 0 ? { ...p, amount: p.amount + by } : p)),
      }
      const receipt = readReceipt(deposit.receipt)
      if (reissue && receipt) {
        const facts = {
          kind: 'deposit',
          id: depositId,
          date: deposit.date,
          payments: changed.payments,
        } as const
        const code = chainCode(reissue(receipt), receiptNumber(receipt), facts)
        changed.receipt = storeReceipt({ ...receipt, code })
      }
      doc.transact(() => {
        log.delete(index, 1)
        log.insert(index, [packDeposit(changed)])
      })
      return
    }
  }
  throw new Error(`no deposit ${depositId}`)
}

describe('receipts given out by writers apart', () => {
  const docs = [writer(), writer(), writer()]
  docs.forEach((doc, i) => work(doc, 17 + i * 1_000, 1_000))
  merge(docs)

  it('merge with no number held twice, on every writer alike, and every code verifies', () => {
    const receipts = bookReceipts(docs[0]!)
    expect(receipts).toHaveLength(3_000)
    const numbers = receipts.map((r) => receiptNumber(r.receipt!))
    expect(new Set(numbers).size).toBe(3_000)
    // One series per writer, counting 1 to 1,000 without a gap.
    const series = [...new Set(receipts.map((r) => r.receipt!.series))]
    expect(series).toHaveLength(3)
    for (const name of series) {
      expect(seriesOf(receipts, name).map((r) => r.receipt!.n)).toEqual(
        Array.from({ length: 1_000 }, (_, i) => i + 1),
      )
    }
    for (const doc of docs) {
      const verification = verifyBook(doc)
      expect(verification.failing).toBe(0)
      expect(verification.missing).toEqual([])
      expect(verification.receipts).toHaveLength(3_000)
    }
  })

  it('a changed amount fails exactly that receipt and the later ones of its series', () => {
    const merged = Y.encodeStateAsUpdate(docs[0]!)
    const receipts = bookReceipts(docs[0]!)
    const deposits = receipts.filter((r) => r.facts.kind === 'deposit')
    fc.assert(
      fc.property(
        fc.nat({ max: deposits.length - 1 }),
        fc.integer({ min: 1, max: 1_000 }),
        (pick, by) => {
          const target = deposits[pick]!
          const copy = new Y.Doc()
          Y.applyUpdate(copy, merged)
          changeDepositAmount(copy, target.facts.id, by)
          const { series, n } = target.receipt!
          const failing = verifyBook(copy).receipts.filter((r) => r.check !== 'ok')
          const expected = seriesOf(receipts, series).filter((r) => r.receipt!.n >= n)
          expect(failing.map((r) => receiptNumber(r.receipt!)).sort()).toEqual(
            expected.map((r) => receiptNumber(r.receipt!)).sort(),
          )
          expect(failing[0]?.check).toBe('altered')
          expect(failing.slice(1).every((r) => r.check === 'afterAltered')).toBe(true)
        },
      ),
      { numRuns: 25 },
    )
  })

  it('a changed waiver, and a receipt taken out of the middle, are shown too', () => {
    const receipts = bookReceipts(docs[1]!)
    const waiver = receipts.find((r) => r.facts.kind === 'waiver' && r.receipt!.n > 10)!
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(docs[1]!))
    const stored = waiversMap(copy).get(waiver.facts.id) as Record<string, unknown>
    waiversMap(copy).set(waiver.facts.id, { ...stored, date: '2025-12-31' })
    const { series, n } = waiver.receipt!
    const later = seriesOf(receipts, series).filter((r) => r.receipt!.n >= n).length
    const verification = verifyBook(copy)
    expect(verification.failing).toBe(later)
    expect(verification.receipts.find((r) => r.facts.id === waiver.facts.id)?.check).toBe('altered')

    // Taken out: the number is missing, and what follows it fails.
    waiversMap(copy).delete(waiver.facts.id)
    const gone = verifyBook(copy)
    expect(gone.missing).toEqual([receiptNumber(waiver.receipt!)])
    expect(gone.failing).toBe(later - 1)
    expect(gone.receipts.filter((r) => r.check === 'afterMissing')).toHaveLength(later - 1)
  })
})

describe("the app's check, which hashes again only what changed", () => {
  /** What a check says, in numbers and words: what the lender would see. */
  const said = (v: Verification) => ({
    total: v.total,
    missing: v.missing,
    problems: v.problems.map((r) => `${r.stored} ${r.check}`),
    refused: v.refused.map((r) => `${r.stored} ${r.check}`),
  })

  it('finds after every change what a check from nothing finds', () => {
    const source = writer()
    work(source, 99, 400)
    const start = Y.encodeStateAsUpdate(source)
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('amount' as const),
        pick: fc.nat(),
        by: fc.integer({ min: 1, max: 900 }),
      }),
      fc.record({ kind: fc.constant('waiverDate' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('reissueWaiver' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('dropWaiver' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('more' as const), seed: fc.nat({ max: 1_000 }) }),
      fc.record({
        kind: fc.constant('reissue' as const),
        pick: fc.nat(),
        by: fc.integer({ min: 1, max: 900 }),
      }),
    )
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 6 }), (changes) => {
        const doc = new Y.Doc()
        Y.applyUpdate(doc, start)
        const projection = projectLender(doc)
        const memo: ReceiptMemo = new ReceiptMemo()
        const appCheck = () => {
          const snapshot = projection.snapshot()
          const records = {
            payments: paymentsInAnyOrder(snapshot),
            waivers: snapshot.waivers,
            voids: readVoids(doc),
            refused: readRefusedReceipts(doc),
          }
          return runSteps(checkRecords(records, memo))
        }
        expect(said(appCheck())).toEqual(said(verifyBook(doc)))
        for (const step of changes) {
          const receipts = bookReceipts(doc)
          const deposits = receipts.filter((r) => r.facts.kind === 'deposit')
          const waivers = receipts.filter((r) => r.facts.kind === 'waiver')
          /** The code of the receipt before `receipt` in its series: what a rewrite chains to. */
          const codeBefore = ({ series, n }: Receipt) =>
            receipts.find((r) => r.receipt?.series === series && r.receipt.n === n - 1)?.receipt
              ?.code ?? ''
          if (step.kind === 'amount' && deposits.length > 0) {
            changeDepositAmount(doc, deposits[step.pick % deposits.length]!.facts.id, step.by)
          } else if (step.kind === 'reissue' && deposits.length > 0) {
            // A rewrite with a code that fits: only the receipt after it can tell.
            const target = deposits[step.pick % deposits.length]!.facts.id
            changeDepositAmount(doc, target, step.by, codeBefore)
          } else if (step.kind === 'reissueWaiver' && waivers.length > 0) {
            // The same, for a waiver: its record alone is read again, the next one is not.
            const waiver = waivers[step.pick % waivers.length]!
            const facts = { ...waiver.facts, date: '2025-12-31' } as const
            const code = chainCode(
              codeBefore(waiver.receipt!),
              receiptNumber(waiver.receipt!),
              facts,
            )
            const stored = waiversMap(doc).get(waiver.facts.id) as Record<string, unknown>
            waiversMap(doc).set(waiver.facts.id, {
              ...stored,
              date: facts.date,
              receipt: storeReceipt({ ...waiver.receipt!, code }),
            })
          } else if (step.kind === 'waiverDate' && waivers.length > 0) {
            const id = waivers[step.pick % waivers.length]!.facts.id
            const stored = waiversMap(doc).get(id) as Record<string, unknown>
            waiversMap(doc).set(id, { ...stored, date: '2025-12-31' })
          } else if (step.kind === 'dropWaiver' && waivers.length > 0) {
            waiversMap(doc).delete(waivers[step.pick % waivers.length]!.facts.id)
          } else if (step.kind === 'more') {
            work(doc, step.seed, 3)
          }
          const checked = appCheck()
          expect(said(checked)).toEqual(said(verifyBook(doc)))
          // Any receipt, looked up, stands as the fresh check says.
          const fresh = verifyBook(doc)
          const some = fresh.receipts[step.kind === 'more' ? fresh.receipts.length - 1 : 0]
          if (some?.receipt) {
            const { series, n } = some.receipt
            expect(checked.find(series, n)?.check).toBe(some.check)
          }
        }
        projection.destroy()
      }),
      { numRuns: 30 },
    )
  })
})

describe('a series kept between visits (a collector phone)', () => {
  it('counts on from where it stood, and a receipt stored malformed is shown as such', () => {
    let state = startSeries('K7Q2MX')
    const receipts: BookReceipt[] = []
    for (let i = 0; i < 5; i++) {
      const facts = {
        kind: 'deposit',
        id: `d${i}`,
        date: '2026-11-29',
        payments: [{ loanId: 'l0', amount: 100 * (i + 1) }],
      } as const
      state = nextReceipt(state, facts)
      const stored = `${state.series}.${state.n}.${state.code}`
      receipts.push({
        receipt: readReceipt(stored),
        stored,
        facts,
        date: facts.date,
        amount: 0,
        loanIds: [],
      })
    }
    expect(receipts.map((r) => receiptNumber(r.receipt!))).toEqual([
      'K7Q2MX-1',
      'K7Q2MX-2',
      'K7Q2MX-3',
      'K7Q2MX-4',
      'K7Q2MX-5',
    ])
    expect(verifyReceipts(receipts).failing).toBe(0)
    const bad = {
      ...receipts[0]!,
      receipt: readReceipt('K7Q2MX.1.short'),
      stored: 'K7Q2MX.1.short',
    }
    expect(verifyReceipts([bad]).receipts[0]?.check).toBe('malformed')
    // One of them refused by the server and kept as such: the series verifies, and it is shown
    // apart; dropped altogether, what follows it fails.
    const refused = receipts.map((r, i) => (i === 2 ? { ...r, refused: 'outside' as const } : r))
    const kept = verifyReceipts(refused)
    expect(kept.failing).toBe(0)
    expect(kept.refused.map((r) => receiptNumber(r.receipt!))).toEqual(['K7Q2MX-3'])
    const dropped = verifyReceipts(receipts.filter((_, i) => i !== 2))
    expect(dropped.missing).toEqual(['K7Q2MX-3'])
    expect(dropped.failing).toBe(2)
    expect(findReceipt(kept, 'K7Q2MX-3')).toMatchObject({ found: 'refused' })
    // A record from the network that says it is the last number a series can have: the numbers
    // before it are counted, not listed one by one.
    const far = { ...receipts[1]!, receipt: { ...receipts[1]!.receipt!, n: 999_999_999 } }
    const gap = verifyReceipts([receipts[0]!, far])
    expect(gap.missingCount).toBe(999_999_997)
    expect(gap.missing).toHaveLength(MISSING_LISTED)
    expect(gap.missing[0]).toBe('K7Q2MX-2')
    expect(gap.receipts.map((r) => r.check)).toEqual(['ok', 'afterMissing'])
    // Two records under one number: both are shown, neither trusted.
    const twins = verifyReceipts([receipts[0]!, { ...receipts[1]!, receipt: receipts[0]!.receipt }])
    expect(twins.receipts.map((r) => r.check)).toEqual(['duplicate', 'duplicate'])
  })
})

describe('a receipt someone shows, looked up in the book', () => {
  const doc = writer()
  work(doc, 5, 30)
  const book = verifyBook(doc)
  const deposit = book.receipts.find((r) => r.facts.kind === 'deposit')!
  const number = receiptNumber(deposit.receipt!)
  const code = deposit.receipt!.code

  it('matches, read as people copy by hand', () => {
    expect(findReceipt(book, number, code)).toMatchObject({ found: 'matches', number })
    const handwritten = number.toLowerCase().replace('-', ' - ').replace(/0/g, 'o')
    const spaced = `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase()
    expect(findReceipt(book, handwritten, spaced)).toMatchObject({ found: 'matches', number })
    // Without its code, the number alone is found.
    expect(findReceipt(book, number)).toMatchObject({ found: 'matches' })
  })

  it('says when the code is another, the record changed, the number is unknown or not one', () => {
    const other = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`
    expect(findReceipt(book, number, other)).toMatchObject({ found: 'codeDiffers' })
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
    changeDepositAmount(copy, deposit.facts.id, 1)
    expect(findReceipt(verifyBook(copy), number, code)).toMatchObject({ found: 'changed' })
    const [series] = number.split('-')
    expect(findReceipt(book, `${series}-999`)).toEqual({
      found: 'notInBook',
      number: `${series}-999`,
    })
    expect(findReceipt(book, 'hello')).toEqual({ found: 'notANumber' })
  })
})
