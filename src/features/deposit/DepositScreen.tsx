import { Link, useNavigate } from '@tanstack/react-router'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Allocation } from '../../../shared/ledger/engine.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useFiguresOf,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/book/hooks.ts'
import { MissingPage } from '../../ui/Page.tsx'
import { undoableToast } from '../../ui/undoableToast.ts'
import { WritableOnly } from '../../ui/WritableOnly.tsx'
import { rememberDeposit } from '../reminders/lastDeposit.ts'
import { DepositFormView } from './DepositFormView.tsx'

/** `/users/{personId}/deposit`: one deposit, split across the person's loans. */
export function DepositScreen(props: { personId: string }) {
  return (
    <WritableOnly>
      <DepositFormScreen {...props} />
    </WritableOnly>
  )
}

/** The deposit form of `personId`, once the person is found. */
function DepositFormScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const loaded = useLoaded()
  // Every loan of the person is listed (spec §4), in creation order: auto-allocate breaks
  // due-date ties by it.
  const liveLoans = useActiveLoansOf(personId)
  const liveToday = useToday()
  // Record leads to the person's page. From the tap until this page is left, the form keeps the
  // figures the lender confirmed: it is not rendered again under the deposit it has just
  // recorded, a render that would be thrown away and that costs, on a big book, about as much
  // as the page it leads to.
  const [held, hold] = useState<Held | null>(null)
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('deposit')
  if (!person) {
    return <MissingPage title={t('title')} message={loaded ? t('notFound') : t('loading')} />
  }
  return (
    <DepositForm
      personId={personId}
      personName={person.name}
      loans={held?.loans ?? liveLoans}
      today={held?.today ?? liveToday}
      hold={hold}
    />
  )
}

/** What the form shows while Record leaves the page. */
interface Held {
  loans: readonly Loan[]
  today: IsoDate
}

interface DepositFormProps {
  personId: string
  personName: string
  loans: readonly Loan[]
  today: IsoDate
  hold: (held: Held | null) => void
}

/** The deposit form on the lender's book: recording goes to the person's page, with Undo. */
const DepositForm = memo(function DepositForm(props: DepositFormProps) {
  const { personId } = props
  const { t } = useTranslation('deposit')
  return (
    <DepositFormView
      personName={props.personName}
      loans={props.loans}
      today={props.today}
      figuresOf={useFiguresOf()}
      onRecord={useRecordDeposit(props)}
      cancel={
        <Link to="/users/$personId/loans" params={{ personId }}>
          {t('cancel')}
        </Link>
      }
    />
  )
})

/**
 * Records a checked deposit and goes to the person's page, where the toast says what was
 * received, with Undo. A refusal or a failure is said on the form (`onError`) and nothing is kept.
 */
function useRecordDeposit({ personId, personName, loans, today, hold }: DepositFormProps) {
  const { recordDeposit, voidEntry } = useMutations()
  const navigate = useNavigate()
  const { t } = useTranslation('deposit')
  return (
    date: string,
    description: string,
    checkedAllocations: Allocation[],
    onError: (message: string) => void,
  ) => {
    let depositId: string
    hold({ loans, today })
    try {
      const result = recordDeposit({
        date,
        ...(description.trim() !== '' && { description: description.trim() }),
        allocations: checkedAllocations,
      })
      if (!result.ok) {
        hold(null)
        onError(
          result.reason === 'loanNotFound' ? t('errors.loanNotFound') : t('errors.noAllocation'),
        )
        return
      }
      depositId = result.depositId
      // The person's page offers "Send receipt" for it.
      rememberDeposit(personId, depositId)
    } catch (cause) {
      hold(null)
      // The lender reads plain words; the exception is for whoever looks into it.
      console.error(cause)
      onError(t('errors.notSaved'))
      return
    }
    // The allocations add up to the cash typed (validateDeposit), so this is what was received.
    const received = formatINR(checkedAllocations.reduce((sum, a) => sum + a.amount, 0))
    // The toast comes once the person's page is up: raising it measures the page it sits on.
    // Undo is a void (a new fact, with its reason), never a delete: the history keeps it.
    void navigate({ to: '/users/$personId/loans', params: { personId } }).finally(() =>
      undoableToast({
        title: t('received', { amount: received, name: personName }),
        undoLabel: t('undo'),
        undo: () => {
          const voided = voidEntry({ kind: 'deposit', id: depositId }, t('undoReason'))
          return voided.ok
            ? { ok: true, title: t('undone', { amount: received, name: personName }) }
            : { ok: false, title: t(`loans:void.${voided.reason}`) }
        },
      }),
    )
  }
}
