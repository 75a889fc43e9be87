import { Input, Stack } from '@chakra-ui/react'
import { useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  readDeviceName,
  readGivenDeviceName,
  subscribeDeviceName,
  writeDeviceName,
} from '../../data/session/device.ts'
import { shareDeviceName } from '../../data/session/devices.ts'
import { FormField } from '../../ui/form.tsx'
import { deviceLabel } from '../../ui/words.ts'
import { Outcome, SubmitButton, type OutcomeMessage } from './Outcome.tsx'

/**
 * This device's name, as the lender calls it. Saved here at once; shared with the server (for
 * the Devices list of the other devices) when the network allows.
 */
export function DeviceNameSection() {
  const { t } = useTranslation('settings')
  // The field holds the name the lender gave; a guessed one ("Chrome on Android") is shown,
  // in the reader's language, as the field's placeholder and is never saved as if typed.
  const saved = useSyncExternalStore(subscribeDeviceName, readDeviceName)
  const [name, setName] = useState(readGivenDeviceName)
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    writeDeviceName(name)
    const kept = readDeviceName()
    setName(readGivenDeviceName())
    setBusy(true)
    const shared = await shareDeviceName(kept)
    setBusy(false)
    const shown = deviceLabel(kept, t)
    setOutcome(
      shared.ok
        ? { ok: true, message: t('deviceName.renamed', { name: shown }) }
        : { ok: true, message: t('deviceName.renamedOffline', { name: shown }) },
    )
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="3">
        <FormField label={t('deviceName.label')} helper={t('deviceName.helper')}>
          <Input
            value={name}
            placeholder={deviceLabel(saved, t)}
            maxLength={40}
            onChange={(event) => {
              setName(event.currentTarget.value)
              setOutcome(null)
            }}
          />
        </FormField>
        <Outcome outcome={outcome} />
        <SubmitButton busy={busy}>{t('deviceName.save')}</SubmitButton>
      </Stack>
    </form>
  )
}
