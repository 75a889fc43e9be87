/**
 * The lender's doc as a whole: its initialisation and its one reader. The reader is where merges
 * are reconciled, because a rule applied when reading holds however the updates arrived.
 */
import type * as Y from 'yjs'
import { comparePayments } from '../ledger/replay.ts'
import type { PaymentFact, WaiverFact } from '../ledger/types.ts'
import { actorsMap } from './actors.ts'
import { readPayments, type LogPayments } from '../deposit/log.ts'
import { loansMap, metaMap, peopleMap, waiversMap } from './doc.ts'
import { LOCAL_ORIGIN, readActor } from './guards.ts'
import { readStoredLoan, type StoredLoan } from './loan.ts'
import { readLoanEdits } from './loanEdit.ts'
import { LAYOUTS, SCHEMA_VERSION, layoutOf } from './layouts/index.ts'
import { readStoredPerson, type StoredPerson } from './person.ts'
import { NEW_LOAN_RULE_FIELD, PROFILE_FIELDS, isNewLoanRule, profileMap } from './profile.ts'
import type { LenderSnapshot, Loan, Payment, Person, SkippedEntry, Waiver } from './types.ts'
import { activeVoids } from './void.ts'
import { readWaiver } from './waiver.ts'

/**
 * Brings the doc to this layout, once: every step of `LAYOUTS` moves, in order, what the doc
 * holds of its older forms (a new doc has nothing to move and is just stamped). All in the same
 * transaction as the stamp, so no device sees one without the other. A no-op on a doc already at
 * this layout or a newer one; a stamp that is no layout (see `layoutOf`) is stamped over, which
 * moves nothing twice.
 *
 * Every step runs, not only those above the doc's stamp: a device still on an older app may have
 * added its older forms since the stamp (a layout-1 payment merged into a book stamped 3), and
 * the rewrite of layout 3 also does layout 4's placement of deposits. A step with nothing to move
 * writes nothing.
 */
export function initLenderDoc(doc: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const meta = metaMap(doc)
  const layout = layoutOf(meta.get('schemaVersion'))
  if (layout !== null && layout >= SCHEMA_VERSION) return
  doc.transact(() => {
    for (const step of LAYOUTS) step.move(doc)
    meta.set('schemaVersion', SCHEMA_VERSION)
  }, origin)
}

/**
 * A plain snapshot of everything in the doc: people and loans sorted by createdAt then id,
 * payments by date, createdAt, id; archived entries included. What the writers would refuse is
 * skipped, never thrown on, since the doc may have come from the network: shown nowhere, counted
 * in no figure, and listed in `skipped` so that the app can say so. A payment id held by payments
 * that differ shows one of them, the same on every device (see `resolvePayment`).
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
export function readLenderUnsorted(doc: Y.Doc, log?: LogPayments): LenderSnapshot {
  const skipped: SkippedEntry[] = []
  const voids = activeVoids(doc, skipped)
  const payments: Payment[] = []
  const factsByLoan = new Map<string, PaymentFact[]>()
  for (const payment of readPayments(doc, log, skipped).values()) {
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
    if (!waiver) {
      skipped.push({ kind: 'waiver', id, reason: 'malformed' })
      continue
    }
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
    else skipped.push({ kind: 'loan', id, reason: 'malformed' })
  }
  loans.sort(byCreation)

  const withLiveLoans = new Set(loans.filter((loan) => !loan.archived).map((loan) => loan.personId))
  const people: Person[] = []
  for (const [id, entry] of peopleMap(doc).entries()) {
    const person = readStoredPerson(id, entry)
    if (person) people.push(reconcilePerson(person, withLiveLoans.has(id)))
    else skipped.push({ kind: 'person', id, reason: 'malformed' })
  }
  people.sort(byCreation)

  const loanEdits = readLoanEdits(doc, skipped)
  skipped.push(...skippedOutsideEntries(doc))
  return { people, loans, payments, waivers, loanEdits, skipped: skipped.sort(compareSkipped) }
}

/**
 * What is skipped besides the entries of the book: an actor that is not `{ account, device }`
 * (history then names no one), a detail of the profile that is not text (read as empty) or a
 * default rule for new loans that is not one (read as the old rule), and a
 * layout stamp that is not a layout (see `layoutOf`).
 */
export function skippedOutsideEntries(doc: Y.Doc): SkippedEntry[] {
  const skipped: SkippedEntry[] = []
  for (const [key, value] of actorsMap(doc).entries()) {
    if (!readActor(value)) skipped.push({ kind: 'actor', id: key, reason: 'malformed' })
  }
  const profile = profileMap(doc)
  for (const field of PROFILE_FIELDS) {
    const value = profile.get(field)
    if (value !== undefined && typeof value !== 'string') {
      skipped.push({ kind: 'profile', id: field, reason: 'malformed' })
    }
  }
  if (!isNewLoanRule(profile.get(NEW_LOAN_RULE_FIELD))) {
    skipped.push({ kind: 'profile', id: NEW_LOAN_RULE_FIELD, reason: 'malformed' })
  }
  const stamp = metaMap(doc).get('schemaVersion')
  if (stamp !== undefined && layoutOf(stamp) === null) {
    skipped.push({ kind: 'layout', id: 'schemaVersion', reason: 'malformed' })
  }
  return skipped
}

/** The order of `LenderSnapshot.skipped`: kind, id, reason. */
export function compareSkipped(a: SkippedEntry, b: SkippedEntry): number {
  return compareText(a.kind, b.kind) || compareText(a.id, b.id) || compareText(a.reason, b.reason)
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
