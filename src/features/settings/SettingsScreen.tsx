import type { TFunction } from 'i18next'
import { Badge, Box, Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactElement,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { PeopleCsvPlan } from '../../../shared/book/peopleCsv.ts'
import { parseUpiId } from '../../../shared/book/upi.ts'
import { useBookTransfer, usePeopleImport, type ImportOutcome } from '../../data/book/book.ts'
import { useLoaded, useMutations, useProfile } from '../../data/book/hooks.ts'
import {
  readDeviceName,
  readGivenDeviceName,
  subscribeDeviceName,
  writeDeviceName,
} from '../../data/session/device.ts'
import {
  MIN_PASSWORD_LENGTH,
  changePassword,
  type PasswordChangeResult,
  listDevices,
  shareDeviceName,
  signOutDevice,
  signOutOtherDevices,
  subscribeDevices,
  type DeviceSession,
} from '../../data/session/devices.ts'
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx'
import { FormAlert, FormField, useFocusFirstError } from '../../ui/form.tsx'
import { Page } from '../../ui/Page.tsx'
import { deviceLabel } from '../../ui/words.ts'
import { download } from './download.ts'
import { FileFailure, FirstLines } from './FileProblems.tsx'
import { InterestRuleSection } from './InterestRuleSection.tsx'
import { RestoreSection } from './RestoreSection.tsx'

/**
 * Settings is a list of sections, each a card with its own heading and its own state. To add
 * one (export, UPI id, …), write a component and add it to this list.
 */
const sections: { id: string; title: string; Section: () => ReactElement }[] = [
  { id: 'profile', title: 'profile', Section: ProfileSection },
  { id: 'interest-rule', title: 'interestRule', Section: InterestRuleSection },
  { id: 'device-name', title: 'deviceName', Section: DeviceNameSection },
  { id: 'devices', title: 'devices', Section: DevicesSection },
  { id: 'password', title: 'password', Section: PasswordSection },
  { id: 'export', title: 'export', Section: ExportSection },
  { id: 'restore', title: 'restore', Section: RestoreSection },
  { id: 'import', title: 'import', Section: ImportSection },
  { id: 'import-people', title: 'importPeople', Section: PeopleImportSection },
  { id: 'language', title: 'language', Section: LanguageSection },
]

/**
 * `/settings`: the lender's details, this device's name, the signed-in devices, the password,
 * export and import, and the language.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings')
  return (
    <Page title={t('title')}>
      <Stack gap="5" maxW="2xl">
        {sections.map(({ id, title, Section }) => (
          <Card.Root key={id} as="section" aria-labelledby={`settings-${id}`}>
            <Card.Header pb="0">
              <Heading as="h2" size="md" id={`settings-${id}`}>
                {t(`sections.${title}`)}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Section />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Page>
  )
}

/** A sentence saying how an action went: green when it worked, red otherwise. */
function Outcome({ outcome }: { outcome: { ok: boolean; message: string } | null }) {
  if (outcome === null) return null
  if (!outcome.ok) return <FormAlert message={outcome.message} />
  return (
    <Text role="status" color="green.700">
      {outcome.message}
    </Text>
  )
}

/** English / हिन्दी for this device; the switch applies at once. */
function LanguageSection() {
  const { t } = useTranslation('settings')
  return (
    <Stack gap="3" align="start">
      <Text color="fg.muted">{t('language.note')}</Text>
      <LanguageSwitch />
    </Stack>
  )
}

function DeviceNameSection() {
  const { t } = useTranslation('settings')
  // The field holds the name the lender gave; a guessed one ("Chrome on Android") is shown,
  // in the reader's language, as the field's placeholder and is never saved as if typed.
  const saved = useSyncExternalStore(subscribeDeviceName, readDeviceName)
  const [name, setName] = useState(readGivenDeviceName)
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
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
        <Box>
          <Button type="submit" colorPalette="teal" loading={busy}>
            {t('deviceName.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

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

function DevicesSection() {
  const { t } = useTranslation('settings')
  const [state, setState] = useState<DevicesState>({ status: 'loading' })
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

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

  async function signOut(device: DeviceSession) {
    setBusy(device.token)
    const result = await signOutDevice(device.token)
    setBusy(null)
    setOutcome(
      result.ok
        ? { ok: true, message: t('devices.signedOut', { name: deviceLabel(device.name, t) }) }
        : { ok: false, message: result.message },
    )
  }

  async function signOutOthers() {
    setBusy('others')
    const result = await signOutOtherDevices()
    setBusy(null)
    setOutcome(
      result.ok
        ? { ok: true, message: t('devices.othersSignedOut') }
        : { ok: false, message: result.message },
    )
  }

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
          <Flex
            as="li"
            key={device.token}
            aria-label={deviceLabel(device.name, t)}
            justify="space-between"
            align="center"
            gap="3"
            py="3"
            borderBottomWidth="1px"
            wrap="wrap"
          >
            <Box minW="0" flex="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {deviceLabel(device.name, t)}
                </Text>
                {device.current && <Badge colorPalette="teal">{t('devices.thisDevice')}</Badge>}
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {device.current ? t('devices.inUse') : lastSeenText(t, device.lastSeen, state.now)}
              </Text>
            </Box>
            {!device.current && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={busy === device.token}
                onClick={() => void signOut(device)}
              >
                {t('devices.signOut')}
              </Button>
            )}
          </Flex>
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

function PasswordSection() {
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
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
        </FormField>
        <FormField
          label={t('password.new')}
          helper={t('password.helper', { min: MIN_PASSWORD_LENGTH })}
          error={fieldError('next')}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
          />
        </FormField>
        <Outcome outcome={formOutcome} />
        <Box>
          <Button type="submit" colorPalette="teal" loading={busy}>
            {t('password.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

/** The spreadsheets, one download each: a phone opens a CSV file, not a ZIP of three. */
const CSV_FILES = [
  { file: 'people.csv', label: 'export.csvPeople' },
  { file: 'loans.csv', label: 'export.csvLoans' },
  { file: 'payments.csv', label: 'export.csvPayments' },
] as const

function ExportSection() {
  const { t } = useTranslation('settings')
  const book = useBookTransfer()
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('export.note')}</Text>
      <Flex gap="3" wrap="wrap">
        <Button
          colorPalette="teal"
          onClick={() => {
            const { name, text } = book.exportJson()
            download(name, new Blob([text], { type: 'application/json' }))
          }}
        >
          {t('export.json')}
        </Button>
        {CSV_FILES.map(({ file, label }) => (
          <Button
            key={file}
            variant="outline"
            colorPalette="teal"
            onClick={() => {
              const { name, text } = book.exportCsv(file)
              download(name, new Blob([text], { type: 'text/csv;charset=utf-8' }))
            }}
          >
            {t(label)}
          </Button>
        ))}
      </Flex>
    </Stack>
  )
}

function ImportSection() {
  const { t } = useTranslation('settings')
  const book = useBookTransfer()
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
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
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="3">
        <Text color="fg.muted">{t('import.note')}</Text>
        <FormField label={t('import.file')}>
          <Input
            type="file"
            accept=".json,application/json"
            pt="2"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null)
              setOutcome(null)
            }}
          />
        </FormField>
        {outcome?.ok === true && (
          <Text role="status" color="green.700">
            {t('import.done', {
              people: outcome.people,
              loans: outcome.loans,
              payments: outcome.payments,
            })}
          </Text>
        )}
        {outcome?.ok === false && (
          <FileFailure message={outcome.message} problems={outcome.problems} />
        )}
        <Box>
          <Button type="submit" colorPalette="teal" loading={busy}>
            {t('import.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

/** The form starts from the stored profile once the book has loaded from this device. */
function ProfileSection() {
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
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)

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
        <Box>
          <Button type="submit" colorPalette="teal">
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

type PeopleImportState =
  | { step: 'idle' }
  | { step: 'problems'; problems: string[] }
  | { step: 'preview'; plan: PeopleCsvPlan }
  | { step: 'done'; message: string }

/**
 * A spreadsheet of people (name, phone, village) brought in after a preview: every row is checked
 * first, and nothing is added while any row has a problem.
 */
function PeopleImportSection() {
  const { t } = useTranslation('settings')
  const peopleText = (count: number) => t('peopleImport.people', { count })
  const villages = (count: number) => t('peopleImport.villages', { count })
  const people = usePeopleImport()
  const [file, setFile] = useState<File | null>(null)
  const [state, setState] = useState<PeopleImportState>({ step: 'idle' })
  const [fileError, setFileError] = useState<string | null>(null)

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file) {
      setFileError(t('peopleImport.chooseFile'))
      return
    }
    const parsed = people.check(await file.text())
    setState(
      parsed.ok
        ? { step: 'preview', plan: parsed.plan }
        : { step: 'problems', problems: parsed.problems },
    )
  }

  function add(plan: PeopleCsvPlan) {
    const added = people.add(plan)
    setState({
      step: 'done',
      message: t('peopleImport.added', {
        people: peopleText(added.people),
        villages: villages(added.villages),
      }),
    })
  }

  return (
    <form onSubmit={(event) => void check(event)} noValidate>
      <Stack gap="3">
        <Text color="fg.muted">{t('peopleImport.note')}</Text>
        <FormField label={t('peopleImport.file')} error={fileError}>
          <Input
            type="file"
            accept=".csv,text/csv"
            pt="2"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null)
              setFileError(null)
              setState({ step: 'idle' })
            }}
          />
        </FormField>
        {state.step === 'problems' && (
          <FileFailure message={t('peopleImport.nothingAdded')} problems={state.problems} />
        )}
        {state.step === 'preview' && (
          <Stack gap="2" role="status" aria-label={t('peopleImport.preview')}>
            <Text fontWeight="medium">
              {t(
                state.plan.newVillages.length > 0
                  ? 'peopleImport.willAddNamed'
                  : 'peopleImport.willAdd',
                {
                  people: peopleText(state.plan.people.length),
                  villages: villages(state.plan.newVillages.length),
                  names: state.plan.newVillages.join(', '),
                },
              )}
            </Text>
            {state.plan.skipped.length > 0 && (
              <FirstLines
                label={t('peopleImport.skippedRows')}
                lines={state.plan.skipped.map((skip) =>
                  t('peopleImport.skipped', { problem: skip.message }),
                )}
              />
            )}
          </Stack>
        )}
        {state.step === 'done' && (
          <Text role="status" color="green.700">
            {state.message}
          </Text>
        )}
        <Flex gap="3" wrap="wrap">
          <Button
            type="submit"
            colorPalette="teal"
            variant={state.step === 'preview' ? 'outline' : 'solid'}
          >
            {t('peopleImport.check')}
          </Button>
          {state.step === 'preview' && state.plan.people.length > 0 && (
            <Button colorPalette="teal" onClick={() => add(state.plan)}>
              {t('peopleImport.add', { people: peopleText(state.plan.people.length) })}
            </Button>
          )}
        </Flex>
      </Stack>
    </form>
  )
}
