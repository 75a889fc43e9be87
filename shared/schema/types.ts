/**
 * Plain snapshots of the Y.Doc collections and the inputs of their mutations. Components and the
 * engine see only these; the Y types stay inside `shared/schema/` and `src/data/`.
 */
import type {
  Actor,
  InterestOn,
  InterestType,
  IsoDate,
  Paise,
  PaymentFact,
  StoredStatus,
  VoidInfo,
  WaiverFact,
} from '../ledger/types.ts'

/** A person's gender as the person form offers it. */
export type Gender = 'male' | 'female' | 'other'

/** A language the app speaks: a person's reminders and receipts can be in either. */
export type Language = 'en' | 'hi'

/** What the person form submits. Text fields are trimmed on write; blank optional ones dropped. */
export interface PersonInput {
  name: string
  cityId: string
  balance: Paise
  aadhaar?: string
  petName?: string
  phone?: string
  gender: Gender
  /** The language of this person's reminders and receipts; absent: the lender's language. */
  language?: Language | undefined
}

/** A person as stored, plus the derived `revived` flag (see `readLender`). */
export interface Person {
  readonly id: string
  readonly name: string
  readonly cityId: string
  readonly balance: Paise
  readonly aadhaar?: string
  readonly petName?: string
  readonly phone?: string
  readonly gender: Gender
  /** The language of this person's reminders and receipts; absent: the lender's language. */
  readonly language?: Language
  readonly createdAt: string
  readonly updatedAt: string
  /** Effective: false while the person still has a loan that is not archived. */
  readonly archived: boolean
  readonly archivedAt?: string
  /** Archived on one device while another gave them a loan: shown again, and marked. */
  readonly revived: boolean
  /** Who added the person (history only; never trusted for money). */
  readonly createdBy?: Actor
  /** Who changed the person last (history only). */
  readonly updatedBy?: Actor
}

/** What the loan form submits. */
export interface LoanInput {
  personId: string
  amount: Paise
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
  dueDate: IsoDate
  description: string
  /**
   * How unpaid interest is treated (engine notes, rule 6b); absent or `'balance'` is the old rule
   * (unpaid interest earns interest), and is not written.
   */
  interestOn?: InterestOn
  /**
   * Old dues from a paper khata: interest already due on the start date, in paise (≥ 0); absent
   * or 0 is none, and is not written.
   */
  openingInterest?: Paise
}

/** The fields the loan edit form may change. */
export type LoanPatch = Partial<LoanInput & { status: StoredStatus }>

/** A loan as stored, with its payments attached: it can be handed straight to the engine. */
export interface Loan {
  readonly id: string
  readonly personId: string
  readonly amount: Paise
  readonly interestRate: number
  readonly interestType: InterestType
  readonly startDate: IsoDate
  readonly dueDate: IsoDate
  /** The lender-set value; what is shown is derived by the engine. */
  readonly status: StoredStatus
  readonly description: string
  /** `'principal'`: simple interest (rule 6b). Absent: the old rule, unpaid interest earns interest. */
  readonly interestOn?: InterestOn
  /** Interest already due on the start date (old dues from paper), above 0; absent: none. */
  readonly openingInterest?: Paise
  readonly createdAt: string
  readonly updatedAt: string
  readonly archived: boolean
  readonly archivedAt?: string
  /**
   * This loan's payments in replay order (date, createdAt, id); voided ones flagged `voided`. A
   * snapshot puts its `Payment` objects themselves here (with `loanId` and `depositId`), the same
   * ones as in its book-wide list, rather than copies: a big book's payments are held once.
   */
  readonly payments: readonly PaymentFact[]
  /** This loan's waivers in replay order; voided ones flagged `voided`. */
  readonly waivers: readonly WaiverFact[]
  /** Who added the loan (history only; never trusted for money). */
  readonly createdBy?: Actor
  /** Who changed the loan last (history only). */
  readonly updatedBy?: Actor
}

/** A field of a loan that its change history records (see `loanEdit.ts`). */
export type LoanEditField =
  | 'personId'
  | 'amount'
  | 'interestRate'
  | 'interestType'
  | 'interestOn'
  | 'openingInterest'
  | 'startDate'
  | 'dueDate'
  | 'status'
  | 'description'

/**
 * A field's value as the history records it: a default spelled out (the old rule `'balance'`, no
 * old dues `0`, status `'active'`, no description `''`), so a record always says what it was.
 */
export type LoanEditValue = string | number

/** Each changed field of one change: `[before, after]`, never equal. */
export type LoanEditChanges = Partial<
  Record<LoanEditField, readonly [LoanEditValue, LoanEditValue]>
>

