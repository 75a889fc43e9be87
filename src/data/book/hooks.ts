/**
 * The hooks screens use to read and write the ledger. Components see plain immutable snapshots
 * and call named mutations; no Y type crosses this line.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type * as Y from 'yjs'
import type { InterestOn, IsoDate } from '../../../shared/ledger/types.ts'
import { addCity, readCities } from '../../../shared/schema/city.ts'
import {
  comparePayments,
  dashboardFromRows,
  type DashboardSummary,
  type FiguresOf,
} from '../../../shared/ledger/engine.ts'
import type { LenderProjection } from '../../../shared/schema/projection.ts'
import { loanEditsMap } from '../../../shared/schema/doc.ts'
import { newId } from '../../../shared/schema/guards.ts'
import { addLoan, archiveLoan, restoreLoan, updateLoan } from '../../../shared/schema/loan.ts'
import { readLoanEdit, undoLoanEdit } from '../../../shared/schema/loanEdit.ts'
import type { DepositInput } from '../../../shared/deposit/input.ts'
import { recordDeposit } from '../../../shared/deposit/writer.ts'
import { addPerson, archivePerson, restorePerson, updatePerson } from '../../../shared/schema/person.ts'
import { undoVoidsOf, voidDeposit, voidWaiver } from '../../../shared/schema/void.ts'
import { recordWaiver } from '../../../shared/schema/waiver.ts'
import {
  NEW_LOAN_RULE_FIELD,
  profileMap,
  readNewLoanRule,
  readProfile,
  setNewLoanRule,
  setProfile,
  type LenderProfile,
} from '../../../shared/schema/profile.ts'
import type {
  City,
  LenderSnapshot,
  Loan,
  LoanEdit,
  LoanInput,
  LoanPatch,
  Payment,
  Person,
  PersonInput,
  SkippedEntry,
  WaiverInput,
} from '../../../shared/schema/types.ts'
import { readToday, subscribeToday } from './clock.ts'
import { readDeviceName } from '../session/device.ts'
import type { SyncState } from '../sync/room.ts'
import type { SessionUser } from '../session/session.ts'
import { snapshotStore } from '../sync/snapshotStore.ts'
import { activeOf, dashboardOf, figuresOfDoc, projectionOf, unopenedBook } from './views.ts'
import { isTodays } from './savedDashboard.ts'
import { useSignedIn } from './WorkspaceContext.tsx'

/**
 * The lender's book as the hooks read it: an empty book until it is open (read from disk and
 * made ready in slices, see `openBook`), so that no screen reads a book half read.
 */
function useProjection(): LenderProjection {
  const { doc } = useSignedIn().workspace.lender
  return useLoaded() ? projectionOf(doc) : unopenedBook
}

/**
 * Everything in the lender's doc, archived entries included. A change re-reads only the entries
 * it touched; the snapshot and every unchanged person and loan in it keep their identity.
 */
export function useLender(): LenderSnapshot {
  const projection = useProjection()
  return useSyncExternalStore(projection.subscribe, projection.snapshot)
}

/**
 * The entries of the lender's doc that could not be read (see `LenderSnapshot.skipped`): the same
 * array until it changes, so the one place that says so renders again only then.
 */
export function useSkipped(): readonly SkippedEntry[] {
  const projection = useProjection()
  return useSyncExternalStore(projection.subscribe, () => projection.snapshot().skipped)
}

/**
 * Every change of a loan's terms in the book, Undos included, oldest first: the same array until
 * one is recorded (they are few; a loan's card picks its own).
 */
export function useLoanEdits(): readonly LoanEdit[] {
  const projection = useProjection()
  return useSyncExternalStore(projection.subscribe, () => projection.snapshot().loanEdits)
}

/**
 * The engine's per-loan figures, cached for the open doc: a loan whose facts did not change is
 * not replayed again, so a deposit costs one loan's replay, not the book's.
 */
export function useFiguresOf(): FiguresOf {
  return figuresOfDoc(useSignedIn().workspace.lender.doc)
}

/**
 * The dashboard as of today: one row per person not in the Trash, tiles that sum the rows. Rows
 * are cached per person, so a change rebuilds only the rows of the people it touched.
 */
export function useDashboard(): DashboardSummary {
  const { doc } = useSignedIn().workspace.lender
  const projection = useProjection()
  const snapshot = useLender()
  const people = activeOf(snapshot).people
  const today = useToday()
  const summarize = dashboardOf(doc)
  const open = projection !== unopenedBook
  // `snapshot` is a dependency: a new payment changes a person's loans, not the people array.
  // The rows are cached per person: a book not open yet must not empty that cache.
  return useMemo(
    () => (open ? summarize(people, projection.activeLoansOf, today) : NO_DASHBOARD),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, summarize, projection, snapshot, people, today],
  )
}

const NO_DASHBOARD = dashboardFromRows([])

