import { Button, Dialog, Portal } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/**
 * A yes/no question before a delete. The confirm button says "Delete" (common:delete) unless
 * told otherwise; deleting archives (the item can be restored from Trash), so the dialog does not
 * claim anything is lost.
 */
export function ConfirmDialog({
  question,
  open,
  onCancel,
  onConfirm,
  confirmLabel,
  cancelLabel,
}: {
  question: string
  open: boolean
  onCancel: () => void
  onConfirm: () => void
  confirmLabel?: string
  cancelLabel?: string
}) {
  const { t } = useTranslation('ui')
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('confirm.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{question}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {cancelLabel ?? t('common:cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                {confirmLabel ?? t('common:delete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
