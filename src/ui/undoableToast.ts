import { toaster } from './Toaster.tsx'

/**
 * The confirmation of something just recorded or deleted (a deposit, a waiver, a person sent to
 * Trash), naming it ("₹20,000.00 received from Ramesh"), with Undo on it. The toast belongs to
 * the page it is raised on: it leaves when the lender goes elsewhere, so its Undo can only act
 * on the page that shows what it undoes (see Toaster). `undo` says how it went; its answer takes
 * the toast's place.
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
  let used = false
  toaster.create({
    title,
    type: 'success',
    action: {
      label: undoLabel,
      onClick: () => {
        if (used) return
        used = true
        const done = undo()
        toaster.create({ title: done.title, type: done.ok ? 'info' : 'error' })
      },
    },
  })
}
