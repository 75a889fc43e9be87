/**
 * The lender's doc as a whole: its initialisation and its one reader. The reader is where merges
 * are reconciled, because a rule applied when reading holds however the updates arrived.
 */
import type * as Y from 'yjs'
import { comparePayments } from '../ledger/replay.ts'
import type { PaymentFact, WaiverFact } from '../ledger/types.ts'
import { keyEntryActors } from './actors.ts'
import { compactDepositLog } from './depositLog.ts'
import { SCHEMA_VERSION, loansMap, metaMap, peopleMap, waiversMap } from './doc.ts'
import { LOCAL_ORIGIN } from './guards.ts'
import { readStoredLoan, type StoredLoan } from './loan.ts'
import { movePaymentsToLog, readPayments } from './payment.ts'
import { readStoredPerson, type StoredPerson } from './person.ts'
import type { LenderSnapshot, Loan, Payment, Person, Waiver } from './types.ts'
import { activeVoids } from './void.ts'
import { readWaiver } from './waiver.ts'

/**
 * Brings the doc to this layout, once: a new doc is stamped; a layout-1 doc has its payments
 * moved into the deposit logs (`movePaymentsToLog`); the records of `deposits` are put back as
 * text, and in their actor's log, where they can be (`compactDepositLog`); and people and loans
 * name their actors by key (`keyEntryActors`). All in the same transaction as the stamp, so no
 * device sees one without the other. A no-op on a doc already at this layout or a newer one.
 */
export function initLenderDoc(doc: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const meta = metaMap(doc)
  const version = meta.get('schemaVersion')
  if (typeof version === 'number' && version >= SCHEMA_VERSION) return
  doc.transact(() => {
    movePaymentsToLog(doc)
    compactDepositLog(doc)
    keyEntryActors(doc, peopleMap(doc))
    keyEntryActors(doc, loansMap(doc))
    meta.set('schemaVersion', SCHEMA_VERSION)
  }, origin)
}

/**
 * A plain snapshot of everything in the doc: people and loans sorted by createdAt then id,
 * payments by date, createdAt, id; archived entries included. Malformed entries are skipped,
 * never thrown on, since the doc may have come from the network.
 *
 * Reconciliation: a person whose `archived` flag is set but who still has a loan that is not
 * archived is shown as not archived, with `revived: true`. That is what a merge gives when one
 * device deleted the person while another, offline, lent them money: nothing is lost, and the UI
 * can point at the person. (Payments of an archived loan simply stay with that loan.)
 *
 * Voids: every payment of a deposit, and every waiver, that has a void not undone is flagged
 * `voided` (the earliest such void); it stays in the lists so the history can strike it through,
 * and the engine skips it. A void that arrives before what it voids simply waits for it.
 */
export function readLender(doc: Y.Doc): LenderSnapshot {
  const { payments, ...rest } = readLenderUnsorted(doc)
  return { ...rest, payments: payments.sort(comparePayments) }
}

/**
 * `readLender` with the book's list of payments left in no particular order: sorting 100,000 of
 * them is a fifth of a big book's first read, and the screens only ever read each loan's own
 * (already in order). Everything else is exactly as `readLender` gives it. `log`: see
 * `readPayments`.
 */
export function readLenderUnsorted(doc: Y.Doc, log?: ReadonlyMap<string, Payment>): LenderSnapshot {
  const voids = activeVoids(doc)
  const payments: Payment[] = []
  const factsByLoan = new Map<string, PaymentFact[]>()
  for (const payment of readPayments(doc, log).values()) {
    const voided = voids.get(`deposit:${payment.depositId}`)
    const flagged = voided ? { ...payment, voided } : payment
    payments.push(flagged)
    // The loan's facts are the payments themselves, not copies (see `Loan.payments`).
    const facts = factsByLoan.get(payment.loanId)
    if (facts) facts.push(flagged)
    else factsByLoan.set(payment.loanId, [flagged])
  }
  for (const facts of factsByLoan.values()) facts.sort(comparePayments)

  const waivers: Waiver[] = []
  for (const [id, entry] of waiversMap(doc).entries()) {
    const waiver = readWaiver(id, entry)
    if (!waiver) continue
    const voided = voids.get(`waiver:${id}`)
    waivers.push(voided ? { ...waiver, voided } : waiver)
  }
  waivers.sort(comparePayments)
  const waiversByLoan = new Map<string, WaiverFact[]>()
  for (const { loanId, ...fact } of waivers) {
    const facts = waiversByLoan.get(loanId)
    if (facts) facts.push(fact)
    else waiversByLoan.set(loanId, [fact])
  }

  const loans: Loan[] = []
  for (const [id, entry] of loansMap(doc).entries()) {
    const loan = readStoredLoan(id, entry)
    if (loan) loans.push(withFacts(loan, factsByLoan.get(id) ?? [], waiversByLoan.get(id) ?? []))
  }
  loans.sort(byCreation)

  const withLiveLoans = new Set(loans.filter((loan) => !loan.archived).map((loan) => loan.personId))
  const people: Person[] = []
  for (const [id, entry] of peopleMap(doc).entries()) {
    const person = readStoredPerson(id, entry)
    if (person) people.push(reconcilePerson(person, withLiveLoans.has(id)))
  }
  people.sort(byCreation)

  return { people, loans, payments, waivers }
}

/** A stored loan with its payments and waivers (each in replay order) attached. */
export function withFacts(
  stored: StoredLoan,
  payments: readonly PaymentFact[],
  waivers: readonly WaiverFact[],
): Loan {
  return { ...stored, payments, waivers }
}

/**
 * A stored person as the lender sees them: one archived on one device while another device gave
 * them a loan that is not archived is shown again, marked `revived` (see `readLender`).
 */
export function reconcilePerson(stored: StoredPerson, hasLiveLoan: boolean): Person {
  const revived = stored.archived && hasLiveLoan
  return { ...stored, archived: stored.archived && !revived, revived }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** createdAt, then id: the same order on every device, whatever order the map iterates in. */
export function byCreation(
  a: { createdAt: string; id: string },
  b: { createdAt: string; id: string },
): number {
  return compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id)
}
