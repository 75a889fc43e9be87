import { Button, Dialog, Field, Flex, Input, Stack, Text, type ButtonProps } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isIsoDate } from '../../../shared/dates.ts'
import {
  previewWaiver,
  settlingAmount,
  validateWaiver,
  type LoanFigures,
  type WaiverPreview,
  type WaiverReason,
} from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatINR, paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { useActivePeople, useMutations } from '../../data/book/hooks.ts'
import { DateField } from '../../ui/DateField.tsx'
import { DialogFrame, DialogParts } from '../../ui/Dialog.tsx'
import { Money } from '../../ui/Money.tsx'
import { undoableToast } from '../../ui/undoableToast.ts'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import { loanCallName } from './loanText.ts'

// Which field a refused waiver's message sits beside.
const dateReasons: readonly WaiverReason[] = ['missingDate', 'futureDate', 'beforeLoanStart']

/** A waiver the engine accepted, waiting for the lender's yes. */
interface Asked {
  amount: Paise
  preview: WaiverPreview
}

/**
 * Settle for less: the lender forgives part or all of what is due on one loan. Nothing is
 * forgiven by accident: the amount starts empty, beside what is due today and (as it is typed)
 * what would remain; the engine checks it (never more than would settle the loan on that date,
 * never a future date), each refusal said beside its field; then the lender confirms a sentence
 * that names the person, the loan and the amount; and the toast that says it was recorded has
 * Undo, which voids the waiver, as a deposit's has.
 */
export function SettleDialog({
  loan,
  figures,
  today,
  onClose,
}: {
  loan: Loan
  figures: LoanFigures
  today: string
  onClose: () => void
}) {
  const { recordWaiver, voidEntry } = useMutations()
  const people = useActivePeople()
  const { t } = useTranslation('loans')
  // Kept here, not in the form: Back from the question finds the form as it was left.
  const form = useWaiverForm(loan, figures, today)
  const [asked, setAsked] = useState<Asked | null>(null)

  // The sentence names the person and the loan as the lender knows them.
  const words = {
    name: people.find((p) => p.id === loan.personId)?.name ?? '—',
    loan: loanCallName(loan, t),
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setAsked(form.check())
  }

  function confirm() {
    if (asked === null) return
    const note = form.note.trim()
    const result = recordWaiver({
      loanId: loan.id,
      date: form.date,
      amount: asked.amount,
      ...(note !== '' && { note }),
    })
    if (!result.ok) {
      setAsked(null)
      form.setAmountError(t('waiver.notFound'))
      return
    }
    onClose()
    const said = { ...words, amount: formatINR(asked.amount) }
    // Undo is a void (a new fact, with its reason), never a delete: the history keeps it.
    undoableToast({
      title: t('waiver.recorded', said),
      undoLabel: t('waiver.undo'),
      undo: () => {
        const voided = voidEntry({ kind: 'waiver', id: result.waiverId }, t('waiver.undoReason'))
        return voided.ok
          ? { ok: true, title: t('waiver.undone', said) }
          : { ok: false, title: t(`void.${voided.reason}`) }
      },
    })
  }

  return (
    <DialogFrame role={asked ? 'alertdialog' : 'dialog'} onClose={onClose}>
      {asked ? (
        <DialogParts
          tall
          title={t('waiver.confirmTitle')}
          cancelLabel={t('waiver.back')}
          confirmLabel={t('waiver.forgive', { amount: formatINR(asked.amount) })}
          confirmPalette="orange"
          onCancel={() => setAsked(null)}
          onConfirm={confirm}
        >
          <Dialog.Description>
            {t(asked.preview.dueTodayAfter > 0 ? 'waiver.confirm' : 'waiver.confirmCloses', {
              ...words,
              amount: formatINR(asked.amount),
              remain: formatINR(asked.preview.dueTodayAfter),
            })}
          </Dialog.Description>
        </DialogParts>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogParts
            tall
            title={t('waiver.title')}
            cancelLabel={t('waiver.cancel')}
            confirmLabel={t('waiver.submit')}
            confirmPalette="orange"
            onCancel={onClose}
          >
            <WaiverFields form={form} figures={figures} today={today} />
          </DialogParts>
        </form>
      )}
    </DialogFrame>
  )
}

type WaiverForm = ReturnType<typeof useWaiverForm>

/**
 * What the lender types into the waiver form, what it would leave due, and `check`, which asks
 * the engine: the waiver to confirm, or null with each refusal set beside its field.
 */
