import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  COLLECT_REFUSALS,
  MAX_VOID_REASON,
  type SheetPerson,
  type VoidRequestInfo,
} from '../../../shared/collect.ts'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import { DEPOSIT_REASONS } from '../../../shared/reasons.ts'
import { askAmounts, summarizePerson } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { receiptLabel } from '../../../shared/receipts/receipt.ts'
import type { CollectorConnection } from '../../data/collect/collectorBook.ts'
import { collectedOn, depositAmount, type OutboxEntry } from '../../data/collect/outbox.ts'
import { useCollecting, useCollectorState } from '../../data/collect/useCollector.ts'
import { useLanguage } from '../../i18n/index.ts'
import { FormField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { Notice } from '../../ui/Page.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { messageLanguage, messageT, reminderFor } from '../reminders/messages.ts'
import { MessageWithLinks } from '../reminders/SendLinks.tsx'
import { collectedReceipt, entryReceipt } from './receipt.ts'
import { useSheet, type SheetView } from './useSheet.ts'

/**
 * `/collect`: a collector's day. What he collected today, the receipt of the deposit he just
 * recorded, his villages' people with what each owes today, and every deposit recorded on this
 * phone with where it stands (waiting to be sent, in the book, held for review, refused).
 */
export function CollectorHome() {
  const { t } = useTranslation('collect')
  const { shared } = useCollecting()
  const { opened, connection, outbox } = useCollectorState()
  const view = useSheet()
  const waiting = outbox.filter((entry) => entry.state === 'waiting').length
  if (!view) {
    // No sheet: not yet on this phone, or taken away (he no longer collects for this book).
    // What he recorded is still listed, with where it stands.
    return (
      <Stack gap="5">
        <ConnectionLine connection={connection} waiting={waiting} />
        {connection !== 'gone' && (
          <Notice>{!opened || connection === 'sending' ? t('loading') : t('noSheet')}</Notice>
        )}
        <Recorded view={null} outbox={outbox} />
      </Stack>
    )
  }
  return (
    <Stack gap="5">
      <ConnectionLine connection={connection} waiting={waiting} asOf={view.sheet.asOf} />
      <Today view={view} owner={shared.ownerName} />
      <JustRecorded view={view} />
      <People view={view} />
      <Recorded view={view} outbox={view.outbox} />
    </Stack>
  )
}

/** Whether the phone reaches the server, and how old the sheet is. */
function ConnectionLine({
  connection,
  waiting,
  asOf,
}: {
  connection: CollectorConnection
  waiting: number
  asOf?: string
}) {
  const { t } = useTranslation('collect')
  const serious = connection === 'gone' || connection === 'signedOut' || connection === 'failed'
  return (
    <Box role="status" borderWidth={serious ? '1px' : '0'} borderRadius="md" p={serious ? '3' : 0}>
      <Text fontSize="sm" color={serious ? 'red.700' : 'fg.muted'}>
        {t(`connection.${connection}`, { count: waiting })}
        {asOf && <> {t('asOf', { time: new Date(asOf).toLocaleString('en-IN') })}</>}
      </Text>
    </Box>
  )
}

/** What he collected today, the cash he should have in hand. */
function Today({ view, owner }: { view: SheetView; owner: string }) {
  const { t } = useTranslation('collect')
  const today = collectedOn(view.outbox, view.today, view.voided)
  return (
    <Panel as="section" label={t('todayTitle')} p="3">
      <Text fontWeight="semibold">{t('todayTitle')}</Text>
      <Text fontSize="2xl" fontWeight="bold">
        <Money paise={today.amount} />
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('todayCount', { count: today.count, owner })}
      </Text>
    </Panel>
  )
}

/** The receipt of the deposit just recorded, to send before he walks on. */
function JustRecorded({ view }: { view: SheetView }) {
  const { t } = useTranslation('collect')
  const { book } = useCollecting()
  const { lastRecorded } = useCollectorState()
  const entry = view.outbox.find((e) => e.deposit.depositId === lastRecorded)
  if (!entry) return null
  const person = view.sheet.people.find((p) => p.id === entry.personId)
  return (
    <Panel as="section" label={t('recordedTitle')} flow="column" gap="2" p="3" bg="green.50">
      <Text fontWeight="semibold">
        {t('recordedFrom', {
          amount: formatINR(depositAmount(entry.deposit)),
          name: person?.name ?? '',
        })}
      </Text>
      <Receipt view={view} entry={entry} />
      <Box>
        <Button size="sm" minH="11" variant="ghost" onClick={() => book.forgetLastRecorded()}>
          {t('reminders:receiptDone')}
        </Button>
      </Box>
    </Panel>
  )
}

