import { Button, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * The frame every dialog of the app sits in: the backdrop, the centred box, and closing by Escape
 * or the backdrop (`onClose`). An `alertdialog` asks a question that must be answered.
 */
export function DialogFrame({
  open = true,
  role = 'dialog',
  onClose,
  children,
}: {
  open?: boolean
  role?: 'dialog' | 'alertdialog'
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/**
 * A dialog's title, its body and its two buttons: the way back (`cancelLabel`) and the answer
 * (`confirmLabel`). Without `onConfirm` the answer submits the form the parts sit in. `tall`
 * buttons are thumb-sized (44 px), for dialogs opened from a loan's card.
 */
export function DialogParts({
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmPalette,
  tall = false,
  onCancel,
  onConfirm,
}: {
  title: ReactNode
  children: ReactNode
  cancelLabel: string
  confirmLabel: string
  confirmPalette: 'red' | 'blue' | 'teal' | 'orange'
  tall?: boolean
  onCancel: () => void
  onConfirm?: () => void
}) {
  const minH = tall ? '11' : undefined
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" minH={minH} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          colorPalette={confirmPalette}
          minH={minH}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </>
  )
}