/** What the dashboard screen draws, and whether it is the saved picture (see `SavedDashboard`). */
export interface ShownDashboard {
  summary: DashboardSummary
  /** When the saved dashboard shown was kept; null when the dashboard is the book's own. */
  savedAt: string | null
  /** The picture shown is the server's (this device has none of the book yet). */
  fromServer: boolean
  /** Place names for the saved rows (the cities doc may not be open yet either). */
  places: Readonly<Record<string, string>>
}

const NO_PLACES: Readonly<Record<string, string>> = {}

/**
 * The dashboard to draw: the book's own once it is open; before that, the one this device kept
 * today, if there is one, so that a big book's rows are on screen before it is decoded.
 */
export function useShownDashboard(): ShownDashboard {
  const { saved } = useSignedIn().workspace
  const live = useDashboard()
  const loaded = useLoaded()
  const today = useToday()
  const kept = useSyncExternalStore(saved.subscribe, saved.current)
  const shown = useMemo(
    () =>
      !loaded && isTodays(kept, today)
        ? {
            summary: kept.summary,
            savedAt: kept.savedAt,
            fromServer: kept.from === 'server',
            places: kept.places,
          }
        : { summary: live, savedAt: null, fromServer: false, places: NO_PLACES },
    [loaded, kept, today, live],
  )
  // The book's read waits for this picture to be on screen (see SavedDashboardStore.shown).
  useEffect(() => {
    if (shown.savedAt !== null) saved.drawn()
  }, [shown.savedAt, saved])
  return shown
}

/** People not in the Trash (a `revived` person is shown, and marked by the screens). */
export function useActivePeople(): Person[] {
  return activeOf(useLender()).people
}

/** Loans not in the Trash. */
export function useActiveLoans(): Loan[] {
  return activeOf(useLender()).loans
}

/**
 * One person's loans not in the Trash, in creation order: the same array until one of them
 * changes, so a dashboard row that needs them does not filter the whole book.
 */
export function useActiveLoansOf(personId: string): readonly Loan[] {
  const projection = useProjection()
  // Reading the snapshot first brings the per-person lists up to date, and re-renders on change.
  useLender()
  return projection.activeLoansOf(personId)
}

/**
 * The payments of `loans` (a person's), voided ones flagged, in replay order: read from each
 * loan's own list, so a person's page never walks the whole book's payments. A loan whose
 * payments change is a new object, so the list follows `loans`.
 */
export function usePaymentsOf(loans: readonly Loan[]): readonly Payment[] {
  const projection = useProjection()
  // Reading the snapshot first brings the per-loan lists up to date, and re-renders on change.
  useLender()
  return useMemo(
    () => loans.flatMap((loan) => projection.paymentsOf(loan.id)).sort(comparePayments),
    [projection, loans],
  )
}

/** The shared list of cities, sorted by name. */
export function useCities(): City[] {
  const { doc } = useSignedIn().workspace.cities
  const store = snapshotStore(doc, readCities)
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}

/**
 * True once the lender's doc has loaded from IndexedDB: until then an unknown id may just not be
 * loaded yet, so screens show `Loading…` rather than flashing `Person not found`.
 */
export function useLoaded(): boolean {
  const { lender } = useSignedIn().workspace
  return useSyncExternalStore(
    useCallback((listener: () => void) => lender.subscribe(listener), [lender]),
    () => lender.loaded,
  )
}

/** The device's local date, refreshed at midnight and when the tab comes back. */
export function useToday(): IsoDate {
  return useSyncExternalStore(subscribeToday, readToday)
}

/** What the shell's sync indicator shows. */
export interface SyncStatus {
  state: SyncState
  /** Local changes the server has not yet confirmed storing (both docs together). */
  unsaved: number
}

const severity: Record<SyncState, number> = { synced: 0, syncing: 1, offline: 2 }

/** The sync status of the lender's doc and the cities doc together (the worse of the two). */
export function useSyncStatus(): SyncStatus {
  const { lender, cities } = useSignedIn().workspace
  const subscribe = useCallback(
    (listener: () => void) => {
      const offLender = lender.subscribe(listener)
      const offCities = cities.subscribe(listener)
      return () => {
        offLender()
        offCities()
      }
    },
    [lender, cities],
  )
  // Two primitive snapshots, compared by value; the object is built after.
  const state = useSyncExternalStore(subscribe, () =>
    severity[lender.syncState] >= severity[cities.syncState] ? lender.syncState : cities.syncState,
  )
  const unsaved = useSyncExternalStore(
    subscribe,
    () => lender.tracker.unsaved + cities.tracker.unsaved,
  )
  return useMemo(() => ({ state, unsaved }), [state, unsaved])
}

interface ProfileStore {
  subscribe: (onChange: () => void) => () => void
  read: () => LenderProfile
}
const profiles = new WeakMap<Y.Doc, ProfileStore>()

