import { Box, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { ShortLine } from '../../ui/Changes.tsx'
import { FigureGrid, MoneyFigure } from '../../ui/Figure.tsx'
import { MoneyCell } from '../../ui/Money.tsx'
import type { HistoryItem } from './history.ts'
import { AmountText, EndHeader, HistoryRows, Notes } from './HistoryRows.tsx'

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
  const { t } = useTranslation('loans')
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {t('history.noEntries')}
      </Text>
    )
  }
  return (
    <HistoryRows
      name={name}
      items={items}
      loansInDeposit={loansInDeposit}
      headers={
        <>
          <EndHeader>{t('history.days')}</EndHeader>
          <EndHeader>{t('history.broughtForward')}</EndHeader>
          <EndHeader>{t('history.interest')}</EndHeader>
          <EndHeader>{t('history.dueThen')}</EndHeader>
          <EndHeader>{t('history.paid')}</EndHeader>
          <EndHeader>{t('common:money.interestPaid')}</EndHeader>
          <EndHeader>{t('common:money.principalPaid')}</EndHeader>
          <EndHeader>{t('history.dueAfter')}</EndHeader>
          <EndHeader>{t('history.interestPaidSoFar')}</EndHeader>
        </>
      }
      cells={(item) => <HistoryCells item={item} />}
      details={(item) => <HistoryDetails item={item} />}
    />
  )
}

/** A line's figures on a wide screen, one column each. */
function HistoryCells({ item }: { item: HistoryItem }) {
  const { entry } = item
  // A waiver pays nothing: its split columns stay empty rather than show ₹0.00.
  const paying = item.kind === 'payment'
  return (
    <>
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
    </>
  )
}

/** A line's figures on a phone, two to a row, then its notes and who recorded it. */
function HistoryDetails({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('loans')
  const { entry } = item
  return (
    <>
      {entry && (
        <FigureGrid mt="2">
          <MoneyFigure label={t('history.interest')} paise={entry.interestForPeriod} />
          <MoneyFigure label={t('history.dueThen')} paise={entry.totalDue} />
          {item.kind === 'payment' && (
            <>
              <MoneyFigure label={t('common:money.interestPaid')} paise={entry.interestPart} />
              <MoneyFigure label={t('common:money.principalPaid')} paise={entry.principalPart} />
            </>
          )}
          <MoneyFigure label={t('history.dueAfter')} paise={entry.newBalance} />
          <MoneyFigure label={t('history.interestPaidSoFar')} paise={item.interestPaidSoFar ?? 0} />
        </FigureGrid>
      )}
      <Box mt="2">
        <Notes item={item} />
      </Box>
      <Box mt="1">
        <ShortLine label={t('history.recorded')} at={item.createdAt} by={item.createdBy} />
      </Box>
    </>
  )
}

function OptionalMoney({ paise }: { paise: number | undefined }) {
  if (paise === undefined) return <Table.Cell textAlign="end">—</Table.Cell>
  return <MoneyCell paise={paise} />
}
