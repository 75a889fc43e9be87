import { Box, Button, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_HANDOVER_NOTE, type Handover } from '../../../shared/collect.ts'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { dayBook } from '../../../shared/ledger/dayBook.ts'
import type { MemberInfo } from '../../../shared/members.ts'
import { formatINR, parseRupees } from '../../../shared/money.ts'
import { useLender, useToday } from '../../data/book/hooks.ts'
import { listMembers } from '../../data/members/members.ts'
import { addHandover, listHandovers, withdrawHandover } from '../../data/members/review.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { MissingPage, Notice, Page } from '../../ui/Page.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { ListRow } from '../settings/ListRow.tsx'

/**
 * `/collectors/$memberId`: a collector's day book (issue 31, item 6). Per day, what he recorded
 * as received (his deposits in the book) beside the cash he handed over, and what he still holds,
 * shown until it is zero; the owner records a handover here, and withdraws a mistaken one (it
 * stays listed, struck through).
 */
export function DayBookScreen({ memberId }: { memberId: string }) {
  const { t } = useTranslation('collectors')
  const [member, setMember] = useState<MemberInfo | null | 'failed'>(null)
  const [handovers, setHandovers] = useState<Handover[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  // Asked again after each handover or withdrawal: the server keeps them.
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    let current = true
    void Promise.all([listMembers(), listHandovers(memberId)]).then(([members, listed]) => {
      if (!current) return
      setMember(
        members.ok ? (members.members.find((m) => m.id === memberId) ?? 'failed') : 'failed',
      )
      if (listed.ok) setHandovers(listed.handovers)
      else setFailed(listed.message)
    })
    return () => {
      current = false
    }
  }, [memberId, asked])
  const reload = useCallback(() => setAsked((n) => n + 1), [])

  if (member === 'failed') return <MissingPage title={t('dayBook')} message={t('notCollector')} />
  if (member === null) return <MissingPage title={t('dayBook')} message={t('loading')} />
  return (
    <Page title={t('dayBookOf', { name: member.name })}>
      <Text color="fg.muted" mt="-2">
        {member.email}
      </Text>
      {failed && <FormAlert message={failed} />}
      {handovers && <DayBookBody member={member} handovers={handovers} onChange={reload} />}
    </Page>
  )
}

