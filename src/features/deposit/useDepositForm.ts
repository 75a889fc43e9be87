import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isIsoDate } from '../../../shared/dates.ts'
import {
  autoAllocate,
  balanceDue,
  previewDeposit,
  settlingAmount,
} from '../../../shared/ledger/engine.ts'
import type { FiguresOf } from '../../../shared/ledger/figures.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import { paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { depositGap, withRestOn } from './depositRest.ts'

/** Paise typed into an allocation box: empty is 0; null when the text is not an amount. */
export function allocationPaise(text: string | undefined): Paise | null {
  if (text === undefined || text.trim() === '') return 0
  const parsed = parseRupees(text)
  return parsed.ok ? parsed.paise : null
}

/** The deposit form's state and what follows from it; see `useDepositForm`. */
export type DepositForm = ReturnType<typeof useDepositForm>

/**
 * What the lender has typed into a deposit form (the cash, the date, a description, the
 * allocations) and what the engine makes of it: what is due and what settles each loan, the
 * allocations (automatic until the lender types one), the rest still to place, and the preview.
 * `figuresOf` gives a loan's figures today: the book's cache, or the engine's own on a collector's
 * sheet.
 */
export function useDepositForm(loans: readonly Loan[], today: IsoDate, figuresOf: FiguresOf) {
  const [date, setDate] = useState<string>(today)
  const dues = useDues(loans, today, date, figuresOf)
  // The usual deposit is "what is due today": the form opens with it, already allocated oldest
  // due first, so Record is the only tap left. The lender can change it.
  const [amountText, setAmountText] = useState(() =>
    dues.outstandingToday > 0 ? paiseToRupeeInput(dues.outstandingToday) : '',
  )
  const [description, setDescription] = useState('')
  // null: the allocations follow the amount (auto-allocated). Once the lender types an
  // allocation or taps Pay Full, they are theirs until the amount changes or Auto-allocate.
  const [manual, setManual] = useState<Record<string, string> | null>(null)
  // The loan the lender chose, in words, to hold what goes beyond its due as overpaid (rule 11:
  // the rest of the cash is put on a loan, never dropped). Only it may take more than settles it.
  const [overpaidOn, setOverpaidOn] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const { settles, dated } = dues
  const amount = parseRupees(amountText)
  const allocations: Record<string, string> =
    manual ??
    (amount.ok && amount.paise > 0
      ? Object.fromEntries(
          autoAllocate(
            amount.paise,
            loans.map((loan) => ({
              id: loan.id,
              dueDate: loan.dueDate,
              balanceDue: settles(loan),
            })),
          ).map((s) => [s.id, paiseToRupeeInput(s.amount)]),
        )
      : {})
  const typed = loans.map((loan) => ({ loan, paise: allocationPaise(allocations[loan.id]) }))
  const allocated = typed.reduce((sum, t) => sum + (t.paise ?? 0), 0)
  // What is left to place, and allocations beyond what settles a loan that the lender has not
  // chosen to keep as overpaid: the form says both, and offers the ways out, before Record.
  const gap =
    amount.ok && amount.paise > 0
      ? depositGap(
          amount.paise,
          typed.map((t) => ({ loanId: t.loan.id, paise: t.paise })),
          (loanId) => dues.settling.get(loanId) ?? 0,
          overpaidOn,
        )
      : null

  // Each allocation replayed among all of its loan's facts, earlier and later (the engine's).
  const previews =
    dated === null
      ? []
      : previewDeposit(
          loans,
          {
            date: dated,
            allocations: typed.flatMap((t) =>
              t.paise !== null && t.paise > 0 ? [{ loanId: t.loan.id, amount: t.paise }] : [],
            ),
          },
          today,
        )

  const changes = useAllocationChanges(
    { allocations, amount, gap, allocated, manual, settles },
    { setAmountText, setManual, setOverpaidOn, setError },
  )
  return {
    ...dues,
    ...changes,
    amountText,
    amount,
    date,
    setDate,
    description,
    setDescription,
    overpaidOn,
    error,
    setError,
    allocations,
    typed,
    allocated,
    gap,
    previews,
  }
}

/**
 * What each loan owes: due today (engine notes, rule 10), and for a deposit dated `date` what was
 * due then (when it is back-dated) and what settles the loan then. The settling amount is the
 * engine's for that date, which sees the payments recorded after it.
 */
