import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react'

/**
 * The app's one toaster: short confirmations with an optional action (e.g. "Undo"), shown above
 * the phone's bottom tabs. It lives in the signed-in shell, so a toast raised just before a
 * navigation stays on screen on the page the lender lands on.
 */
export const toaster = createToaster({
  placement: 'bottom',
  // Clear of the bottom tab bar on a phone (BottomTabs is about 4rem tall).
  offsets: { bottom: '5rem', top: '1rem', left: '0.75rem', right: '0.75rem' },
  pauseOnPageIdle: true,
})

/** Renders the toasts `toaster.create` raises; mounted once by the shell. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '3' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} alignItems="center">
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && (
              <Toast.ActionTrigger minH="11" px="4">
                {toast.action.label}
              </Toast.ActionTrigger>
            )}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  )
}
