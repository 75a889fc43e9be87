import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLender, useMutations } from '../../data/book/hooks.ts'
import { formatINR } from '../../../shared/money.ts'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { DialogFrame, DialogParts } from '../../ui/Dialog.tsx'
import type { HistoryItem } from './history.ts'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'

/** A history line's Void or Undo void button, with the reason dialog behind Void. */
export function VoidControls({
  item,
  loansInDeposit,
}: {
  item: HistoryItem
  loansInDeposit: number
}) {
  const { voidEntry, undoVoid } = useMutations()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('loans')
  // In a book shared to read only, nothing is voided or brought back: no buttons.
  if (!useBookWritable()) return null
  if (item.voided) {
    return (
      <Stack gap="1">
        <Button
          size="sm"
          minH="11"
          variant="outline"
          onClick={() => {
            const result = undoVoid(item.target)
            setError(result.ok ? null : t(`void.${result.reason}`))
          }}
        >
          {t('void.undo')}
        </Button>
        {error && (
          <Text role="alert" color="red.600" fontSize="sm">
            {error}
          </Text>
        )}
      </Stack>
    )
  }
  return (
    <>
      <Button
        size="sm"
        minH="11"
        variant="outline"
        colorPalette="red"
        onClick={() => setOpen(true)}
      >
        {t('void.void')}
      </Button>
      {open && (
        <VoidDialog
          item={item}
          loansInDeposit={loansInDeposit}
          onClose={() => setOpen(false)}
          onVoid={(reason) => voidEntry(item.target, reason)}
        />
      )}
    </>
  )
}

/**
 * Asks why before voiding. The reason is required and its message sits under the field; a
 * refused void (already voided on another device, or gone) is said in the dialog and nothing
 * changes.
 */
function VoidDialog({
  item,
  loansInDeposit,
  onClose,
  onVoid,
}: {
  item: HistoryItem
  loansInDeposit: number
  onClose: () => void
  onVoid: (
    reason: string,
  ) => { ok: true } | { ok: false; reason: 'notFound' | 'alreadyVoided' | 'reasonRequired' }
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('loans')
  const lender = useLender()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (reason.trim() === '') {
      setError(t('void.reasonRequired'))
      return
    }
    const result = onVoid(reason.trim())
    if (!result.ok) {
      setError(t(`void.${result.reason}`))
      return
    }
    onClose()
  }

  const isDeposit = item.target.kind === 'deposit'
  // The question names the record and the money: the whole deposit (all its loans), whose it is
  // and when, and how many loans change.
  const loan = lender.loans.find((l) => l.id === item.loanId)
  const name = lender.people.find((p) => p.id === loan?.personId)?.name ?? ''
  const amount = isDeposit
    ? lender.payments
        .filter((p) => p.depositId === item.target.id)
        .reduce((sum, p) => sum + p.amount, 0)
    : item.amount
  const said = {
    amount: formatINR(amount || item.amount),
    name,
    date: formatDisplayDate(item.date),
  }
  const changes =
    loansInDeposit <= 1
      ? t('void.paidOne')
      : loansInDeposit === 2
        ? t('void.paidTwo')
        : t('void.paidMany', { count: loansInDeposit })
  return (
    <DialogFrame onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogParts
          tall
          title={isDeposit ? t('void.depositTitle', said) : t('void.waiverTitle', said)}
          cancelLabel={t('void.cancel')}
          confirmLabel={t('void.confirm')}
          confirmPalette="red"
          onCancel={onClose}
        >
          <Stack gap="3">
            <Dialog.Description>{isDeposit ? changes : t('void.waiverChanges')}</Dialog.Description>
            <Field.Root invalid={error !== null} required>
              <Field.Label>{t('void.reason')}</Field.Label>
              <Input
                value={reason}
                maxLength={MAX_TEXT_LENGTH}
                autoFocus
                onChange={(e) => {
                  setReason(e.currentTarget.value)
                  setError(null)
                }}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
          </Stack>
        </DialogParts>
      </form>
    </DialogFrame>
  )
}
