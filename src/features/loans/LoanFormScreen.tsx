import { Box, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { addDays } from '../../../shared/dates.ts'
import {
  changesMoneyTerms,
  loanFigures,
  previewTermsChange,
  validateStatus,
  type TermsChangePreview,
} from '../../../shared/ledger/engine.ts'
import { formatINR, paiseToRupeeInput } from '../../../shared/money.ts'
import type { Loan, LoanEdit } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useNewLoanRule,
  useToday,
} from '../../data/book/hooks.ts'
import { toaster } from '../../ui/Toaster.tsx'
import { InterestRuleField } from './InterestRuleField.tsx'
import { changesText } from './loanEdits.ts'
import { OldDuesFields } from './OldDuesFields.tsx'
import { TermsChangeDialog } from './TermsChangeDialog.tsx'
import { AmountField } from '../../ui/AmountField.tsx'
import { DateField } from '../../ui/DateField.tsx'
import {
  FormAlert,
  FormField,
  FormFooter,
  SelectField,
  useFocusFirstError,
} from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import {
  checkLoanForm,
  interestTypes,
  loanFormMessage,
  storedStatuses,
  type LoanFields,
  type LoanFormField,
  type LoanFormValues,
} from './loanForm.ts'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import { WritableOnly } from '../../ui/WritableOnly.tsx'
import { SettleButton, SettleDialog } from './SettleDialog.tsx'

/**
 * `/loans/add` (optionally `?personId=`, and `&oldDues=1` to bring an old loan from paper) and
 * `/loans/edit/{id}`: the loan form.
 */
export function LoanFormScreen(props: { loanId?: string; personId?: string; oldDues?: boolean }) {
  return (
    <WritableOnly>
      <LoanFormOf {...props} />
    </WritableOnly>
  )
}

/** The form of a new loan, or of the loan `loanId` once it is found. */
function LoanFormOf({
  loanId,
  personId,
  oldDues,
}: {
  loanId?: string
  personId?: string
  oldDues?: boolean
}) {
  const loans = useActiveLoans()
  const loaded = useLoaded()
  const { t } = useTranslation('loans')
  if (loanId === undefined) return <LoanForm personId={personId} oldDues={oldDues} />
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
    interestOn: loan.interestOn ?? 'balance',
    oldDues: (loan.openingInterest ?? 0) > 0,
    openingInterest: loan.openingInterest ? paiseToRupeeInput(loan.openingInterest) : '',
  }
}

/** An empty form for a new loan; an old loan from paper starts from the person's noted balance. */
function newLoanValues(
  personId: string,
  note: number,
  oldDues: boolean,
  today: string,
  newLoanRule: LoanFormValues['interestOn'],
): LoanFormValues {
  return {
    personId,
    amount: note > 0 ? paiseToRupeeInput(note) : '',
    interestRate: '',
    interestType: 'per_annum',
    startDate: today,
    dueDate: '',
    description: '',
    status: 'active',
    // A new loan starts with the book's rule (Settings); a loan keeps its own.
    interestOn: newLoanRule,
    oldDues,
    openingInterest: '',
  }
}

/** What the last submit found wrong, per field: its message, or '' when the form's says why. */
type FieldErrors = Partial<Record<LoanFormField, string>>

