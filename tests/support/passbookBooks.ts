/**
 * Random books for the passbook's tests (issue 32, item 3): a few borrowers, each with loans,
 * deposits across their loans, waivers, some of both voided, one deposit from before receipts,
 * and lender-only facts planted everywhere (Aadhaar, phones, pet names, void reasons, other
 * borrowers' names and notes) that the page must never show. Written with the app's own writers,
 * into any doc (a test's own, or a client's synced to the server).
 */
import { expect } from 'vitest'
import type * as Y from 'yjs'
import { addDays } from '../../shared/dates.ts'
import {
  borrowerCopy,
  loanFigures,
  personStatement,
  summarizePerson,
  type StatementLine,
} from '../../shared/ledger/engine.ts'
import { formatINR } from '../../shared/money.ts'
import { receiptLabel } from '../../shared/receipts/receipt.ts'
import type { Loan } from '../../shared/schema/types.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { addPerson, archivePerson } from '../../shared/schema/person.ts'
import { setProfile } from '../../shared/schema/profile.ts'
import { voidDeposit, voidWaiver } from '../../shared/schema/void.ts'
import { recordWaiver } from '../../shared/schema/waiver.ts'

/** A small seeded generator (mulberry32): the same seed writes the same book. */
export function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T }
}

/** What a random book holds that the tests look at. */
export interface PassbookBook {
  /** The borrowers not in Trash (the first is the one whose passbook the tests open). */
  people: { id: string; name: string }[]
  /** A borrower in Trash (no loans). */
  trashed: string
  /** Texts only the lender may see: none may appear in any passbook page. */
  secrets: string[]
  /** Each borrower's own texts the page must not show either (Aadhaar, phone, pet name). */
  privateOf: Map<string, string[]>
}

const NAMES = ['Ravi', 'Meena', 'Sunita', 'Harish', 'Kamla', 'Bhola']

/**
 * Writes a random book into `doc` whose every day is on or before `today`. Its borrowers' names
 * are unique words (`Ravi-<seed>-0`), so that a name found on a page is the one planted.
 */
