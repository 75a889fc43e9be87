import type { TFunction } from 'i18next'
import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  listDevices,
  signOutDevice,
  signOutOtherDevices,
  subscribeDevices,
  type DeviceResult,
  type DeviceSession,
} from '../../data/session/devices.ts'
import { FormAlert } from '../../ui/form.tsx'
import { deviceLabel } from '../../ui/words.ts'
import { ListRow } from './ListRow.tsx'
import { Outcome, type OutcomeMessage } from './Outcome.tsx'

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date. */
function lastSeenText(t: TFunction, lastSeen: number | null, now: number): string {
  if (lastSeen === null) return t('settings:lastSeen.never')
  const minutes = Math.floor((now - lastSeen) / 60_000)
  if (minutes < 1) return t('settings:lastSeen.justNow')
  if (minutes < 60) return t('settings:lastSeen.minutes', { count: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return t('settings:lastSeen.hours', { count: hours })
  const days = Math.floor(hours / 24)
  if (days < 7) return t('settings:lastSeen.days', { count: days })
  // Dates read the same in every language (en-IN), like everywhere else in the app.
  const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(lastSeen)
  return t('settings:lastSeen.on', { date })
}

type DevicesState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; devices: DeviceSession[]; now: number }

/** The server's list of this lender's devices, asked again after every change to it. */
function useDevices(): { state: DevicesState; askAgain: () => void } {
  const [state, setState] = useState<DevicesState>({ status: 'loading' })
  // Bumped to ask the server again: after any sign-out or rename, and by "Try again".
  const [asked, setAsked] = useState(0)
  const askAgain = useCallback(() => setAsked((n) => n + 1), [])

  useEffect(() => subscribeDevices(askAgain), [askAgain])
  useEffect(() => {
    let current = true
    void listDevices().then((result) => {
      if (!current) return
      setState(
        result.ok
          ? { status: 'ready', devices: result.devices, now: Date.now() }
          : { status: 'failed', message: result.message },
      )
    })
    return () => {
      current = false
    }
  }, [asked])
  return { state, askAgain }
}

/**
 * The lender's signed-in devices, each with when it was last seen, and the buttons that sign
 * one out or all the others.
 */
export function DevicesSection() {
  const { t } = useTranslation('settings')
  const { state, askAgain } = useDevices()
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  // `busy` names the button that waits for the server: a device's token, or 'others'.
  async function run(which: string, call: () => Promise<DeviceResult>, done: () => string) {
    setBusy(which)
    const result = await call()
    setBusy(null)
    setOutcome(result.ok ? { ok: true, message: done() } : { ok: false, message: result.message })
  }
  const signOut = (device: DeviceSession) =>
    run(
      device.token,
      () => signOutDevice(device.token),
      () => t('devices.signedOut', { name: deviceLabel(device.name, t) }),
    )
  const signOutOthers = () => run('others', signOutOtherDevices, () => t('devices.othersSignedOut'))

  if (state.status === 'loading') return <Text color="fg.muted">{t('devices.loading')}</Text>
  if (state.status === 'failed') {
    return (
      <Stack gap="3" align="start">
        <FormAlert message={state.message} />
        <Button variant="outline" onClick={askAgain}>
          {t('devices.tryAgain')}
        </Button>
      </Stack>
    )
  }
  const others = state.devices.filter((device) => !device.current)
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('devices.note')}</Text>
      <Stack as="ul" gap="0" listStyleType="none" aria-label={t('devices.list')}>
        {state.devices.map((device) => (
          <DeviceRow
            key={device.token}
            device={device}
            now={state.now}
            busy={busy === device.token}
            onSignOut={() => void signOut(device)}
          />
        ))}
      </Stack>
      <Outcome outcome={outcome} />
      {others.length > 0 ? (
        <Box>
          <Button
            colorPalette="red"
            variant="solid"
            loading={busy === 'others'}
            onClick={() => void signOutOthers()}
          >
            {t('devices.signOutOthers')}
          </Button>
        </Box>
      ) : (
        <Text color="fg.muted">{t('devices.noOthers')}</Text>
      )}
    </Stack>
  )
}

/** One device of the list: its name, when it was last seen, and (if not this one) Sign out. */
function DeviceRow({
  device,
  now,
  busy,
  onSignOut,
}: {
  device: DeviceSession
  now: number
  busy: boolean
  onSignOut: () => void
}) {
  const { t } = useTranslation('settings')
  return (
    <ListRow label={deviceLabel(device.name, t)}>
      <Box minW="0" flex="1">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="medium" overflowWrap="anywhere">
            {deviceLabel(device.name, t)}
          </Text>
          {device.current && <Badge colorPalette="teal">{t('devices.thisDevice')}</Badge>}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {device.current ? t('devices.inUse') : lastSeenText(t, device.lastSeen, now)}
        </Text>
      </Box>
      {!device.current && (
        <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={onSignOut}>
          {t('devices.signOut')}
        </Button>
      )}
    </ListRow>
  )
}
