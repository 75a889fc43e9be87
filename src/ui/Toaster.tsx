import { Box, Button, CloseButton, Flex, Stack, Text } from '@chakra-ui/react'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The app's one toaster: short confirmations with an optional action (e.g. "Undo").
 *
 * A toast belongs to the page it was raised on (its path): it is drawn in the page's flow, at the
 * top of the screen's content, so it never floats over a button (a floating toast used to cover
 * the last payment's Void button), and it leaves as soon as the lender goes to another page, so
 * its Undo can never act from a page about someone else. Raise it after a navigation has landed
 * (`navigate(...).finally(() => toaster.create(...))`) to put it on the page the lender lands on.
 */
export type ToastType = 'success' | 'info' | 'error' | 'warning'

export interface ToastOptions {
  title: string
  description?: string
  type?: ToastType
  /** Kept for callers; toasts now stay until the lender leaves the page or closes them. */
  duration?: number
  action?: { label: string; onClick: () => void }
  /** The toast this one takes the place of (e.g. the answer to its own Undo). */
  replaces?: string
}

export interface ShownToast extends Omit<ToastOptions, 'duration' | 'replaces'> {
  id: string
  /** The page (pathname) the toast belongs to. */
  path: string
}

let toasts: ShownToast[] = []
let counter = 0
const listeners = new Set<() => void>()

function emit(next: ShownToast[]): void {
  toasts = next
  for (const listener of listeners) listener()
}

function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname
}

export const toaster = {
  /** Shows a toast on the current page; returns its id. */
  create(options: ToastOptions): string {
    counter += 1
    const id = `toast-${counter}`
    const { duration: _duration, replaces, ...shown } = options
    const toast: ShownToast = { ...shown, id, path: currentPath() }
    const kept = toasts.filter((t) => t.id !== replaces && t.path === toast.path)
    // At most two at once: the newest replaces the oldest.
    emit([...kept.slice(-1), toast])
    return id
  },
  /** Removes one toast, or every toast. */
  dismiss(id?: string): void {
    emit(id === undefined ? [] : toasts.filter((t) => t.id !== id))
  },
  /** The toasts on screen now (for tests and the renderer). */
  list(): readonly ShownToast[] {
    return toasts
  },
  /**
   * Runs a toast's action only if the toast is still on screen on its own page: an action can
   * never run from another page or after its toast left.
   */
  act(id: string): void {
    const toast = toasts.find((t) => t.id === id)
    if (!toast?.action || toast.path !== currentPath()) return
    // The action's own answer (raised with `replaces`) takes the toast's place.
    emit(toasts.filter((t) => t.id !== id))
    toast.action.onClick()
  },
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const palette: Record<ToastType, string> = {
  success: 'green',
  info: 'blue',
  error: 'red',
  warning: 'orange',
}

/**
 * Renders the current page's toasts in the flow of the page (mounted once by the shell, above the
 * screen), and drops every toast of another page when the route changes.
 */
export function AppToaster() {
  const { t } = useTranslation('ui')
  const path = useRouterState({ select: (state) => state.location.pathname })
  const shown = useSyncExternalStore(subscribe, () => toasts)
  useEffect(() => {
    if (toasts.some((toast) => toast.path !== path)) {
      emit(toasts.filter((toast) => toast.path === path))
    }
  }, [path])
  const here = shown.filter((toast) => toast.path === path)
  return (
    <Box aria-live="polite" data-print="hide" data-toasts="">
      {here.length > 0 && (
        <Stack gap="2" mb="4">
          {here.map((toast) => (
            <Flex
              key={toast.id}
              data-toast={toast.type ?? 'info'}
              align="center"
              gap="2"
              ps="4"
              pe="1"
              py="1"
              minH="12"
              borderWidth="1px"
              borderStartWidth="4px"
              borderColor={`${palette[toast.type ?? 'info']}.500`}
              borderRadius="md"
              bg="bg.panel"
              shadow="sm"
            >
              <Stack gap="0" flex="1" minW="0" py="1">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {toast.title}
                </Text>
                {toast.description && (
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {toast.description}
                  </Text>
                )}
              </Stack>
              {toast.action && (
                <Button
                  variant="outline"
                  size="sm"
                  minH="11"
                  px="4"
                  onClick={() => toaster.act(toast.id)}
                >
                  {toast.action.label}
                </Button>
              )}
              <CloseButton
                size="sm"
                minH="11"
                minW="11"
                aria-label={t('toast.close')}
                onClick={() => toaster.dismiss(toast.id)}
              />
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  )
}
