import { Box, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../../../shared/deposit/record.ts'
import { ShortLine } from '../../ui/Changes.tsx'
import { DateText, TimeText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { useWide } from '../../ui/useWide.ts'
import { byText } from '../../ui/words.ts'
import type { HistoryItem } from './history.ts'
import { VoidControls } from './VoidControls.tsx'

/**
 * A loan's history: each payment and waiver as replayed (days, interest, what was due, what it
 * paid or waived and how a payment split into interest and principal, what was due after, interest
 * paid so far), when and by whom it was recorded, and its Void button. The split is the truthful
 * one (rule 6a): interest owed, carried or of the period, first, then principal.
 * A voided line stays in its place, struck through, with the reason and who voided it. Wide
 * screens get a table; a phone gets one stacked block per line, so nothing scrolls sideways.
 */
export function LoanHistory({
  name,
  items,
  loansInDeposit,
}: {
  name: string
  items: readonly HistoryItem[]
  loansInDeposit: ReadonlyMap<string, number>
}) {
  const wide = useWide()
  const { t } = useTranslation('loans')
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {t('history.noEntries')}
      </Text>
    )
  }
  const count = (item: HistoryItem) => loansInDeposit.get(item.target.id) ?? 1
  if (!wide) {
    return (
      <Stack as="ul" aria-label={name} gap="2" listStyleType="none">
        {items.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="medium">
                <DateText date={item.date} />
              </Text>
              <AmountText item={item} />
            </Flex>
            {item.entry && (
              <SimpleGrid columns={2} gap="2" mt="2">
                <Figure label={t('history.interest')}>
                  <Money paise={item.entry.interestForPeriod} />
                </Figure>
                <Figure label={t('history.dueThen')}>
                  <Money paise={item.entry.totalDue} />
                </Figure>
                {item.kind === 'payment' && (
                  <>
                    <Figure label={t('common:money.interestPaid')}>
                      <Money paise={item.entry.interestPart} />
                    </Figure>
                    <Figure label={t('common:money.principalPaid')}>
                      <Money paise={item.entry.principalPart} />
                    </Figure>
                  </>
                )}
                <Figure label={t('history.dueAfter')}>
                  <Money paise={item.entry.newBalance} />
                </Figure>
                <Figure label={t('history.interestPaidSoFar')}>
                  <Money paise={item.interestPaidSoFar ?? 0} />
                </Figure>
              </SimpleGrid>
            )}
            <Box mt="2">
              <Notes item={item} />
            </Box>
            <Box mt="1">
              <ShortLine label={t('history.recorded')} at={item.createdAt} by={item.createdBy} />
            </Box>
            <Box mt="2">
              <VoidControls item={item} loansInDeposit={count(item)} />
            </Box>
          </Box>
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0}>
      <Table.Root size="sm" aria-label={name}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('history.date')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.days')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.broughtForward')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.interest')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.dueThen')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.paid')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('common:money.interestPaid')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('common:money.principalPaid')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.dueAfter')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('history.interestPaidSoFar')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.notes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.recorded')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => {
            const { entry } = item
            // A waiver pays nothing: its split columns stay empty rather than show ₹0.00.
            const paying = item.kind === 'payment'
            return (
              <Table.Row key={item.id}>
                <Table.Cell>
                  <DateText date={item.date} />
                </Table.Cell>
                <Table.Cell textAlign="end">{entry ? entry.daysSinceLast : '—'}</Table.Cell>
                <OptionalMoney paise={entry?.balanceBefore} />
                <OptionalMoney paise={entry?.interestForPeriod} />
                <OptionalMoney paise={entry?.totalDue} />
                <Table.Cell textAlign="end">
                  <AmountText item={item} />
                </Table.Cell>
                <OptionalMoney paise={paying ? entry?.interestPart : undefined} />
                <OptionalMoney paise={paying ? entry?.principalPart : undefined} />
                <OptionalMoney paise={entry?.newBalance} />
                <OptionalMoney paise={item.interestPaidSoFar} />
                <Table.Cell>
                  <Notes item={item} />
                </Table.Cell>
                <Table.Cell fontSize="sm" color="fg.muted">
                  <Recorded item={item} />
                </Table.Cell>
                <Table.Cell>
                  <VoidControls item={item} loansInDeposit={count(item)} />
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function OptionalMoney({ paise }: { paise: number | undefined }) {
  if (paise === undefined) return <Table.Cell textAlign="end">—</Table.Cell>
  return <MoneyCell paise={paise} />
}

/** What the line paid or waived; struck through (a `<del>`) once voided. */
export function AmountText({ item }: { item: HistoryItem }) {
  // A waiver larger than what was due (possible after a merge) waives only what was due.
  const { t } = useTranslation('loans')
  const shown = item.kind === 'waiver' ? (item.entry?.waived ?? item.amount) : item.amount
  const text: ReactNode =
    item.kind === 'waiver' ? (
      <>
        {t('common:money.waived')} <Money paise={shown} />
      </>
    ) : (
      <Money paise={shown} />
    )
  return item.voided ? <del>{text}</del> : <>{text}</>
}

/** The line's notes; for a voided line, the void's reason and who voided it when. */
export function Notes({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('loans')
  if (item.voided) {
    const { reason, at, by } = item.voided
    return (
      <Text as="span" color="red.700">
        {t('void.voided')}: {reason} · <TimeText at={at} /> {byText(by, t)}
      </Text>
    )
  }
  const notes =
    item.kind === 'waiver'
      ? [t('history.waiver'), item.description].filter(Boolean).join(' · ')
      : noteText(item.entry?.notes ?? item.description ?? '', t)
  const overpaid = item.entry?.overpaid ?? 0
  return (
    <>
      {notes}
      {overpaid > 0 && (
        <>
          {' · '}
          <Overpaid paise={overpaid} />
        </>
      )}
    </>
  )
}

/** When the line was recorded, and by which account on which device. */
export function Recorded({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('loans')
  return (
    <>
      <TimeText at={item.createdAt} /> {byText(item.createdBy, t)}
    </>
  )
}

/**
 * A payment's note. The default notes (spec §9's 'Full Payment', 'Partial Payment', 'Deposit payment')
 * are the app's words, so they follow the language; a note the lender typed is kept as typed.
 * The keys name their namespace: the statement passes its own `t`.
 */
export function noteText(note: string, t: TFunction): string {
  if (note === 'Full Payment') return t('loans:history.fullPayment')
  if (note === 'Partial Payment') return t('loans:history.partialPayment')
  if (note === DEFAULT_DEPOSIT_DESCRIPTION) return t('loans:history.depositPayment')
  return note
}
