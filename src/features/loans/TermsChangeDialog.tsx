import { Box, Dialog, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import type { TermsChangePreview } from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import { QuestionDialog } from '../../ui/ConfirmDialog.tsx'

/**
 * The question before a change of a loan's terms rewrites payments already recorded (issue 27,
 * harm 6): the due today before → after, how many recorded payments change their split and how,
 * from the engine's `previewTermsChange`; Save the change or Go back.
 */
export function TermsChangeDialog({
  preview,
  onConfirm,
  onCancel,
}: {
  preview: TermsChangePreview
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation('loans')
  const { changed } = preview
  return (
    <QuestionDialog
      title={t('change.title')}
      cancelLabel={t('change.back')}
      confirmLabel={t('change.confirm')}
      confirmPalette="blue"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Stack gap="3">
        <Dialog.Description>{t('change.lead')}</Dialog.Description>
        <Text fontWeight="semibold">
          {t('change.due', {
            before: formatINR(preview.dueBefore),
            after: formatINR(preview.dueAfter),
          })}
        </Text>
        <Text fontWeight="semibold">
          {changed.length === 0
            ? t('change.noSplit')
            : t('change.paymentsOf', { count: changed.length, total: preview.payments })}
        </Text>
        {changed.length > 0 && (
          <Box as="ul" fontSize="sm" ps="4">
            {changed.map((line) => (
              <li key={line.paymentId}>
                {t('change.line', {
                  date: formatDisplayDate(line.date),
                  amount: formatINR(line.amount),
                  interestBefore: formatINR(line.before.interest),
                  interestAfter: formatINR(line.after.interest),
                  principalBefore: formatINR(line.before.principal),
                  principalAfter: formatINR(line.after.principal),
                })}
              </li>
            ))}
          </Box>
        )}
        {changed.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('change.receipts')}
          </Text>
        )}
      </Stack>
    </QuestionDialog>
  )
}
