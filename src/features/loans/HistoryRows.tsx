import { Box, Flex, Stack, Table, Text } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_DEPOSIT_DESCRIPTION } from '../../../shared/deposit/record.ts'
import { receiptLabel } from '../../../shared/receipts/receipt.ts'
import { DateText, TimeText } from '../../ui/DateText.tsx'
import { Money, Overpaid } from '../../ui/Money.tsx'
import { useWide } from '../../ui/useWide.ts'
import { byText } from '../../ui/words.ts'
import type { HistoryItem } from './history.ts'
import { VoidControls } from './VoidControls.tsx'

/**
 * Payments and waivers as history lines, a loan's or a person's: on a wide screen a table whose
 * rows start with the date and end with the notes, who recorded it and Void; on a phone one block
 * per line (date and amount across the top, then Void), so nothing scrolls sideways. The caller
 * gives the columns between (`headers`, `cells`) and a phone block's middle (`details`).
 */
export function HistoryRows({
  name,
  items,
  loansInDeposit,
  headers,
  cells,
  details,
}: {
  name: string
  items: readonly HistoryItem[]
  loansInDeposit: ReadonlyMap<string, number>
  headers: ReactNode
  cells: (item: HistoryItem) => ReactNode
  details: (item: HistoryItem) => ReactNode
}) {
  const wide = useWide()
  const { t } = useTranslation('loans')
  // Void acts on the whole deposit: its question says how many loans it pays.
  const voidOf = (item: HistoryItem) => (
    <VoidControls item={item} loansInDeposit={loansInDeposit.get(item.target.id) ?? 1} />
  )
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
            <ReceiptNo item={item} />
            {details(item)}
            <Box mt="2">{voidOf(item)}</Box>
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
            {headers}
            <Table.ColumnHeader>{t('history.notes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.recorded')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>
                <DateText date={item.date} />
              </Table.Cell>
              {cells(item)}
              <Table.Cell>
                <Notes item={item} />
              </Table.Cell>
              <Table.Cell fontSize="sm" color="fg.muted">
                <ReceiptNo item={item} />
                <Recorded item={item} />
              </Table.Cell>
              <Table.Cell>{voidOf(item)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** A right-aligned column header, as every money column's is. */
export function EndHeader({ children }: { children: ReactNode }) {
  return <Table.ColumnHeader textAlign="end">{children}</Table.ColumnHeader>
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

/**
 * The line's receipt number and code, as the borrower's copy has them; a voided line keeps its
 * number and says VOID. Nothing for a line from before receipts.
 */
export function ReceiptNo({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('loans')
  const label = receiptLabel(item.receipt)
  if (!label) return null
  return (
    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
      {t('history.receipt', label)}
      {item.voided && (
        <Text as="strong" color="red.700">
          {' · '}
          {t('history.receiptVoid')}
        </Text>
      )}
    </Text>
  )
}

/** The line's notes; for a voided line, the void's reason and who voided it when. */
export function Notes({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('loans')
  if (item.voided) {
    const { reason, at, by } = item.voided
    // The void's own receipt, after its reason.
    const label = receiptLabel(item.voided.receipt)
    return (
      <Text as="span" color="red.700">
        {t('void.voided')}: {reason}
        {label && ` · ${t('history.receipt', label)}`} · <TimeText at={at} /> {byText(by, t)}
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