function DayBookBody({
  member,
  handovers,
  onChange,
}: {
  member: MemberInfo
  handovers: Handover[]
  onChange: () => void
}) {
  const { t } = useTranslation('collectors')
  const { payments } = useLender()
  const book = useMemo(
    () => dayBook(payments, member.email, handovers),
    [payments, member.email, handovers],
  )
  const [withdrawing, setWithdrawing] = useState<Handover | null>(null)
  const [error, setError] = useState<string | null>(null)
  return (
    <Stack gap="5">
      <Panel as="section" label={t('holding')} p="3">
        <Text fontWeight="semibold">{t('holding')}</Text>
        <Text fontSize="2xl" fontWeight="bold" color={book.holding === 0 ? 'fg' : 'orange.700'}>
          <Money paise={book.holding} />
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {book.holding === 0
            ? t('settled')
            : book.holding > 0
              ? t('stillWithHim', { name: member.name })
              : t('handedMore', { name: member.name })}
        </Text>
      </Panel>
      <HandoverForm member={member} holding={book.holding} onAdded={onChange} />
      <FormAlert message={error} />
      <Stack as="section" gap="2" aria-label={t('days')}>
        <Heading as="h2" size="md">
          {t('days')}
        </Heading>
        {book.rows.length === 0 ? (
          <Notice>{t('nothingYet')}</Notice>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {book.rows.map((row) => (
              <Panel as="li" key={row.day} label={formatDisplayDate(row.day)} p="3">
                <Text fontWeight="medium">{formatDisplayDate(row.day)}</Text>
                <SimpleGrid columns={3} gap="2" fontSize="sm">
                  <Box>
                    <Text color="fg.muted">{t('received', { count: row.deposits })}</Text>
                    <Money paise={row.received} />
                  </Box>
                  <Box>
                    <Text color="fg.muted">{t('handedOver')}</Text>
                    <Money paise={row.handedOver} />
                  </Box>
                  <Box>
                    <Text color="fg.muted">{t('heldAfter')}</Text>
                    <Money paise={row.holding} />
                  </Box>
                </SimpleGrid>
              </Panel>
            ))}
          </Stack>
        )}
      </Stack>
      {handovers.length > 0 && (
        <Stack as="section" gap="2" aria-label={t('handovers')}>
          <Heading as="h2" size="md">
            {t('handovers')}
          </Heading>
          <Stack as="ul" gap="0" listStyleType="none">
            {handovers.map((handover) => (
              <ListRow
                key={handover.id}
                label={`${formatDisplayDate(handover.day)} ${formatINR(handover.amount)}`}
              >
                <Text
                  fontSize="sm"
                  textDecoration={handover.withdrawnAt ? 'line-through' : undefined}
                >
                  {formatDisplayDate(handover.day)} · <Money paise={handover.amount} />
                  {handover.note && <> · {handover.note}</>}
                  {handover.withdrawnAt && <> · {t('withdrawn')}</>}
                </Text>
                {!handover.withdrawnAt && (
                  <Button
                    size="sm"
                    minH="11"
                    variant="ghost"
                    onClick={() => setWithdrawing(handover)}
                  >
                    {t('withdraw')}
                  </Button>
                )}
              </ListRow>
            ))}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        question={
          withdrawing
            ? t('withdrawQuestion', {
                amount: formatINR(withdrawing.amount),
                name: member.name,
                date: formatDisplayDate(withdrawing.day),
              })
            : ''
        }
        confirmLabel={t('withdraw')}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          const handover = withdrawing
          setWithdrawing(null)
          if (!handover) return
          void withdrawHandover(member.id, handover.id).then((result) => {
            setError(result.ok ? null : result.message)
            onChange()
          })
        }}
      />
    </Stack>
  )
}

/** "Cash handed over": the amount, its day (today unless said), a note. */
function HandoverForm({
  member,
  holding,
  onAdded,
}: {
  member: MemberInfo
  holding: number
  onAdded: () => void
}) {
  const { t } = useTranslation('collectors')
  const today = useToday()
  const [amount, setAmount] = useState(() => (holding > 0 ? String(holding / 100) : ''))
  const [day, setDay] = useState<string>(today)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = parseRupees(amount)
    if (!parsed.ok || parsed.paise <= 0) return setError(t('errors.amount'))
    if (!isIsoDate(day) || day > today) return setError(t('errors.day'))
    setBusy(true)
    const added = await addHandover(member.id, { day, amount: parsed.paise, note: note.trim() })
    setBusy(false)
    if (!added.ok) return setError(added.message)
    setError(null)
    setDone(t('added', { amount: formatINR(parsed.paise), name: member.name }))
    setAmount('')
    setNote('')
    onAdded()
  }
  return (
    <Panel as="section" label={t('handOver')} p="3">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Text fontWeight="semibold">{t('handOver')}</Text>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            <AmountField label={t('amount')} min="0.01" value={amount} onChange={setAmount} />
            <DateField
              label={t('day')}
              max={today}
              value={isIsoDate(day) ? day : ''}
              onChange={setDay}
            />
            <FormField label={t('note')}>
              <Input
                value={note}
                maxLength={MAX_HANDOVER_NOTE}
                onChange={(e) => setNote(e.currentTarget.value)}
              />
            </FormField>
          </SimpleGrid>
          <FormAlert message={error} />
          {done && (
            <Text role="status" color="green.700">
              {done}
            </Text>
          )}
          <Box>
            <Button type="submit" colorPalette="teal" minH="11" loading={busy}>
              {t('handOverButton')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Panel>
  )
}
