import { Button, Dialog, Field, Flex, Input, Portal, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isIsoDate } from '../../../shared/dates.ts'
import {
  settlingAmount,
  validateWaiver,
  type LoanFigures,
  type WaiverReason,
} from '../../../shared/ledger/engine.ts'
import { formatINR, paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { useMutations } from '../../data/hooks.ts'

// Which field a refused waiver's message sits beside.
const dateReasons: readonly WaiverReason[] = ['missingDate', 'futureDate', 'beforeLoanStart']

/**
 * Settle for less: the lender forgives part or all of what is due on one loan. The amount starts
 * at what is due today, with two quick choices; the engine checks it (never more than what would
 * settle the loan on that date, never a future date), and each refusal is said beside its field
 * with nothing recorded.
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
  const { recordWaiver } = useMutations()
  const { t } = useTranslation('loans')
  const [amountText, setAmountText] = useState(paiseToRupeeInput(figures.totalDue))
  const [date, setDate] = useState(today)
  const [note, setNote] = useState('')
  const [amountError, setAmountError] = useState<string | null>(null)
  const [dateError, setDateError] = useState<string | null>(null)

  // "Waive all due" on the chosen date: what would settle the loan then, given every fact.
  const allDue =
    isIsoDate(date) && date <= today ? settlingAmount(loan, date, today) : figures.totalDue

  function submit(event: FormEvent) {
    event.preventDefault()
    setAmountError(null)
    setDateError(null)
    const parsed = parseRupees(amountText)
    if (!parsed.ok) {
      setAmountError(
        parsed.reason === 'empty' ? t('waiver.errors.invalidAmount') : t(`money.${parsed.reason}`),
      )
      return
    }
    const checked = validateWaiver(
      loan,
      { amount: parsed.paise, date: isIsoDate(date) ? date : '' },
      today,
    )
    if (!checked.ok) {
      const message = t(`waiver.errors.${checked.reason}`)
      if (dateReasons.includes(checked.reason)) setDateError(message)
      else setAmountError(message)
      return
    }
    const result = recordWaiver({
      loanId: loan.id,
      date,
      amount: parsed.paise,
      ...(note.trim() !== '' && { note: note.trim() }),
    })
    if (!result.ok) {
      setAmountError(t('waiver.notFound'))
      return
    }
    onClose()
  }

  return (
    <Dialog.Root
      role="dialog"
      open
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('waiver.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={amountError !== null}>
                    <Field.Label>{t('waiver.amount')}</Field.Label>
                    <Input
                      type="number"
                      inputMode="decimal"
                      min="0.01"
                      step="0.01"
                      value={amountText}
                      onChange={(e) => setAmountText(e.currentTarget.value)}
                    />
                    <Field.ErrorText>{amountError}</Field.ErrorText>
                  </Field.Root>
                  <Flex gap="2" wrap="wrap">
                    <Button
                      variant="outline"
                      minH="11"
                      onClick={() => setAmountText(paiseToRupeeInput(figures.currentInterest))}
                    >
                      {t('waiver.waiveInterest')} ({formatINR(figures.currentInterest)})
                    </Button>
                    <Button
                      variant="outline"
                      minH="11"
                      onClick={() => setAmountText(paiseToRupeeInput(allDue))}
                    >
                      {t('waiver.waiveAll')} ({formatINR(allDue)})
                    </Button>
                  </Flex>
                  <Field.Root invalid={dateError !== null}>
                    <Field.Label>{t('waiver.date')}</Field.Label>
                    <Input
                      type="date"
                      max={today}
                      value={date}
                      onChange={(e) => setDate(e.currentTarget.value)}
                    />
                    <Field.ErrorText>{dateError}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('waiver.note')}</Field.Label>
                    <Input value={note} onChange={(e) => setNote(e.currentTarget.value)} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" minH="11" onClick={onClose}>
                  {t('waiver.cancel')}
                </Button>
                <Button type="submit" colorPalette="orange" minH="11">
                  {t('waiver.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
