import { Button, Flex, GridItem, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { memo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Allocation } from '../../../shared/ledger/engine.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/book/hooks.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { MissingPage, Notice, Page } from '../../ui/Page.tsx'
import { undoableToast } from '../../ui/undoableToast.ts'
import { rememberDeposit } from '../reminders/lastDeposit.ts'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import { AllocationRow } from './AllocationRow.tsx'
import { checkDeposit } from './checkDeposit.ts'
import { DepositPreview, Totals } from './DepositPreview.tsx'
import { RestChoices } from './RestChoices.tsx'
import { WritableOnly } from '../../ui/WritableOnly.tsx'
import { useDepositForm, type DepositForm as FormState } from './useDepositForm.ts'

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

const DepositForm = memo(function DepositForm(props: DepositFormProps) {
  const { personId, personName, loans, today } = props
  const { t } = useTranslation('deposit')
  const form = useDepositForm(loans, today)
  const record = useRecordDeposit(props)
  const { dated, outstandingOnDate, amount, allocated, gap } = form

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkDeposit(form, loans, today, t)
    if (!checked.ok) form.setError(checked.message)
    else record(form.date, form.description, checked.allocations, form.setError)
  }

  // On a phone the form reads top to bottom as the three taps need it: the amount and the date,
  // the preview of what the deposit does, Record; the per-loan allocations (already filled)
  // follow for the lender who wants to change them.
  return (
    <Page title={t('titleFor', { name: personName })}>
      <Text role="group" color="fg.muted" aria-label={t('totalLabel')} mt="-2">
        {t('common:money.dueToday')}: <Money paise={form.outstandingToday} />
        {dated !== null && outstandingOnDate !== null && (
          <>
            {' · '}
            {t('dueOn', { date: formatDisplayDate(dated) })}: <Money paise={outstandingOnDate} />
          </>
        )}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4" maxW="4xl">
          <DepositFields form={form} today={today} />
          {form.previews.length > 0 && <DepositPreview lines={form.previews} loans={loans} />}
          <Totals amount={amount.ok ? amount.paise : null} allocated={allocated} />
          {gap && (
            <RestChoices
              gap={gap}
              allocated={allocated}
              personName={personName}
              loans={loans}
              actions={{
                onPutRest: form.putRestOn,
                onKeepOverpaid: form.keepOverpaid,
                onAmountToAllocated: form.amountToAllocated,
              }}
            />
          )}
          <FormAlert message={form.error} />
          <Flex gap="2">
            <Button type="submit" colorPalette="green" minH="11" flex={{ base: '1', md: 'none' }}>
              {t('record')}
            </Button>
            <Button asChild variant="outline" minH="11">
              <Link to="/users/$personId/loans" params={{ personId }}>
                {t('cancel')}
              </Link>
            </Button>
          </Flex>
          <Allocations form={form} loans={loans} />
        </Stack>
      </form>
    </Page>
  )
})

/** The cash, its date and a description, the three things every deposit has. */
function DepositFields({ form, today }: { form: FormState; today: IsoDate }) {
  const { t } = useTranslation('deposit')
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
      <AmountField
        label={t('amount')}
        min="0.01"
        value={form.amountText}
        onChange={form.changeAmount}
      />
      <DateField
        label={t('date')}
        max={today}
        value={isIsoDate(form.date) ? form.date : ''}
        onChange={form.setDate}
      />
      <GridItem colSpan={{ base: 2, md: 1 }}>
        <FormField label={t('description')}>
          <Input
            placeholder={t('descriptionPlaceholder')}
            value={form.description}
            maxLength={MAX_TEXT_LENGTH}
            onChange={(e) => form.setDescription(e.currentTarget.value)}
          />
        </FormField>
      </GridItem>
    </SimpleGrid>
  )
}

/** Each loan's allocation box, under Auto-allocate, which spreads the cash again. */
function Allocations({ form, loans }: { form: FormState; loans: readonly Loan[] }) {
  const { t } = useTranslation('deposit')
  const { dated, dueOnDate, figures, overpaidOn } = form
  return (
    <>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="2">
        <Heading as="h2" size="md">
          {t('allocate')}
        </Heading>
        <Button variant="outline" minH="11" onClick={form.autoFill}>
          {t('autoAllocate')}
        </Button>
      </Flex>
      {loans.length === 0 ? (
        <Notice>{t('noLoans')}</Notice>
      ) : (
        <Stack gap="3">
          {loans.map((loan) => (
            <AllocationRow
              key={loan.id}
              loan={loan}
              dueToday={form.dueToday(loan)}
              dueOnDate={
                dated !== null && dueOnDate
                  ? { date: dated, paise: dueOnDate.get(loan.id) ?? 0 }
                  : null
              }
              settles={form.settles(loan)}
              overpaid={
                loan.id === overpaidOn
                  ? (form.previews.find((line) => line.loanId === loan.id)?.overpaid ?? 0)
                  : 0
              }
              status={figures.get(loan.id)?.status ?? 'Active'}
              settledByWaiver={figures.get(loan.id)?.settledByWaiver ?? false}
              value={form.allocations[loan.id] ?? ''}
              onChange={(text) => form.setAllocation(loan.id, text)}
              onPayFull={() => form.payFull(loan)}
            />
          ))}
        </Stack>
      )}
    </>
  )
}

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