export function writeRandomBook(doc: Y.Doc, seed: number, today: string): PassbookBook {
  const r = seeded(seed)
  let clock = Date.parse('2026-01-01T00:00:00.000Z')
  const now = () => new Date((clock += 1000)).toISOString()
  setProfile(doc, { displayName: `Lender ${seed}` })
  const people: PassbookBook['people'] = []
  const secrets: string[] = []
  const privateOf = new Map<string, string[]>()
  const count = r.int(2, 4)
  for (let p = 0; p < count; p++) {
    const name = `${r.pick(NAMES)}-${seed}-${p}`
    const aadhaar = String(r.int(2, 9)) + String(r.int(10_000_000_000, 99_999_999_999)).slice(0, 11)
    const phone = `9${String(r.int(100_000_000, 999_999_999))}`
    const petName = `Pet${seed}x${p}`
    const id = addPerson(
      doc,
      {
        name,
        cityId: 'city-1',
        balance: r.int(0, 1) * r.int(1, 5_000_00),
        aadhaar,
        phone,
        petName,
        gender: r.pick(['male', 'female'] as const),
        ...(r.next() < 0.5 && { language: r.pick(['en', 'hi'] as const) }),
      },
      { now: now() },
    )
    people.push({ id, name })
    privateOf.set(id, [aadhaar, phone, petName])
    const loans: string[] = []
    const starts = new Map<string, string>()
    for (let l = r.int(1, 3); l > 0; l--) {
      const start = addDays(today, -r.int(0, 900))
      const loanId = addLoan(
        doc,
        {
          personId: id,
          amount: r.int(1, 500) * 1000_00 + r.int(0, 99),
          interestRate: r.int(0, 400) / 100,
          interestType: r.pick(['per_month', 'per_annum'] as const),
          startDate: start,
          dueDate: addDays(start, r.int(30, 720)),
          description: r.next() < 0.6 ? `Loan note ${seed}-${p}-${l}` : '',
          ...(r.next() < 0.3 && { interestOn: 'principal' as const }),
          ...(r.next() < 0.2 && { openingInterest: r.int(1, 5000_00) }),
        },
        { now: now() },
      )
      loans.push(loanId)
      starts.set(loanId, start)
    }
    const startOf = (loanId: string) => starts.get(loanId)!
    const daysFrom = (day: string) =>
      Math.max(0, (Date.parse(today) - Date.parse(day)) / 86_400_000)
    for (let d = r.int(0, 6); d > 0; d--) {
      const on = loans.filter(() => r.next() < 0.7)
      if (on.length === 0) on.push(loans[0]!)
      const earliest = on.map(startOf).sort().at(-1)!
      const date = addDays(earliest, r.int(0, daysFrom(earliest)))
      const description = r.next() < 0.4 ? `Deposit note ${seed}-${p}-${d}` : undefined
      const result = recordDeposit(
        doc,
        {
          date,
          allocations: on.map((loanId) => ({ loanId, amount: r.int(1, 30_000_00) })),
          ...(description !== undefined && { description }),
        },
        { now: now(), ...(r.next() < 0.15 && { receipt: null }) },
      )
      if (!result.ok) throw new Error(`deposit refused: ${result.reason}`)
      if (r.next() < 0.2) {
        const reason = `Void reason ${seed}-${p}-${d}`
        secrets.push(reason)
        voidDeposit(doc, result.depositId, reason, { now: now() })
      }
    }
    if (r.next() < 0.4) {
      const loanId = r.pick(loans)
      const date = addDays(startOf(loanId), r.int(0, daysFrom(startOf(loanId))))
      const waived = recordWaiver(
        doc,
        { loanId, date, amount: r.int(1, 20_000_00), note: `Waiver note ${seed}-${p}-w` },
        { now: now() },
      )
      if (waived.ok && r.next() < 0.3) {
        const reason = `Waiver void ${seed}-${p}`
        secrets.push(reason)
        voidWaiver(doc, waived.waiverId, reason, { now: now() })
      }
    }
  }
  const trashedName = `Trashed-${seed}`
  const trashed = addPerson(
    doc,
    { name: trashedName, cityId: 'city-1', balance: 0, gender: 'male', aadhaar: '987654321012' },
    { now: now() },
  )
  archivePerson(doc, trashed, { now: now() })
  return { people, trashed, secrets, privateOf }
}

/**
 * What must not appear on `personId`'s page: the lender-only texts, the person's own Aadhaar,
 * phone and pet name, and every other borrower's name, Aadhaar, phone, pet name and loan or
 * deposit notes.
 */
export function forbiddenOn(book: PassbookBook, personId: string, seed: number): string[] {
  const out = [...book.secrets, `Trashed-${seed}`, '987654321012']
  book.people.forEach((person, index) => {
    out.push(...book.privateOf.get(person.id)!)
    if (person.id === personId) return
    out.push(person.name, `note ${seed}-${index}-`)
  })
  return out
}

/** The figures a passbook page marks (`data-f`), by key: `dueToday`, `l0.paid`, `r3.code`, … */
export function pageFigures(html: string): Map<string, string> {
  const figures = new Map<string, string>()
  for (const [, key, text] of html.matchAll(/data-f="([^"]+)"[^>]*>([^<]*)</g)) {
    figures.set(key!, text!)
  }
  return figures
}

/**
 * Checks every figure of a passbook page against the lender's statement of all time up to
 * `today` (`personStatement`, the borrower's copy) and the app's Due today (`summarizePerson`,
 * `loanFigures`): the person's, each loan's, and each receipt's split, to the paisa. `loans` are
 * the person's loans not in Trash in the book's order. Returns how many figures it compared.
 */
