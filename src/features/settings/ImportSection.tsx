import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBookTransfer, type ImportOutcome } from '../../data/book/book.ts'
import { FileForm } from './FileField.tsx'
import { FileFailure } from './FileProblems.tsx'
import { Done, SubmitButton } from './Outcome.tsx'

/** A book file's people, loans and payments added to the lender's book, whole or not at all. */
export function ImportSection() {
  const { t } = useTranslation('settings')
  const book = useBookTransfer()
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(file: File | null) {
    if (!file) {
      setOutcome({ ok: false, message: t('import.chooseFile') })
      return
    }
    setBusy(true)
    try {
      setOutcome(book.importJson(await file.text()))
    } catch (cause) {
      // The import changes the book only once everything is in: after a failure the book is as
      // it was, so the lender can fix the file (or try again) and press the button again.
      console.error('Book import failed', cause)
      setOutcome({ ok: false, message: t('import.failed') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <FileForm
      note={t('import.note')}
      label={t('import.file')}
      accept=".json,application/json"
      onChoose={() => setOutcome(null)}
      onSubmit={submit}
    >
      {outcome?.ok === true && (
        <Done>
          {t('import.done', {
            people: outcome.people,
            loans: outcome.loans,
            payments: outcome.payments,
          })}
        </Done>
      )}
      {outcome?.ok === false && (
        <FileFailure message={outcome.message} problems={outcome.problems} />
      )}
      <SubmitButton busy={busy}>{t('import.submit')}</SubmitButton>
    </FileForm>
  )
}
