import { Button, Flex, Input, SimpleGrid, Textarea } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { addDays } from '../../../shared/dates.ts'
import { paiseToRupeeInput } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/hooks.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { FormAlert, FormField, SelectField, useFocusFirstError } from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import {
  checkLoanForm,
  interestTypes,
  loanFormMessage,
  storedStatuses,
  type LoanFormField,
  type LoanFormValues,
} from './loanForm.ts'

/** `/loans/add` (optionally `?personId=`) and `/loans/edit/{id}`: the loan form. */
export function LoanFormScreen({ loanId, personId }: { loanId?: string; personId?: string }) {
  const loans = useActiveLoans()
  const loaded = useLoaded()
  const { t } = useTranslation('loans')
  if (loanId === undefined) return <LoanForm personId={personId} />
  const loan = loans.find((l) => l.id === loanId)
  if (loan) return <LoanForm loan={loan} key={loan.id} />
  return (
    <Page title={t('form.editTitle')}>
      {loaded ? <FormAlert message={t('form.errors.notFound')} /> : <Notice>{t('loading')}</Notice>}
    </Page>
  )
}

function valuesOf(loan: Loan): LoanFormValues {
  return {
    personId: loan.personId,
    amount: paiseToRupeeInput(loan.amount),
    interestRate: String(loan.interestRate),
    interestType: loan.interestType,
    startDate: loan.startDate,
    dueDate: loan.dueDate,
    description: loan.description,
    status: loan.status,
  }
}

/** What the last submit found wrong, per field: its message, or '' when the form's says why. */
type FieldErrors = Partial<Record<LoanFormField, string>>

/** The form; keeps what was typed when a check fails and shows the spec's message. */
function LoanForm({ loan, personId }: { loan?: Loan; personId?: string }) {
  const people = useActivePeople()
  const today = useToday()
  const { addLoan, updateLoan } = useMutations()
  const navigate = useNavigate()
  const { t } = useTranslation('loans')
  const [values, setValues] = useState<LoanFormValues>(() =>
    loan
      ? valuesOf(loan)
      : {
          personId: personId ?? '',
          amount: '',
          interestRate: '',
          interestType: 'per_annum',
          startDate: today,
          dueDate: '',
          description: '',
          status: 'active',
        },
  )
  const [error, setError] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<FieldErrors>({})
  const { formRef, focusFirstError } = useFocusFirstError()
  const set = (patch: Partial<LoanFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const personChoices = [...people]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((p) => ({ value: p.id, label: p.phone ? `${p.name} (${p.phone})` : p.name }))

  function submit(event: FormEvent) {
    event.preventDefault()
    // A person who is not (or no longer) in the list, e.g. from a stale ?personId=, counts as
    // no person chosen: the select shows its placeholder, so the message must agree with it.
    const known = people.some((p) => p.id === values.personId)
    const checked = checkLoanForm(known ? values : { ...values, personId: '' })
    if (!checked.ok) {
      // A message about one field sits beside it; "fill in all required fields" stays with the
      // button, and each empty required field is marked. Either way the first one gets focus.
      const message = loanFormMessage(checked.reason, t)
      const beside = checked.fields.length === 1 && checked.reason !== 'required'
      setError(beside ? null : message)
      setInvalid(Object.fromEntries(checked.fields.map((field) => [field, beside ? message : ''])))
      focusFirstError()
      return
    }
    setInvalid({})
    setError(null)
    try {
      if (loan) {
        if (!updateLoan(loan.id, checked.loan)) {
          setError(t('form.errors.notFound'))
          return
        }
      } else {
        const { status: _status, ...input } = checked.loan
        addLoan(input)
      }
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
      return
    }
    void navigate({ to: '/loans' })
  }

  return (
    <Page title={loan ? t('form.editTitle') : t('form.addTitle')}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="3xl">
          <SelectField
            label={t('form.person')}
            value={values.personId}
            onChange={(id) => set({ personId: id })}
            placeholder={t('form.selectPerson')}
            choices={personChoices}
            error={invalid.personId}
          />
          <AmountField
            label={t('form.amount')}
            min="1"
            value={values.amount}
            onChange={(amount) => set({ amount })}
            error={invalid.amount}
          />
          <FormField label={t('form.interestRate')} error={invalid.interestRate}>
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={values.interestRate}
              onChange={(e) => set({ interestRate: e.currentTarget.value })}
            />
          </FormField>
          <SelectField
            label={t('form.interestType')}
            value={values.interestType}
            onChange={(type) => set({ interestType: type as LoanFormValues['interestType'] })}
            choices={interestTypes.map((type) => ({ value: type, label: t(`form.types.${type}`) }))}
          />
          <DateField
            label={t('form.startDate')}
            value={values.startDate}
            onChange={(startDate) => set({ startDate })}
            error={invalid.startDate}
          />
          {/* The calendar offers days after the start only: a due date on the start day is
              refused anyway ("Due date must be after start date"). */}
          <DateField
            label={t('form.dueDate')}
            min={values.startDate ? addDays(values.startDate, 1) : undefined}
            value={values.dueDate}
            onChange={(dueDate) => set({ dueDate })}
            error={invalid.dueDate}
          />
          {loan && (
            <SelectField
              label={t('form.status')}
              value={values.status}
              onChange={(s) => set({ status: s as LoanFormValues['status'] })}
              choices={storedStatuses.map((s) => ({ value: s, label: t(`form.statuses.${s}`) }))}
            />
          )}
          <FormField label={t('form.description')}>
            <Textarea
              rows={2}
              value={values.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
            />
          </FormField>
        </SimpleGrid>
        <Flex direction="column" gap="3" mt="5" maxW="3xl">
          <FormAlert message={error} />
          <Flex gap="2">
            <Button type="submit" colorPalette="blue">
              {loan ? t('form.update') : t('form.add')}
            </Button>
            <Button asChild variant="outline">
              <Link to="/loans">{t('form.cancel')}</Link>
            </Button>
          </Flex>
        </Flex>
      </form>
    </Page>
  )
}
