import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { undoableToast } from './undoableToast.ts'

/**
 * Delete → a question naming what goes → archive, for a list screen: `ask(item)` opens the
 * question, `deleting` is the item asked about (to name it in the question), spread `dialog` on a
 * `ConfirmDialog`, and `error` says in plain words why the last delete failed. `onDeleted` runs
 * after a delete went through (e.g. a toast with Undo).
 */
export function useConfirmedDelete<T extends { id: string }>(
  archive: (id: string) => unknown,
  onDeleted?: (item: T) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('ui')

  function confirm() {
    if (!deleting) return
    const item = deleting
    setDeleting(null)
    try {
      archive(item.id)
      setError(null)
    } catch (cause) {
      // The spec only logged a failed delete; saying so on screen, in plain words, is kinder.
      console.error(cause)
      setError(t('deleteFailed'))
      return
    }
    onDeleted?.(item)
  }

  return {
    ask: (item: T) => setDeleting(item),
    deleting,
    error,
    /** The `ConfirmDialog` props: open while asking. */
    dialog: { open: deleting !== null, onCancel: () => setDeleting(null), onConfirm: confirm },
  }
}

/** What the toast after a delete says: what went, its Undo, and whether Undo brought it back. */
export interface DeletedWords {
  deleted: string
  undo: string
  restored: string
  notRestored: string
}

/**
 * `useConfirmedDelete` for a list whose deletes can be undone: after a delete, a toast names what
 * went (`words`) and its Undo brings it back (`restore`), saying whether that worked.
 */
export function useUndoableDelete<T extends { id: string }>(
  archive: (id: string) => unknown,
  restore: (id: string) => boolean,
  words: (item: T) => DeletedWords,
) {
  return useConfirmedDelete<T>(archive, (item) => {
    const said = words(item)
    undoableToast({
      title: said.deleted,
      undoLabel: said.undo,
      undo: () =>
        restore(item.id)
          ? { ok: true, title: said.restored }
          : { ok: false, title: said.notRestored },
    })
  })
}