export function expectPageMatchesStatement(
  html: string,
  loans: readonly Loan[],
  today: string,
): number {
  const page = pageFigures(html)
  let compared = 0
  const same = (key: string, paise: number) => {
    expect(page.get(key), key).toBe(formatINR(paise))
    compared++
  }
  const summary = summarizePerson(loans, today)
  same('dueToday', summary.totalDue)
  same('principalLeft', summary.principalRemaining)
  same('interestDue', summary.currentInterest)
  const statement = personStatement(loans, { to: today })
  expect(statement.closing.due).toBe(summary.totalDue)
  const lines: { line: StatementLine; loanId: string }[] = []
  let shown = 0
  statement.loans.forEach((full, i) => {
    const s = borrowerCopy(full)
    for (const line of full.lines) lines.push({ line, loanId: loans[i]!.id })
    if (s.lines.length === 0 && s.closing.due === 0) return
    const k = `l${shown++}.`
    same(`${k}lent`, s.totals.lent)
    same(`${k}interest`, s.totals.interestCharged)
    same(`${k}paid`, s.totals.paid)
    if (s.totals.overpaid > 0) same(`${k}overpaid`, s.totals.overpaid)
    const waived = s.totals.interestWaived + s.totals.principalWaived
    if (waived > 0) same(`${k}waived`, waived)
    same(`${k}principalLeft`, s.closing.principalLeft)
    same(`${k}interestDue`, s.closing.interestOwed)
    same(`${k}dueToday`, s.closing.due)
    expect(loanFigures(loans[i]!, today).totalDue).toBe(s.closing.due)
  })
  expect(page.has(`l${shown}.dueToday`)).toBe(false)

  // Receipts: the statement's payment and waiver lines grouped by receipt, each on the page
  // under its number with its amount and split (a voided one as VOID, with no split).
  const byNumber = new Map<string, number>()
  for (const [key, text] of page) {
    const match = /^r(\d+)\.number$/.exec(key)
    if (match && text !== '—') byNumber.set(text, Number(match[1]))
  }
  const expected = new Map<
    string,
    {
      code: string
      amount: number
      interest: number
      principal: number
      over: number
      void: boolean
    }
  >()
  let unnumbered = 0
  const unnumberedIds = new Set<string>()
  for (const { line } of lines) {
    if (line.kind !== 'payment' && line.kind !== 'waiver') continue
    const payment = loans
      .flatMap((loan) => [...loan.payments, ...loan.waivers])
      .find((fact) => fact.id === line.id)!
    const label = receiptLabel(payment.receipt)
    if (!label) {
      const group = (payment as { depositId?: string }).depositId ?? payment.id
      if (!unnumberedIds.has(group)) unnumbered++
      unnumberedIds.add(group)
      continue
    }
    const was = expected.get(label.number) ?? {
      code: label.code,
      amount: 0,
      interest: 0,
      principal: 0,
      over: 0,
      void: line.voided !== undefined,
    }
    was.amount += line.amount
    was.interest += line.interestPaid
    was.principal += line.principalPaid
    was.over += line.overpaid
    expected.set(label.number, was)
  }
  for (const [number, want] of expected) {
    const i = byNumber.get(number)
    expect(i, `receipt ${number} on the page`).toBeDefined()
    expect(page.get(`r${i}.code`)).toBe(want.code)
    same(`r${i}.amount`, want.amount)
    if (want.void) {
      expect(page.has(`r${i}.interestPaid`)).toBe(false)
      continue
    }
    if (page.has(`r${i}.interestPaid`)) {
      same(`r${i}.interestPaid`, want.interest)
      same(`r${i}.principalPaid`, want.principal)
      if (want.over > 0) same(`r${i}.overpaid`, want.over)
    }
  }
  const dashes = [...page].filter(([key, text]) => key.endsWith('.number') && text === '—').length
  expect(byNumber.size).toBe(expected.size)
  expect(dashes).toBe(unnumbered)
  return compared
}
