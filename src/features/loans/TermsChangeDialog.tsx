import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import type { TermsChangePreview } from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'

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
    <Dialog.Root
      role="alertdialog"
      open
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('change.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('change.back')}
              </Button>
              <Button colorPalette="blue" onClick={onConfirm}>
                {t('change.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
