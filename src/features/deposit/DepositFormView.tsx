import { Button, Flex, GridItem, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import type { Allocation } from '../../../shared/ledger/engine.ts'
import type { FiguresOf } from '../../../shared/ledger/figures.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { AllocationRow } from './AllocationRow.tsx'
import { checkDeposit } from './checkDeposit.ts'
import { DepositPreview, Totals } from './DepositPreview.tsx'
import { RestChoices } from './RestChoices.tsx'
import { useDepositForm, type DepositForm as FormState } from './useDepositForm.ts'

/** What the form needs: whose deposit, their loans, and what Record and Cancel do. */
export interface DepositFormViewProps {
  personName: string
  loans: readonly Loan[]
  today: IsoDate
  figuresOf: FiguresOf
  /** Records a checked deposit; says on the form (`onError`) why it could not. */
  onRecord: (
    date: string,
    description: string,
    allocations: Allocation[],
    onError: (message: string) => void,
  ) => void
  /** The link or button that leaves the form without recording. */
  cancel: ReactNode
}

/**
 * One deposit, split across a person's loans: the cash, its date, a description, the preview of
 * what it does, Record, and the per-loan allocations. The lender's deposit page and a collector's
 * both draw it; each says what Record does.
 */
export function DepositFormView(props: DepositFormViewProps) {
  const { personName, loans, today } = props
  const { t } = useTranslation('deposit')
  const form = useDepositForm(loans, today, props.figuresOf)
  const record = props.onRecord
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
              {props.cancel}
            </Button>
          </Flex>
          <Allocations form={form} loans={loans} />
        </Stack>
      </form>
    </Page>
  )
}

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