// The profile is a handful of strings: it is re-read on each change of its own map, and the
// snapshot keeps its identity in between, as useSyncExternalStore needs.
function profileStore(doc: Y.Doc): ProfileStore {
  let store = profiles.get(doc)
  if (!store) {
    let current = readProfile(doc)
    const listeners = new Set<() => void>()
    profileMap(doc).observe(() => {
      current = readProfile(doc)
      for (const listener of listeners) listener()
    })
    store = {
      subscribe: (onChange) => {
        listeners.add(onChange)
        return () => listeners.delete(onChange)
      },
      read: () => current,
    }
    profiles.set(doc, store)
  }
  return store
}

const newLoanRules = new WeakMap<Y.Doc, { subscribe: ProfileStore['subscribe'] }>()

/**
 * The book's default rule for unpaid interest on new loans (Settings): what the loan form offers
 * first. Loans that exist keep their own.
 */
export function useNewLoanRule(): InterestOn {
  const { doc } = useSignedIn().workspace.lender
  let store = newLoanRules.get(doc)
  if (!store) {
    const listeners = new Set<() => void>()
    profileMap(doc).observe((event) => {
      if (!event.keysChanged.has(NEW_LOAN_RULE_FIELD)) return
      for (const listener of listeners) listener()
    })
    store = {
      subscribe: (onChange) => {
        listeners.add(onChange)
        return () => listeners.delete(onChange)
      },
    }
    newLoanRules.set(doc, store)
  }
  // A string, so React compares it by value.
  return useSyncExternalStore(store.subscribe, () => readNewLoanRule(doc))
}

/** The lender's display name and UPI ID (empty strings when not set). */
export function useProfile(): LenderProfile {
  const store = profileStore(useSignedIn().workspace.lender.doc)
  return useSyncExternalStore(store.subscribe, store.read)
}

/** The signed-in lender. */
export function useSession(): { user: SessionUser } {
  const { user } = useSignedIn()
  return useMemo(() => ({ user }), [user])
}

/**
 * The named writes, bound to the open docs and stamped with the current time and who made them:
 * the signed-in account and this device's name, read at the moment of the write so a renamed
 * device signs its next change with the new name. The stamp is history only, never money.
 */
export function useMutations() {
  const { user, workspace } = useSignedIn()
  const { lender, cities } = workspace
  const account = user.email
  return useMemo(() => {
    const doc = lender.doc
    const stamp = () => ({
      now: new Date().toISOString(),
      by: { account, device: readDeviceName() },
    })
    return {
      addPerson: (input: PersonInput) => addPerson(doc, input, stamp()),
      updatePerson: (id: string, patch: Partial<PersonInput>) =>
        updatePerson(doc, id, patch, stamp()),
      archivePerson: (id: string) => archivePerson(doc, id, stamp()),
      restorePerson: (id: string) => restorePerson(doc, id, stamp()),
      addLoan: (input: LoanInput) => addLoan(doc, input, stamp()),
      updateLoan: (id: string, patch: LoanPatch) => updateLoan(doc, id, patch, stamp()),
      /**
       * `updateLoan`, giving the record of the loan's history the change made (null when it
       * changed nothing), for the confirmation and its Undo. `found` is false for an unknown loan.
       */
      editLoan: (id: string, patch: LoanPatch): { found: boolean; edit: LoanEdit | null } => {
        const editId = newId(undefined)
        const found = updateLoan(doc, id, patch, { ...stamp(), editId })
        return { found, edit: readLoanEdit(doc, editId, loanEditsMap(doc).get(editId)) }
      },
      /** Puts a change of a loan's terms back, recording that as a change of its own. */
      undoLoanEdit: (editId: string) => undoLoanEdit(doc, editId, stamp()),
      archiveLoan: (id: string) => archiveLoan(doc, id, stamp()),
      restoreLoan: (id: string) => restoreLoan(doc, id, stamp()),
      recordDeposit: (deposit: DepositInput) => recordDeposit(doc, deposit, stamp()),
      recordWaiver: (input: WaiverInput) => recordWaiver(doc, input, stamp()),
      /** Voids a whole deposit (every loan it paid) or one waiver, with the lender's reason. */
      voidEntry: (target: VoidTarget, reason: string) =>
        target.kind === 'deposit'
          ? voidDeposit(doc, target.id, reason, stamp())
          : voidWaiver(doc, target.id, reason, stamp()),
      /** Undoes every active void of the deposit or waiver (two devices may both have voided it). */
      undoVoid: (target: VoidTarget) => undoVoidsOf(doc, target.id, stamp()),
      addCity: (name: string) => addCity(cities.doc, name, stamp()),
      /** The lender's display name and UPI ID, for statements, reminders and receipts. */
      setProfile: (patch: Partial<LenderProfile>) => setProfile(doc, patch),
      /** The rule for unpaid interest that new loans start with; loans that exist keep theirs. */
      setNewLoanRule: (rule: InterestOn) => setNewLoanRule(doc, rule),
    }
  }, [lender, cities, account])
}

/** What a void acts on: a whole deposit, or one waiver. */
export interface VoidTarget {
  kind: 'deposit' | 'waiver'
  id: string
}

/** The functions `useMutations` returns. */
export type Mutations = ReturnType<typeof useMutations>