/** The form; keeps what was typed when a check fails and shows the spec's message. */
function LoanForm({
  loan,
  personId,
  oldDues = false,
}: {
  loan?: Loan
  personId?: string
  oldDues?: boolean
}) {
  const people = useActivePeople()
  const today = useToday()
  const newLoanRule = useNewLoanRule()
  const { t } = useTranslation('loans')
  const emptyValues = (): LoanFormValues => {
    // From a person's note of a balance on paper: that balance, as the principal still owed.
    const note = oldDues ? (people.find((p) => p.id === personId)?.balance ?? 0) : 0
    return newLoanValues(personId ?? '', note, oldDues, today, newLoanRule)
  }
  const [values, setValues] = useState<LoanFormValues>(() =>
    loan ? valuesOf(loan) : emptyValues(),
  )
  // A change that rewrites recorded payments waits here for the lender's answer.
  const [pending, setPending] = useState<{ fields: LoanFields; preview: TermsChangePreview }>()
  const [error, setError] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<FieldErrors>({})
  const [settling, setSettling] = useState(false)
  const { formRef, focusFirstError } = useFocusFirstError()
  const saveLoan = useSaveLoan(loan, setError)
  const set = (patch: Partial<LoanFormValues>) => setValues((v) => ({ ...v, ...patch }))
  // Status never hides money (engine notes, rule 8): Paid is refused on a loan that owes today,
  // with the terms as typed (the stored ones while the form cannot be read), beside the field and
  // with Settle for less, which records what is forgiven. Every other label is only a label.
  const statusError = loan ? owesMessage(loan, values, today, t) : null

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
    if (statusError !== null) {
      focusFirstError()
      return
    }
    const preview = loan ? termsChangeToAsk(loan, checked.loan, today) : null
    if (preview) setPending({ fields: checked.loan, preview })
    else save(checked.loan)
  }

  function save(fields: LoanFields) {
    setPending(undefined)
    // Should this form outlive the way to the list (the router keeps a screen up while the
    // next one's code loads, and Add Loan tapped meanwhile comes back to it), the next loan
    // starts empty, never with this one's description or amount.
    if (saveLoan(fields) && !loan) setValues(emptyValues())
  }

  const submitLabel = loan ? t('form.update') : t('form.add')
  return (
    <Page title={loan ? t('form.editTitle') : t('form.addTitle')}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <LoanFormFields
          values={values}
          set={set}
          invalid={invalid}
          loan={loan}
          statusError={statusError}
          onSettle={() => setSettling(true)}
        />
        <FormFooter error={error} submitLabel={submitLabel} cancelTo="/loans" />
      </form>
      {pending && (
        <TermsChangeDialog
          preview={pending.preview}
          onConfirm={() => save(pending.fields)}
          onCancel={() => setPending(undefined)}
        />
      )}
      {loan && settling && (
        <SettleDialog
          loan={loan}
          figures={loanFigures(loan, today)}
          today={today}
          onClose={() => setSettling(false)}
        />
      )}
    </Page>
  )
}

/**
 * The preview to show before saving a change of terms, or null to save at once. A change that
 * would rewrite what recorded payments paid, or change the rule or the old dues behind the
 * figures, is shown first and asked (issue 27, harm 6); the due date, the note and the label
 * change no figure.
 */
function termsChangeToAsk(
  loan: Loan,
  fields: LoanFields,
  today: string,
): TermsChangePreview | null {
  const { amount, interestRate, interestType, startDate, interestOn, openingInterest } = fields
  const terms = { amount, interestRate, interestType, startDate, interestOn, openingInterest }
  if (!changesMoneyTerms(loan, terms)) return null
  const recorded = loan.payments.length > 0 || loan.waivers.length > 0
  const rule = changesMoneyTerms(loan, { interestOn, openingInterest })
  const preview = previewTermsChange(loan, terms, today)
  return (recorded || rule) && preview.changesFigures ? preview : null
}

/**
 * Saves the form's fields as a new loan or over `loan`, then goes to the list, where a change
 * of terms is announced with Undo. A failure is said on the form (`onError`), in plain words.
 */
function useSaveLoan(loan: Loan | undefined, onError: (message: string) => void) {
  const { addLoan, editLoan } = useMutations()
  const announceChange = useAnnounceChange()
  const navigate = useNavigate()
  const { t } = useTranslation('loans')
  return (fields: LoanFields): boolean => {
    let changed: LoanEdit | null = null
    try {
      if (loan) {
        const { found, edit } = editLoan(loan.id, fields)
        if (!found) {
          onError(t('form.errors.notFound'))
          return false
        }
        if (edit) changed = edit
      } else {
        const { status: _status, ...input } = fields
        addLoan(input)
      }
    } catch (cause) {
      // The lender reads plain words; the exception is for whoever looks into it.
      console.error(cause)
      onError(t('ui:notSaved'))
      return false
    }
    const edit = changed as LoanEdit | null
    // What changed, said once the list is up, with an Undo that is itself recorded.
    void navigate({ to: '/loans' }).finally(() => {
      if (edit) announceChange(edit)
    })
    return true
  }
}

