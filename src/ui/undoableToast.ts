import { toaster } from './Toaster.tsx'

/**
 * The confirmation of money just recorded (a deposit, a waiver), with Undo on it for 10 s. `undo`
 * voids what was recorded (a new fact with its reason, never a delete) and says how it went; its
 * answer is raised as a toast of its own.
 */
export function undoableToast({
  title,
  undoLabel,
  undo,
}: {
  title: string
  undoLabel: string
  undo: () => { ok: boolean; title: string }
}): void {
  toaster.create({
    title,
    type: 'success',
    duration: 10_000,
    action: {
      label: undoLabel,
      onClick: () => {
        const done = undo()
        toaster.create({ title: done.title, type: done.ok ? 'info' : 'error' })
      },
    },
  })
}
