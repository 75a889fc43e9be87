/**
 * A collector's view of a book (issue 31): what the server sends a collector's device, and what
 * he may send back. A collector never syncs the book itself (a Yjs sync sends the whole doc, and
 * an update cannot be half-refused): the server reads the book and sends him a sheet of his
 * villages only, and takes his deposits one by one through an inbox it checks before it writes
 * them into the book.
 */
import { isIsoDate } from './dates.ts'
import type { IsoDate, Paise } from './ledger/types.ts'
import type { City, LenderSnapshot, Loan, Person } from './schema/types.ts'
import { isPaise, isTimestamp } from './schema/guards.ts'
import { readReceipt } from './receipts/receipt.ts'

/** `/api/collect/<ownerId>`: a collector's sheet; `/deposits` under it, his inbox. */
export const COLLECT_PATH = '/api/collect'

/** A person as a collector sees them: no Aadhaar, ever. */
export type SheetPerson = Omit<Person, 'aadhaar'>

/** What a collector's device receives and keeps: his villages, their people, loans and payments. */
export interface CollectorSheet {
  /** The lender, as receipts name them. */
  lender: { displayName: string; upiId: string }
  villages: Pick<City, 'id' | 'name'>[]
  people: SheetPerson[]
  /** Each loan with its payments: what the engine needs for the figures and the preview. */
  loans: Loan[]
  /** When the server read the book (an ISO timestamp). */
  asOf: string
}

/**
 * The sheet of a collector of `villages` (city ids): the people there who are not in Trash,
 * without their Aadhaar, and their loans not in Trash, with their payments.
 */
export function collectorSheet(
  book: Pick<LenderSnapshot, 'people' | 'loans'>,
  cities: readonly City[],
  villages: readonly string[],
  lender: CollectorSheet['lender'],
  asOf: string,
): CollectorSheet {
  const allowed = new Set(villages)
  const people: SheetPerson[] = []
  for (const person of book.people) {
    if (person.archived || !allowed.has(person.cityId)) continue
    const { aadhaar: _withheld, ...shown } = person
    people.push(shown)
  }
  const ids = new Set(people.map((person) => person.id))
  return {
    lender,
    villages: cities
      .filter((city) => allowed.has(city.id))
      .map((city) => ({ id: city.id, name: city.name })),
    people,
    loans: book.loans.filter((loan) => !loan.archived && ids.has(loan.personId)),
    asOf,
  }
}

/** Deposits one request may carry. */
export const MAX_DEPOSITS_PER_REQUEST = 100

/** A deposit as a collector's device sends it, recorded offline at `createdAt`. */
export interface CollectedDeposit {
  /** Made on the device (`newId`): the same deposit sent twice is recorded once. */
  depositId: string
  date: IsoDate
  createdAt: string
  /** The device's name, as the history shows it beside the collector's. */
  device: string
  note?: string
  allocations: { loanId: string; amount: Paise }[]
  /**
   * The receipt his phone gave it, as stored (`SERIES.n.CODE`, see `receipts/receipt.ts`), in
   * the phone's own series; the book keeps it as it is. None from an older phone: the server
   * numbers the deposit itself.
   */
  receipt?: string
}

const HEX_ID = /^[0-9a-f]{20}$/

/** `value` as a `CollectedDeposit`, or null when it is not one (the server trusts no device). */
export function readCollectedDeposit(value: unknown): CollectedDeposit | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { depositId, date, createdAt, device, note, allocations, receipt } = value as Record<
    string,
    unknown
  >
  if (typeof depositId !== 'string' || !HEX_ID.test(depositId)) return null
  if (!isIsoDate(date) || !isTimestamp(createdAt)) return null
  if (typeof device !== 'string' || device.length === 0 || device.length > 40) return null
  if (note !== undefined && (typeof note !== 'string' || note.length > 500)) return null
  if (receipt !== undefined && readReceipt(receipt) === null) return null
  if (!Array.isArray(allocations) || allocations.length === 0 || allocations.length > 20) {
    return null
  }
  const shares: CollectedDeposit['allocations'] = []
  for (const share of allocations as unknown[]) {
    if (typeof share !== 'object' || share === null) return null
    const { loanId, amount } = share as Record<string, unknown>
    if (typeof loanId !== 'string' || !isPaise(amount) || amount <= 0) return null
    shares.push({ loanId, amount })
  }
  if (new Set(shares.map((share) => share.loanId)).size !== shares.length) return null
  return {
    depositId,
    date,
    createdAt,
    device,
    ...(note ? { note } : {}),
    allocations: shares,
    ...(typeof receipt === 'string' && { receipt }),
  }
}

/**
 * Why the inbox refuses a deposit, besides the deposit form's own reasons (`DEPOSIT_REASONS`):
 * a loan not of his villages now; a receipt in a series someone else writes in (the owner's,
 * another collector's, the server's); a receipt whose number the book holds for another record.
 */
export const COLLECT_REFUSALS = {
  outside: 'loan outside your villages',
  notYourSeries: 'receipt in a series not yours',
  numberTaken: 'receipt number already in the book',
} as const

/** What became of one deposit a collector sent. */
export type CollectedOutcome =
  /** `inBook`: the deposit's id in the book (the server's, see `server/members/collect.ts`). */
  | { depositId: string; outcome: 'recorded' | 'already recorded'; inBook: string }
  | { depositId: string; outcome: 'held for review' }
  | { depositId: string; outcome: 'refused'; reason: string }

/**
 * `/api/collect/<ownerId>/void-requests`: a collector cannot void (a void rewrites money), but he
 * can ask the owner to void one of his own deposits; the owner accepts (the server voids it in the
 * book, named with the owner) or refuses. The same list, waiting ones only, is the owner's to
 * review at `/api/members/review`.
 */
export const VOID_REQUESTS = 'void-requests'

/** Requests one collector may have waiting at once. */
export const MAX_WAITING_VOID_REQUESTS = 20

/** A reason is what a void records: a line, not a letter. */
export const MAX_VOID_REASON = 200

export interface VoidRequestInfo {
  id: string
  /** The collector who asked. */
  memberId: string
  name: string
  email: string
  /** The deposit's id in the book (a collected deposit's `inBook`). */
  depositId: string
  reason: string
  createdAt: string
  status: 'waiting' | 'accepted' | 'refused'
  decidedAt: string | null
}

/**
 * Cash a collector handed over to the owner on a day: the other half of his day book (issue 31,
 * item 6), beside what he recorded as received. Kept by the server beside the members
 * (`/api/members/<memberId>/handovers`); a mistaken one is withdrawn, never deleted.
 */
export interface Handover {
  id: string
  memberId: string
  day: IsoDate
  amount: Paise
  note: string
  createdAt: string
  /** Set once the owner withdrew it (a mistake); it then counts nowhere. */
  withdrawnAt: string | null
}

/** Handovers one collector's day book may hold (about three years of one a day). */
export const MAX_HANDOVERS_PER_MEMBER = 1000

/** A handover's note: a line. */
export const MAX_HANDOVER_NOTE = 200