/**
 * Why the status chosen cannot be stored, or null: Paid on a loan that owes today once saved
 * (`validateStatus`), said with what it owes.
 */
function owesMessage(
  loan: Loan,
  values: LoanFormValues,
  today: string,
  t: TFunction,
): string | null {
  const checked = checkLoanForm(values)
  const dueToday = loanFigures(checked.ok ? { ...loan, ...checked.loan } : loan, today).totalDue
  return validateStatus(values.status, dueToday).ok
    ? null
    : t('form.errors.owes', { amount: formatINR(dueToday) })
}

/**
 * Says what a saved change of a loan's terms changed, once the list is up, with an Undo that is
 * itself recorded.
 */
function useAnnounceChange() {
  const people = useActivePeople()
  const { undoLoanEdit } = useMutations()
  const { t } = useTranslation('loans')
  return (edit: LoanEdit) => {
    const nameOf = (id: string) => people.find((p) => p.id === id)?.name
    const changes = changesText(edit, t, nameOf)
    const undo = () => {
      const result = undoLoanEdit(edit.id)
      toaster.create(
        result.ok
          ? { title: t('change.undone', { changes }), type: 'info' }
          : {
              title: t('change.notUndone', { reason: t(`change.reasons.${result.reason}`) }),
              type: 'error',
            },
      )
    }
    toaster.create({
      title: t('change.saved', { changes }),
      type: 'success',
      duration: 10_000,
      action: { label: t('change.undo'), onClick: undo },
    })
  }
}

/** The loan form's fields, each refusal beside its field. */
function LoanFormFields({
  values,
  set,
  invalid,
  loan,
  statusError,
  onSettle,
}: {
  values: LoanFormValues
  set: (patch: Partial<LoanFormValues>) => void
  invalid: FieldErrors
  loan: Loan | undefined
  statusError: string | null
  onSettle: () => void
}) {
  const people = useActivePeople()
  const { t } = useTranslation('loans')
  const personChoices = [...people]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((p) => ({ value: p.id, label: p.phone ? `${p.name} (${p.phone})` : p.name }))
  return (
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
        <StatusField
          status={values.status}
          onChange={(status) => set({ status })}
          error={statusError}
          onSettle={onSettle}
        />
      )}
      <Box gridColumn={{ md: 'span 2' }}>
        <InterestRuleField
          value={values.interestOn ?? 'balance'}
          onChange={(interestOn) => set({ interestOn })}
          {...(!loan && { note: t('form.rule.newDefault') })}
        />
      </Box>
      <Box gridColumn={{ md: 'span 2' }}>
        <OldDuesFields
          checked={values.oldDues ?? false}
          onCheck={(checked) => set({ oldDues: checked })}
          interest={values.openingInterest ?? ''}
          onInterest={(openingInterest) => set({ openingInterest })}
          error={invalid.openingInterest}
        />
      </Box>
      <FormField label={t('form.description')}>
        <Textarea
          rows={2}
          value={values.description}
          maxLength={MAX_TEXT_LENGTH}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
      </FormField>
    </SimpleGrid>
  )
}

/**
 * A loan's status label. Paid on a loan that still owes is refused beside it (`error`), with
 * Settle for less, which records what is forgiven.
 */
function StatusField({
  status,
  onChange,
  error,
  onSettle,
}: {
  status: LoanFormValues['status']
  onChange: (status: LoanFormValues['status']) => void
  error: string | null
  onSettle: () => void
}) {
  const { t } = useTranslation('loans')
  return (
    <Stack gap="2">
      <SelectField
        label={t('form.status')}
        value={status}
        onChange={(s) => onChange(s as LoanFormValues['status'])}
        choices={storedStatuses.map((s) => ({ value: s, label: t(`form.statuses.${s}`) }))}
        error={error}
        helper={t('form.statusHelp')}
      />
      {error !== null && <SettleButton alignSelf="start" onClick={onSettle} />}
    </Stack>
  )
}