function useDues(loans: readonly Loan[], today: IsoDate, date: string, figuresOf: FiguresOf) {
  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, figuresOf(l, today)])),
    [loans, today, figuresOf],
  )
  const dueToday = (loan: Loan): Paise => figures.get(loan.id)?.totalDue ?? 0
  const outstandingLoans = loans.filter((loan) => figures.get(loan.id)?.outstanding)
  const outstandingToday = outstandingLoans.reduce((sum, loan) => sum + dueToday(loan), 0)
  const dated = isIsoDate(date) && date <= today ? date : null
  const settling = useMemo(
    () => new Map(loans.map((l) => [l.id, settlingAmount(l, dated ?? today, today)])),
    [loans, dated, today],
  )
  const dueOnDate = useMemo(
    () =>
      dated !== null && dated < today
        ? new Map(loans.map((l) => [l.id, balanceDue(l, dated)]))
        : null,
    [loans, dated, today],
  )
  const settles = (loan: Loan): Paise => settling.get(loan.id) ?? 0
  const outstandingOnDate =
    dueOnDate && outstandingLoans.reduce((sum, loan) => sum + (dueOnDate.get(loan.id) ?? 0), 0)
  return {
    figures,
    dueToday,
    outstandingToday,
    dated,
    settling,
    dueOnDate,
    settles,
    outstandingOnDate,
  }
}

/** What the lender's changes start from. */
interface AllocationsNow {
  allocations: Record<string, string>
  amount: ReturnType<typeof parseRupees>
  gap: ReturnType<typeof depositGap> | null
  allocated: Paise
  manual: Record<string, string> | null
  settles: (loan: Loan) => Paise
}

/** The form's state that the lender's changes set. */
interface AllocationSetters {
  setAmountText: (text: string) => void
  setManual: (manual: Record<string, string> | null) => void
  setOverpaidOn: (loanId: string | null) => void
  setError: (error: string | null) => void
}

/**
 * The lender's changes to the amount and the allocations: typing either, Pay Full, Auto-allocate,
 * and the three ways out of a rest still to place.
 */
function useAllocationChanges(now: AllocationsNow, set: AllocationSetters) {
  const { t } = useTranslation('deposit')
  const { allocations, gap, manual } = now
  return {
    changeAmount(text: string) {
      set.setAmountText(text)
      set.setManual(null)
      set.setOverpaidOn(null)
    },
    /** "Put ₹X on this loan": the rest of the cash joins this loan's allocation, as overpaid. */
    putRestOn(loanId: string) {
      if (!gap || gap.rest <= 0) return
      set.setManual(withRestOn(allocations, loanId, gap.rest))
      set.setOverpaidOn(loanId)
      set.setError(null)
    },
    /** "Keep ₹X on this loan as overpaid": its allocation beyond what settles it stands. */
    keepOverpaid(loanId: string) {
      set.setManual(allocations)
      set.setOverpaidOn(loanId)
      set.setError(null)
    },
    /** "Change the amount to ₹X": the cash becomes what is allocated; the allocations stay. */
    amountToAllocated() {
      set.setManual(allocations)
      set.setAmountText(paiseToRupeeInput(now.allocated))
      set.setError(null)
    },
    // Typing an allocation by hand, like Pay Full, leaves auto-allocation: from it, the typed
    // one starts afresh (the other boxes empty), so what the lender sees is exactly what is
    // recorded.
    setAllocation(loanId: string, text: string) {
      set.setManual({ ...(manual ?? {}), [loanId]: text })
    },
    /**
     * Pay Full: this loan's allocation becomes what settles it, and the amount becomes what is
     * allocated, so Record right after it records exactly that. From auto-allocation it starts
     * afresh (the deposit pays this loan); after the lender's own allocations it adds to them.
     */
    payFull(loan: Loan) {
      const next = { ...(manual ?? {}), [loan.id]: paiseToRupeeInput(now.settles(loan)) }
      const total = Object.values(next).reduce((sum, text) => sum + (allocationPaise(text) ?? 0), 0)
      set.setManual(next)
      set.setAmountText(paiseToRupeeInput(total))
      set.setError(null)
    },
    autoFill() {
      if (!now.amount.ok || now.amount.paise <= 0) {
        set.setError(t('errors.invalidAmount'))
        return
      }
      set.setError(null)
      set.setManual(null)
      set.setOverpaidOn(null)
    },
  }
}
