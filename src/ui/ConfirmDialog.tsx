import { Dialog } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFrame, DialogParts } from './Dialog.tsx'

/**
 * The frame of a question that needs an answer before anything changes: an alert dialog with a
 * title, what it asks (`children`), and two buttons. Closing it (Escape, the backdrop) is the
 * cancel answer.
 */
export function QuestionDialog({
  open = true,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmPalette,
  onCancel,
  onConfirm,
}: {
  open?: boolean
  title: string
  children: ReactNode
  cancelLabel: string
  confirmLabel: string
  confirmPalette: 'red' | 'blue' | 'teal'
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <DialogFrame role="alertdialog" open={open} onClose={onCancel}>
      <DialogParts
        title={title}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        confirmPalette={confirmPalette}
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        {children}
      </DialogParts>
    </DialogFrame>
  )
}

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
    <QuestionDialog
      open={open}
      title={t('confirm.title')}
      cancelLabel={cancelLabel ?? t('common:cancel')}
      confirmLabel={confirmLabel ?? t('common:delete')}
      confirmPalette="red"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Dialog.Description>{question}</Dialog.Description>
    </QuestionDialog>
  )
}
