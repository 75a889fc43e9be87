import { Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { parseUpiId } from '../../../shared/book/upi.ts'
import { useLoaded, useMutations, useProfile } from '../../data/book/hooks.ts'
import { FormField } from '../../ui/form.tsx'
import { Outcome, SubmitButton, type OutcomeMessage } from './Outcome.tsx'

/** The form starts from the stored profile once the book has loaded from this device. */
export function ProfileSection() {
  const loaded = useLoaded()
  return <ProfileForm key={loaded ? 'loaded' : 'loading'} />
}

/**
 * The name borrowers know the lender by and the UPI ID they pay on, used by reminders, receipts
 * and statements. A UPI ID that is not `name@bank` is refused beside the field: nothing is saved
 * and what was typed stays, to be corrected.
 */
function ProfileForm() {
  const { t } = useTranslation('settings')
  const profile = useProfile()
  const { setProfile } = useMutations()
  const [name, setName] = useState(profile.displayName)
  const [upi, setUpi] = useState(profile.upiId)
  const [upiError, setUpiError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  // The stored details the fields started from. When they change under the form (a restored
  // backup, another device's save), a field the lender has not touched follows them: Save must
  // never put back details that are no longer the book's. A field being typed in keeps its text.
  const [shown, setShown] = useState(profile)
  if (profile.displayName !== shown.displayName || profile.upiId !== shown.upiId) {
    setShown(profile)
    if (name === shown.displayName) setName(profile.displayName)
    if (upi === shown.upiId) setUpi(profile.upiId)
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const upiId = upi.trim() === '' ? '' : parseUpiId(upi)
    if (upiId === null) {
      setUpiError(t('profile.upiInvalid'))
      setOutcome(null)
      return
    }
    setProfile({ displayName: name, upiId })
    setName(name.trim())
    setUpi(upiId)
    setOutcome({
      ok: true,
      message: upiId === '' ? t('profile.savedNoUpi') : t('profile.saved'),
    })
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="3">
        <Text color="fg.muted">{t('profile.note')}</Text>
        <FormField label={t('profile.displayName')} helper={t('profile.displayNameHelper')}>
          <Input
            value={name}
            maxLength={60}
            autoComplete="name"
            onChange={(event) => {
              setName(event.currentTarget.value)
              setOutcome(null)
            }}
          />
        </FormField>
        <FormField label={t('profile.upi')} helper={t('profile.upiHelper')} error={upiError}>
          <Input
            value={upi}
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => {
              setUpi(event.currentTarget.value)
              setUpiError(null)
              setOutcome(null)
            }}
          />
        </FormField>
        <Outcome outcome={outcome} />
        <SubmitButton>{t('profile.save')}</SubmitButton>
      </Stack>
    </form>
  )
}
