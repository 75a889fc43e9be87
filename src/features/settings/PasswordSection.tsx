import { Input, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  MIN_PASSWORD_LENGTH,
  changePassword,
  type PasswordChangeResult,
} from '../../data/session/devices.ts'
import { FormField, useFocusFirstError } from '../../ui/form.tsx'
import { Outcome, SubmitButton } from './Outcome.tsx'

/** The password change: the current one, then the new one; the other devices are signed out. */
export function PasswordSection() {
  const { t } = useTranslation('settings')
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [outcome, setOutcome] = useState<PasswordChangeResult | null>(null)
  const [busy, setBusy] = useState(false)
  const { formRef, focusFirstError } = useFocusFirstError()
  // A refusal about one field is said beside it; any other below the form.
  const fieldError = (field: 'current' | 'next') =>
    outcome && !outcome.ok && outcome.field === field ? outcome.message : null
  const formOutcome =
    outcome === null
      ? null
      : outcome.ok
        ? { ok: true, message: t('password.changed') }
        : outcome.field === undefined
          ? { ok: false, message: outcome.message }
          : null

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const result = await changePassword(current, next)
    setBusy(false)
    setOutcome(result)
    if (result.ok) {
      setCurrent('')
      setNext('')
    } else {
      focusFirstError()
    }
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="3">
        <FormField label={t('password.current')} error={fieldError('current')}>
          <PasswordInput autoComplete="current-password" value={current} onChange={setCurrent} />
        </FormField>
        <FormField
          label={t('password.new')}
          helper={t('password.helper', { min: MIN_PASSWORD_LENGTH })}
          error={fieldError('next')}
        >
          <PasswordInput autoComplete="new-password" value={next} onChange={setNext} />
        </FormField>
        <Outcome outcome={formOutcome} />
        <SubmitButton busy={busy}>{t('password.submit')}</SubmitButton>
      </Stack>
    </form>
  )
}

/** A password box; `autoComplete` tells the browser's password manager which of the two it is. */
function PasswordInput({
  autoComplete,
  value,
  onChange,
}: {
  autoComplete: 'current-password' | 'new-password'
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Input
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  )
}
