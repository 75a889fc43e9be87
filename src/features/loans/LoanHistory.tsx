import { Box, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { DateText, TimeText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { useWide } from '../../ui/useWide.ts'
import { byText, historyWords as w, money, voidWords } from '../../ui/words.ts'
import type { HistoryItem } from './history.ts'
import { VoidControls } from './VoidControls.tsx'

/**
 * A loan's history: each payment and waiver as replayed (days, interest, what was due, what it
 * paid or waived, what was due after), when and by whom it was recorded, and its Void button.
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
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {w.noEntries}
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
                <Figure label={w.interest}>
                  <Money paise={item.entry.interestForPeriod} />
                </Figure>
                <Figure label={w.dueThen}>
                  <Money paise={item.entry.totalDue} />
                </Figure>
                <Figure label={w.dueAfter}>
                  <Money paise={item.entry.newBalance} />
                </Figure>
                <Figure label={w.interestPaidSoFar}>
                  <Money paise={item.entry.cumulativeInterest} />
                </Figure>
              </SimpleGrid>
            )}
            <Box mt="2">
              <Notes item={item} />
            </Box>
            <Text color="fg.muted" fontSize="sm" mt="1">
              {w.recorded} <Recorded item={item} />
            </Text>
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
            <Table.ColumnHeader>{w.date}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.days}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.broughtForward}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.interest}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.dueThen}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.paid}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.dueAfter}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.interestPaidSoFar}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.notes}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.recorded}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => {
            const { entry } = item
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
                <OptionalMoney paise={entry?.newBalance} />
                <OptionalMoney paise={entry?.cumulativeInterest} />
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
  const shown = item.kind === 'waiver' ? (item.entry?.waived ?? item.amount) : item.amount
  const text: ReactNode =
    item.kind === 'waiver' ? (
      <>
        {money.waived} <Money paise={shown} />
      </>
    ) : (
      <Money paise={shown} />
    )
  return item.voided ? <del>{text}</del> : <>{text}</>
}

/** The line's notes; for a voided line, the void's reason and who voided it when. */
export function Notes({ item }: { item: HistoryItem }) {
  if (item.voided) {
    const { reason, at, by } = item.voided
    return (
      <Text as="span" color="red.700">
        {voidWords.voided}: {reason} · <TimeText at={at} /> {byText(by)}
      </Text>
    )
  }
  const notes =
    item.kind === 'waiver'
      ? [w.waiver, item.description].filter(Boolean).join(' · ')
      : (item.entry?.notes ?? item.description ?? '')
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
  return (
    <>
      <TimeText at={item.createdAt} /> {byText(item.createdBy)}
    </>
  )
}