/** One change of a loan's terms, as its history shows it (see `loanEdit.ts`). */
export interface LoanEdit {
  readonly id: string
  readonly loanId: string
  /** Each changed field, `[before, after]`, in `LOAN_EDIT_FIELDS` order. At least one. */
  readonly changes: LoanEditChanges
  /** ISO timestamp of the change. */
  readonly createdAt: string
  /** Who made it (history only). */
  readonly createdBy?: Actor
  /** The change this one put back: it is an Undo. */
  readonly undoes?: string
}

/** A recorded payment: an immutable fact, one of a deposit's payments. */
export interface Payment {
  readonly id: string
  readonly loanId: string
  readonly depositId: string
  readonly date: IsoDate
  readonly amount: Paise
  readonly description?: string
  readonly createdAt: string
  /** Set while the payment's deposit has a void that was not undone. */
  readonly voided?: VoidInfo
  /** Who recorded it (history only). */
  readonly createdBy?: Actor
  /** Its deposit's receipt as stored (`receipts/receipt.ts`); none from before receipts. */
  readonly receipt?: string
}

/** A recorded waiver: an immutable fact on one loan (see `WaiverFact`). */
export interface Waiver extends Readonly<WaiverFact> {
  readonly loanId: string
}

/** What the settle-for-less form submits. */
export interface WaiverInput {
  loanId: string
  date: IsoDate
  amount: Paise
  note?: string
}

/** A city or village from the shared list. */
export interface City {
  readonly id: string
  readonly name: string
  readonly createdAt: string
  /**
   * Ids of later cities with the same name ignoring case: two lenders who add "Rampur" while
   * apart create two entries, which the list shows as one. People may refer to any of them.
   */
  readonly aliases: readonly string[]
}

/**
 * The kinds of entry a reader skips, as this interface's keys. A collection in a file of its own
 * adds its kind here from that file, with `declare module './types.ts'` (see `roots.ts`).
 */
export interface SkippedKinds {
  person: true
  loan: true
  /** A payment of an older form, or a payment id held by payments that differ. */
  payment: true
  /** A deposit log's record, or something in `depositsBy` that is not a log. */
  deposit: true
  waiver: true
  void: true
  undo: true
  /** An entry of `actors`. */
  actor: true
  /** One of the lender's details. */
  profile: true
  /** The layout stamp (`meta.schemaVersion`). */
  layout: true
  /** A record of a loan's change history. */
  loanEdit: true
  /** A receipt the server refused (`receipts/refused.ts`). */
  refusedReceipt: true
}

/** What a reader skips (see `SkippedKinds`). */
export type SkippedKind = keyof SkippedKinds

/**
 * Why: `malformed`, something the writers would never have written (a day outside 0001–9999, an
 * amount over the cap, a rate past the form's, a missing id…); `duplicate`, a payment under an id
 * another payment already has, differing from it (see `resolvePayment`).
 */
export type SkipReason = 'malformed' | 'duplicate'

/** An entry of the doc that no screen shows and no figure counts. */
export interface SkippedEntry {
  readonly kind: SkippedKind
  /** Its id or key, where it has one that can be read; '' otherwise. */
  readonly id: string
  readonly reason: SkipReason
}

/**
 * Everything in one lender's doc, archived entries included (callers filter). A collection the
 * snapshot lists whole, in a file of its own, adds its list here from that file, with
 * `declare module './types.ts'`, and reads it through `roots.ts`'s `LISTED`.
 */
export interface LenderSnapshot {
  readonly people: Person[]
  readonly loans: Loan[]
  readonly payments: Payment[]
  /** Every waiver, voided ones flagged, in replay order. */
  readonly waivers: Waiver[]
  /** Every change of a loan's terms (Undos included), oldest first: createdAt, then id. */
  readonly loanEdits: readonly LoanEdit[]
  /**
   * The entries that could not be read, by kind, id and reason: shown nowhere and counted in no
   * figure, so the app says how many there are. Usually none.
   */
  readonly skipped: readonly SkippedEntry[]
}

/** Options every mutation takes: the caller's clock, and the transaction origin. */
export interface MutationOptions {
  /** ISO timestamp of the change; `shared/` never reads the clock itself. */
  now: string
  /** Transaction origin; `'local'` when omitted. */
  origin?: unknown
  /**
   * Who makes the change: stamped as createdBy/updatedBy on people and loans, createdBy on
   * payments, waivers, voids and undos. History only; never trusted for money.
   */
  by?: Actor
}

/** Options of a mutation that creates an entry. */
export interface CreateOptions extends MutationOptions {
  /** The new entry's id; a fresh random one (`newId`) when omitted (tests pass their own). */
  id?: string
}
