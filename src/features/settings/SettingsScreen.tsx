import { Badge, Box, Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactElement,
} from 'react'
import { useBookTransfer, type ImportOutcome } from '../../data/book.ts'
import { readDeviceName, subscribeDeviceName, writeDeviceName } from '../../data/device.ts'
import {
  MIN_PASSWORD_LENGTH,
  changePassword,
  listDevices,
  shareDeviceName,
  signOutDevice,
  signOutOtherDevices,
  subscribeDevices,
  type DeviceSession,
} from '../../data/devices.ts'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Page } from '../../ui/Page.tsx'

/**
 * Settings is a list of sections, each a card with its own heading and its own state. To add
 * one (export, UPI id, …), write a component and add it to this list.
 */
const sections: { id: string; title: string; Section: () => ReactElement }[] = [
  { id: 'device-name', title: "This device's name", Section: DeviceNameSection },
  { id: 'devices', title: 'Devices', Section: DevicesSection },
  { id: 'password', title: 'Change password', Section: PasswordSection },
  { id: 'export', title: 'Export book', Section: ExportSection },
  { id: 'import', title: 'Import book', Section: ImportSection },
]

/** `/settings`: this device's name, the signed-in devices, the password, export and import. */
export function SettingsScreen() {
  return (
    <Page title="Settings">
      <Stack gap="5" maxW="2xl">
        {sections.map(({ id, title, Section }) => (
          <Card.Root key={id} as="section" aria-labelledby={`settings-${id}`}>
            <Card.Header pb="0">
              <Heading as="h2" size="md" id={`settings-${id}`}>
                {title}
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

function DeviceNameSection() {
  const saved = useSyncExternalStore(subscribeDeviceName, readDeviceName)
  const [name, setName] = useState(saved)
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    writeDeviceName(name)
    const kept = readDeviceName()
    setName(kept)
    setBusy(true)
    const shared = await shareDeviceName(kept)
    setBusy(false)
    setOutcome(
      shared.ok
        ? { ok: true, message: `This device is now called ${kept}.` }
        : {
            ok: true,
            message: `This device is now called ${kept}. Your other devices see the new name once it is online.`,
          },
    )
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="3">
        <FormField
          label="Device name"
          helper="Shown in the Devices list and beside the changes made on this device."
        >
          <Input
            value={name}
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
            Save name
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date. */
function lastSeenText(lastSeen: number | null, now: number): string {
  if (lastSeen === null) return 'Not seen yet'
  const minutes = Math.floor((now - lastSeen) / 60_000)
  if (minutes < 1) return 'Last seen just now'
  if (minutes < 60) return `Last seen ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `Last seen ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`
  const days = Math.floor(hours / 24)
  if (days < 7) return `Last seen ${days} ${days === 1 ? 'day' : 'days'} ago`
  const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(lastSeen)
  return `Last seen on ${date}`
}

type DevicesState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; devices: DeviceSession[]; now: number }

function DevicesSection() {
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
        ? { ok: true, message: `${device.name} is signed out.` }
        : { ok: false, message: result.message },
    )
  }

  async function signOutOthers() {
    setBusy('others')
    const result = await signOutOtherDevices()
    setBusy(null)
    setOutcome(
      result.ok
        ? { ok: true, message: 'Every other device is signed out.' }
        : { ok: false, message: result.message },
    )
  }

  if (state.status === 'loading') return <Text color="fg.muted">Loading…</Text>
  if (state.status === 'failed') {
    return (
      <Stack gap="3" align="start">
        <FormAlert message={state.message} />
        <Button variant="outline" onClick={askAgain}>
          Try again
        </Button>
      </Stack>
    )
  }
  const others = state.devices.filter((device) => !device.current)
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        A device that is signed out goes back to the login screen. What it saved stays on it.
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" aria-label="Signed-in devices">
        {state.devices.map((device) => (
          <Flex
            as="li"
            key={device.token}
            aria-label={device.name}
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
                  {device.name}
                </Text>
                {device.current && <Badge colorPalette="teal">This device</Badge>}
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {device.current ? 'In use now' : lastSeenText(device.lastSeen, state.now)}
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
                Sign out
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
            Sign out all other devices
          </Button>
        </Box>
      ) : (
        <Text color="fg.muted">No other device is signed in.</Text>
      )}
    </Stack>
  )
}

function PasswordSection() {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const result = await changePassword(current, next)
    setBusy(false)
    if (result.ok) {
      setCurrent('')
      setNext('')
      setOutcome({
        ok: true,
        message: 'Your password is changed. Every other device is signed out.',
      })
    } else {
      setOutcome({ ok: false, message: result.message })
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="3">
        <FormField label="Current password">
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
        </FormField>
        <FormField
          label="New password"
          helper={`At least ${MIN_PASSWORD_LENGTH} characters. Your other devices are signed out.`}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
          />
        </FormField>
        <Outcome outcome={outcome} />
        <Box>
          <Button type="submit" colorPalette="teal" loading={busy}>
            Change password
          </Button>
        </Box>
      </Stack>
    </form>
  )
}

/** Hands a file to the browser's downloads, as if the lender had clicked a link to it. */
function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later, not at once: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

function ExportSection() {
  const book = useBookTransfer()
  return (
    <Stack gap="3">
      <Text color="fg.muted">
        Keep a copy of your whole book, the Trash included: one file that Import book brings back,
        or spreadsheets of people, loans and payments with today&apos;s figures.
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button
          colorPalette="teal"
          onClick={() => {
            const { name, text } = book.exportJson()
            download(name, new Blob([text], { type: 'application/json' }))
          }}
        >
          Download book (JSON)
        </Button>
        <Button
          variant="outline"
          colorPalette="teal"
          onClick={() => {
            const { name, bytes } = book.exportCsvZip()
            download(
              name,
              new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
            )
          }}
        >
          Download spreadsheets (CSV)
        </Button>
      </Flex>
    </Stack>
  )
}

// A broken file can have thousands of problems; the first ones are enough to find the fault.
const SHOWN_PROBLEMS = 20

function ImportSection() {
  const book = useBookTransfer()
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file) {
      setOutcome({ ok: false, message: 'Choose the book file (.json) an export made.' })
      return
    }
    setBusy(true)
    const text = await file.text()
    setOutcome(book.importJson(text))
    setBusy(false)
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="3">
        <Text color="fg.muted">
          Import works into an empty book only. The file is checked first: if anything in it is
          wrong, nothing is imported.
        </Text>
        <FormField label="Book file (JSON)">
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
            Imported {outcome.people} people, {outcome.loans} loans and {outcome.payments} payments.
          </Text>
        )}
        {outcome?.ok === false && (
          <Box role="alert" color="red.600">
            <Text fontWeight="medium">{outcome.message}</Text>
            {outcome.problems && (
              <Box as="ul" ps="5" aria-label="Problems in the file">
                {outcome.problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
                  <Text as="li" key={problem} overflowWrap="anywhere">
                    {problem}
                  </Text>
                ))}
                {outcome.problems.length > SHOWN_PROBLEMS && (
                  <Text as="li">and {outcome.problems.length - SHOWN_PROBLEMS} more</Text>
                )}
              </Box>
            )}
          </Box>
        )}
        <Box>
          <Button type="submit" colorPalette="teal" loading={busy}>
            Import book
          </Button>
        </Box>
      </Stack>
    </form>
  )
}