/** A deposit's receipt as it will be sent, and the links that send it. */
function Receipt({ view, entry }: { view: SheetView; entry: OutboxEntry }) {
  const [appLanguage] = useLanguage()
  const person = view.sheet.people.find((p) => p.id === entry.personId)
  const text = useMemo(
    () =>
      person ? collectedReceipt(view, entry, messageT(messageLanguage(person, appLanguage))) : null,
    [view, entry, person, appLanguage],
  )
  if (!person || text === null) return null
  return (
    <MessageWithLinks
      to={{ personId: person.id, name: person.name, phone: person.phone }}
      text={text}
      kind="receipt"
      canEdit={false}
    />
  )
}

/** His villages' people, found by name, each with what they owe today and a Deposit link. */
function People({ view }: { view: SheetView }) {
  const { t } = useTranslation('collect')
  const [query, setQuery] = useState('')
  const places = useMemo(
    () => new Map(view.sheet.villages.map((village) => [village.id, village.name])),
    [view.sheet.villages],
  )
  const rows = useMemo(() => {
    const wanted = query.trim().toLocaleLowerCase()
    return view.sheet.people
      .filter(
        (person) =>
          wanted === '' ||
          person.name.toLocaleLowerCase().includes(wanted) ||
          (person.petName ?? '').toLocaleLowerCase().includes(wanted),
      )
      .map((person) => ({
        person,
        due: summarizePerson(view.loansOf(person.id), view.today, view.figuresOf).totalDue,
      }))
      .sort((a, b) => a.person.name.localeCompare(b.person.name))
  }, [view, query])
  return (
    <Stack as="section" gap="3" aria-label={t('people')}>
      <Heading as="h2" size="md">
        {t('people')}
      </Heading>
      <FormField label={t('search')}>
        <Input value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </FormField>
      {rows.length === 0 ? (
        <Notice>{t('nobody')}</Notice>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" borderTopWidth="1px">
          {rows.map(({ person, due }) => (
            <PersonRow
              key={person.id}
              view={view}
              person={person}
              place={places.get(person.cityId) ?? ''}
              due={due}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/** One person on his list: what they owe today, Deposit, and a reminder to send. */
function PersonRow({
  view,
  person,
  place,
  due,
}: {
  view: SheetView
  person: SheetPerson
  place: string
  due: Paise
}) {
  const { t } = useTranslation('collect')
  const [reminding, setReminding] = useState(false)
  return (
    <Box as="li" py="2" borderBottomWidth="1px">
      <Flex align="center" gap="2" minH="12">
        <Box flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {person.name}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {place} · {t('common:money.dueToday')}: <Money paise={due} />
          </Text>
        </Box>
        <Button
          size="sm"
          minH="11"
          variant="outline"
          aria-expanded={reminding}
          aria-label={t('remindFor', { name: person.name })}
          onClick={() => setReminding(!reminding)}
        >
          {t('remind')}
        </Button>
        <Button asChild size="sm" minH="11" colorPalette="green">
          <Link
            to="/collect/$personId"
            params={{ personId: person.id }}
            aria-label={t('depositFor', { name: person.name })}
          >
            {t('deposit')}
          </Link>
        </Button>
      </Flex>
      {reminding && <Reminder view={view} person={person} />}
    </Box>
  )
}

/** The reminder the lender's app would send this person, in their language, and its links. */
function Reminder({ view, person }: { view: SheetView; person: SheetPerson }) {
  const [appLanguage] = useLanguage()
  const text = useMemo(() => {
    const loans = view.loansOf(person.id)
    return reminderFor({
      loans,
      today: view.today,
      figuresOf: view.figuresOf,
      amounts: askAmounts(loans, view.today, view.figuresOf),
      profile: view.sheet.lender,
      borrowerName: person.name,
      t: messageT(messageLanguage(person, appLanguage)),
    }).text
  }, [view, person, appLanguage])
  return (
    <Box mt="2">
      <MessageWithLinks
        to={{ personId: person.id, name: person.name, phone: person.phone }}
        text={text}
        kind="reminder"
        canEdit={false}
      />
    </Box>
  )
}

/**
 * Every deposit recorded on this phone, newest first, with where it stands; with the sheet, each
 * one's receipt and "Ask to void".
 */
function Recorded({ view, outbox }: { view: SheetView | null; outbox: readonly OutboxEntry[] }) {
  const { t } = useTranslation('collect')
  const { book } = useCollecting()
  const { sheet } = useCollectorState()
  const [requests, setRequests] = useState<Map<string, VoidRequestInfo>>(new Map())
  const [asked, setAsked] = useState(0)
  // Asked again with each newer sheet (the owner may have answered) and after each request.
  useEffect(() => {
    let current = true
    void book.voidRequests().then((list) => {
      if (current && list) setRequests(new Map(list.map((request) => [request.depositId, request])))
    })
    return () => {
      current = false
    }
  }, [book, sheet, asked])
  const refresh = () => setAsked((n) => n + 1)
  if (outbox.length === 0) return null
  return (
    <Stack as="section" gap="3" aria-label={t('recordedList')}>
      <Heading as="h2" size="md">
        {t('recordedList')}
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {outbox.map((entry) => (
          <RecordedRow
            key={entry.deposit.depositId}
            view={view}
            entry={entry}
            name={
              view?.sheet.people.find((p) => p.id === entry.personId)?.name ??
              entry.personName ??
              ''
            }
            request={entry.inBook ? requests.get(entry.inBook) : undefined}
            onAsked={refresh}
          />
        ))}
      </Stack>
    </Stack>
  )
}

const STATE_PALETTE = {
  waiting: 'orange',
  recorded: 'green',
  held: 'gray',
  refused: 'red',
  voided: 'gray',
} as const

function RecordedRow({
  view,
  entry,
  name,
  request,
  onAsked,
}: {
  view: SheetView | null
  entry: OutboxEntry
  name: string
  request: VoidRequestInfo | undefined
  onAsked: () => void
}) {
  const { t } = useTranslation('collect')
  const [open, setOpen] = useState<'receipt' | 'void' | null>(null)
  const { deposit } = entry
  // In the book, then voided by the owner (he asked, or she found a mistake): it counts nowhere.
  const voided = entry.inBook !== undefined && view?.voided.has(entry.inBook) === true
  const state = voided ? 'voided' : entry.state
  // The number he gave at the door: his phone's until the book holds it, then the book's (the same).
  const receipt = receiptLabel(entryReceipt(view, entry))
  return (
    <Panel as="li" label={t('recordedRow', { name })} p="3">
      <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
        <Text fontWeight="medium">
          {name} · <Money paise={depositAmount(deposit)} />
        </Text>
        <Badge colorPalette={STATE_PALETTE[state]}>{t(`state.${state}`)}</Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {formatDisplayDate(deposit.date)}
        {deposit.note && <> · {deposit.note}</>}
        {entry.reason && <> · {t('refusedBecause', { reason: refusalText(entry.reason, t) })}</>}
      </Text>
      {receipt && (
        <Text fontSize="sm" color="fg.muted">
          {t('receiptNumber', receipt)}
        </Text>
      )}
      {request && (
        <Text fontSize="sm" color="fg.muted">
          {t(`voidAsked.${request.status}`, { reason: request.reason })}
        </Text>
      )}
      {view && !voided && entry.state !== 'held' && entry.state !== 'refused' && (
        <Flex gap="2" wrap="wrap" mt="2">
          <Button
            size="sm"
            minH="11"
            variant="outline"
            onClick={() => setOpen(open === 'receipt' ? null : 'receipt')}
          >
            {t('receipt')}
          </Button>
          {entry.state === 'recorded' && !request && (
            <Button
              size="sm"
              minH="11"
              variant="outline"
              onClick={() => setOpen(open === 'void' ? null : 'void')}
            >
              {t('askVoid')}
            </Button>
          )}
        </Flex>
      )}
      {open === 'receipt' && view && (
        <Box mt="2">
          <Receipt view={view} entry={entry} />
        </Box>
      )}
      {open === 'void' && entry.inBook && (
        <AskVoid
          inBook={entry.inBook}
          onDone={() => {
            setOpen(null)
            onAsked()
          }}
        />
      )}
    </Panel>
  )
}

/** Asks the owner to void a deposit of his, with a reason (only the owner can void). */
function AskVoid({ inBook, onDone }: { inBook: string; onDone: () => void }) {
  const { t } = useTranslation('collect')
  const { book } = useCollecting()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (reason.trim() === '') return setError(t('voidReasonNeeded'))
    setBusy(true)
    const asked = await book.askVoid(inBook, reason.trim())
    setBusy(false)
    if (asked.ok) onDone()
    else setError(t(`voidRefused.${VOID_WHY[asked.why] ?? 'failed'}`))
  }
  return (
    <Stack asChild gap="2" mt="2">
      <form onSubmit={submit} noValidate>
        <FormField label={t('voidReason')} error={error}>
          <Input
            value={reason}
            maxLength={MAX_VOID_REASON}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </FormField>
        <Box>
          <Button type="submit" size="sm" minH="11" loading={busy}>
            {t('sendVoid')}
          </Button>
        </Box>
      </form>
    </Stack>
  )
}

/**
 * Why the server refused a deposit, in his words: the deposit form's own reasons (the server
 * checks as the form does), that the loan is not in his villages now, or that the book cannot
 * take the receipt his phone gave it.
 */
function refusalText(reason: string, t: TFunction): string {
  if ((DEPOSIT_REASONS as readonly string[]).includes(reason)) return t(`deposit:errors.${reason}`)
  if (reason === 'invalidAllocation') return t('deposit:errors.noAllocation')
  if (reason === COLLECT_REFUSALS.outside) return t('refusedOutside')
  if (reason === COLLECT_REFUSALS.notYourSeries) return t('refusedSeries')
  if (reason === COLLECT_REFUSALS.numberTaken) return t('refusedNumberTaken')
  return t('refusedOther')
}

/** The server's reasons, as keys of `voidRefused`. */
const VOID_WHY: Record<string, string> = {
  offline: 'offline',
  'already voided': 'alreadyVoided',
  'already asked': 'alreadyAsked',
  'too many requests': 'tooMany',
}
