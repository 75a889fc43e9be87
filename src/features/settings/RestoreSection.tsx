import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookFile } from '../../../shared/book/export.ts'
import type { BookCounts } from '../../../shared/book/import.ts'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { useBookTransfer } from '../../data/book/book.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { download } from '../../ui/download.ts'
import { FileForm } from './FileField.tsx'
import { FileFailure } from './FileProblems.tsx'
import { Done, SubmitButton } from './Outcome.tsx'

type State =
  | { step: 'idle' }
  | { step: 'asking'; book: BookFile; before: BookCounts; after: BookCounts; date: string }
  | { step: 'done'; after: BookCounts; copy: string }
  | { step: 'failed'; message: string; problems?: string[] }

/** The day a timestamp falls on here, as the app shows dates (DD/MM/YYYY). */
function localDay(timestamp: string): string {
  const at = new Date(timestamp)
  if (Number.isNaN(at.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return formatDisplayDate(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`)
}

/**
 * "Restore a backup": puts a book file in place of the lender's own book. The file is checked
 * first (every problem named by the person or loan it is about); a question names what changes
 * (people, loans, payments: now → after); on yes, a copy of the book as it is downloads first,
 * then the book takes the file's records, whole or not at all.
 */
export function RestoreSection() {
  const { t } = useTranslation('settings')
  const book = useBookTransfer()
  const [state, setState] = useState<State>({ step: 'idle' })
  const [busy, setBusy] = useState(false)

  async function check(file: File | null) {
    if (!file) {
      setState({ step: 'failed', message: t('restore.chooseFile') })
      return
    }
    setBusy(true)
    try {
      const checked = book.checkRestore(await file.text())
      setState(
        checked.ok
          ? {
              step: 'asking',
              book: checked.book,
              before: checked.before,
              after: checked.after,
              date: localDay(checked.exportedAt),
            }
          : { step: 'failed', message: checked.message, problems: checked.problems },
      )
    } catch (cause) {
      console.error('Book restore check failed', cause)
      setState({ step: 'failed', message: t('restore.failed') })
    } finally {
      setBusy(false)
    }
  }

  function restore() {
    if (state.step !== 'asking') return
    try {
      // The safety copy first: the book as it is now, downloaded before anything changes.
      const copy = book.exportJson()
      const name = copy.name.replace(/\.json$/, '-before-restore.json')
      download(name, new Blob([copy.text], { type: 'application/json' }))
      const outcome = book.restore(state.book)
      setState(
        outcome.ok
          ? { step: 'done', after: outcome.after, copy: name }
          : { step: 'failed', message: outcome.message, problems: outcome.problems },
      )
    } catch (cause) {
      console.error('Book restore failed', cause)
      setState({ step: 'failed', message: t('restore.failed') })
    }
  }

  const change = (before: number, after: number) => t('restore.change', { before, after })
  return (
    <FileForm
      note={t('restore.note')}
      label={t('restore.file')}
      accept=".json,application/json"
      onChoose={() => setState({ step: 'idle' })}
      onSubmit={check}
    >
      {state.step === 'done' && (
        <Done>
          {t('restore.done', {
            people: state.after.people,
            loans: state.after.loans,
            payments: state.after.payments,
            file: state.copy,
          })}
        </Done>
      )}
      {state.step === 'failed' && <FileFailure message={state.message} problems={state.problems} />}
      <SubmitButton busy={busy} variant="outline">
        {t('restore.submit')}
      </SubmitButton>
      <ConfirmDialog
        open={state.step === 'asking'}
        question={
          state.step === 'asking'
            ? t('restore.question', {
                date: state.date,
                people: change(state.before.people, state.after.people),
                loans: change(state.before.loans, state.after.loans),
                payments: change(state.before.payments, state.after.payments),
              })
            : ''
        }
        confirmLabel={t('restore.confirm')}
        onCancel={() => setState({ step: 'idle' })}
        onConfirm={restore}
      />
    </FileForm>
  )
}