function useWaiverForm(loan: Loan, figures: LoanFigures, today: string) {
  const { t } = useTranslation('loans')
  const [amountText, setAmountText] = useState('')
  const [date, setDate] = useState<string>(today)
  const [note, setNote] = useState('')
  const [amountError, setAmountError] = useState<string | null>(null)
  const [dateError, setDateError] = useState<string | null>(null)

  const dated = isIsoDate(date) && date <= today ? date : null
  // "Waive all due" on the chosen date: what would settle the loan then, given every fact.
  const allDue = dated !== null ? settlingAmount(loan, dated, today) : figures.totalDue
  const parsed = parseRupees(amountText)
  const typed = parsed.ok && parsed.paise > 0 ? parsed.paise : null
  // What would remain, shown as the lender types: only for a waiver the engine would take.
  const remains =
    typed !== null &&
    dated !== null &&
    validateWaiver(loan, { amount: typed, date: dated }, today).ok
      ? previewWaiver(loan, { amount: typed, date: dated }, today)
      : null

  function check(): Asked | null {
    setAmountError(null)
    setDateError(null)
    if (!parsed.ok) {
      setAmountError(
        parsed.reason === 'empty' ? t('waiver.errors.invalidAmount') : t(`money.${parsed.reason}`),
      )
      return null
    }
    const waiver = { amount: parsed.paise, date: isIsoDate(date) ? date : '' }
    const checked = validateWaiver(loan, waiver, today)
    if (!checked.ok) {
      const message = t(`waiver.errors.${checked.reason}`)
      if (dateReasons.includes(checked.reason)) setDateError(message)
      else setAmountError(message)
      return null
    }
    return {
      amount: parsed.paise,
      preview: previewWaiver(loan, { amount: parsed.paise, date }, today),
    }
  }

  return {
    amountText,
    setAmountText,
    date,
    setDate,
    note,
    setNote,
    amountError,
    setAmountError,
    dateError,
    allDue,
    remains,
    check,
  }
}

/** The waiver form's fields: the amount (with its two quick fills), the day, and a note. */
function WaiverFields({
  form,
  figures,
  today,
}: {
  form: WaiverForm
  figures: LoanFigures
  today: string
}) {
  const { t } = useTranslation('loans')
  const { amountError, remains, allDue } = form
  return (
    <Stack gap="4">
      <Text role="group" aria-label={t('common:money.dueToday')}>
        {t('common:money.dueToday')}: <Money paise={figures.totalDue} />
      </Text>
      <Field.Root invalid={amountError !== null}>
        <Field.Label>{t('waiver.amount')}</Field.Label>
        <Input
          size="lg"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          placeholder="0.00"
          value={form.amountText}
          onChange={(e) => form.setAmountText(e.currentTarget.value)}
        />
        {amountError === null && remains && (
          <Field.HelperText aria-live="polite">
            {t('waiver.wouldRemain')}: <Money paise={remains.dueTodayAfter} />
          </Field.HelperText>
        )}
        <Field.ErrorText>{amountError}</Field.ErrorText>
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button
          variant="outline"
          minH="11"
          onClick={() => form.setAmountText(paiseToRupeeInput(figures.currentInterest))}
        >
          {t('waiver.waiveInterest')} ({formatINR(figures.currentInterest)})
        </Button>
        <Button
          variant="outline"
          minH="11"
          onClick={() => form.setAmountText(paiseToRupeeInput(allDue))}
        >
          {t('waiver.waiveAll')} ({formatINR(allDue)})
        </Button>
      </Flex>
      <DateField
        label={t('waiver.date')}
        max={today}
        value={isIsoDate(form.date) ? form.date : ''}
        onChange={form.setDate}
        error={form.dateError}
        size="lg"
      />
      <Field.Root>
        <Field.Label>{t('waiver.note')}</Field.Label>
        <Input
          size="lg"
          value={form.note}
          maxLength={MAX_TEXT_LENGTH}
          onChange={(e) => form.setNote(e.currentTarget.value)}
        />
      </Field.Root>
    </Stack>
  )
}

/** "Settle for less", the button that opens the dialog, on a loan's card and its form. */
export function SettleButton({ onClick, ...props }: { onClick: () => void } & ButtonProps) {
  const { t } = useTranslation('loans')
  return (
    <Button
      size="sm"
      minH="11"
      variant="outline"
      colorPalette="orange"
      onClick={onClick}
      {...props}
    >
      {t('waiver.open')}
    </Button>
  )
}
