import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatINR } from '../../../shared/money.ts'
import { DateText } from '../../ui/DateText.tsx'
import { DateFigure, Figure, FigureGrid, MoneyFigure } from '../../ui/Figure.tsx'
import { Money, Overpaid } from '../../ui/Money.tsx'
import { sumText, type StatementLoan, type StatementRow } from './statement.ts'

/** "Opening ₹A + interest ₹B − paid ₹C = closing ₹D" for the period, as one line. */
export function PeriodSum({
  name,
  statement,
}: {
  name: string
  statement: Pick<StatementLoan, 'sum'>
}) {
  const { t } = useTranslation('statement')
  return (
    <Box role="group" aria-label={name} fontSize="sm">
      <Text color="fg.muted">{name}</Text>
      <Text fontWeight="medium" data-sum="">
        {sumText(statement.sum, t, (paise) => formatINR(paise))}
      </Text>
    </Box>
  )
}

/** A loan of the statement, and the first and last day of its period (`from` absent: all time). */
interface LoanSectionProps {
  loan: StatementLoan
  from: string | undefined
  to: string
}

/**
 * One loan of the statement: its terms, its sums over the period, the line that joins its
 * opening to its closing, and every movement of the period.
 */
export function StatementLoanSection({ loan, from, to }: LoanSectionProps) {
  const { t } = useTranslation('statement')
  return (
    <Stack as="section" aria-label={loan.label} gap="3" data-print="loan">
      <Box>
        <Heading as="h3" size="md">
          {loan.label} · {t(`loans:status.${loan.status}`)}
        </Heading>
        {loan.description ? <Text color="fg.muted">{loan.description}</Text> : null}
      </Box>
      <FigureGrid wide data-print="keep">
        <MoneyFigure label={t('common:money.lent')} paise={loan.amount} />
        <Figure label={t('loans:labels.interestRate')}>{loan.rate}</Figure>
        <DateFigure label={t('loans:labels.startDate')} date={loan.startDate} />
        <DateFigure label={t('loans:labels.dueDate')} date={loan.dueDate} />
      </FigureGrid>
      <PeriodFigures loan={loan} from={from} to={to} />
      <PeriodSum name={`${t('periodSum')}: ${loan.label}`} statement={loan} />
      <MovementsTable loan={loan} />
    </Stack>
  )
}

/** The loan's sums over the period, from its opening (when the period starts later) to its closing. */
function PeriodFigures({ loan, from, to }: LoanSectionProps) {
  const { totals } = loan
  const { t } = useTranslation('statement')
  const waived = totals.interestWaived + totals.principalWaived
  const opens = from !== undefined && from > loan.startDate
  return (
    <FigureGrid wide data-print="keep">
      {opens && (
        <MoneyFigure
          label={t('openingOn', { date: formatDisplayDate(from) })}
          paise={loan.opening.due}
        />
      )}
      <MoneyFigure label={t('interestCharged')} paise={totals.interestCharged} />
      <MoneyFigure label={t('common:money.paid')} paise={totals.paid} />
      <MoneyFigure label={t('common:money.interestPaid')} paise={totals.interestPaid} />
      <MoneyFigure label={t('common:money.principalPaid')} paise={totals.principalPaid} />
      {totals.overpaid > 0 && (
        <MoneyFigure label={t('common:money.overpaid')} paise={totals.overpaid} />
      )}
      {waived > 0 && <MoneyFigure label={t('common:money.waived')} paise={waived} />}
      <MoneyFigure
        label={t('closingOn', { date: formatDisplayDate(to) })}
        paise={loan.closing.due}
        strong
      />
    </FigureGrid>
  )
}

/** Every movement of the period, between the opening and the closing rows, and their totals. */
function MovementsTable({ loan }: { loan: StatementLoan }) {
  const { totals } = loan
  const { t } = useTranslation('statement')
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      tabIndex={0}
      data-print="table"
      css={stackedOnPhone}
    >
      <Table.Root size="sm" aria-label={t('movementsOf', { label: loan.label })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('col.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('col.details')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('col.added')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('col.paid')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('common:money.interestPaid')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('common:money.principalPaid')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('col.due')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loan.rows.map((row) => (
            <MovementRow key={row.key} row={row} />
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell colSpan={2} data-wide="">
              {t('total')}
            </Table.Cell>
            <Cell paise={totals.lent + totals.interestCharged} label={t('col.added')} />
            <Cell paise={totals.paid} label={t('col.paid')} />
            <Cell paise={totals.interestPaid} label={t('common:money.interestPaid')} />
            <Cell paise={totals.principalPaid} label={t('common:money.principalPaid')} />
            <Cell paise={undefined} label={t('col.due')} />
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** One movement; the opening and closing rows stand out from the movements between them. */
function MovementRow({ row }: { row: StatementRow }) {
  const { t } = useTranslation('statement')
  const edge = row.kind === 'opening' || row.kind === 'closing'
  return (
    <Table.Row fontWeight={edge ? 'semibold' : undefined}>
      <Table.Cell data-wide="">
        <DateText date={row.date} />
      </Table.Cell>
      <Table.Cell minW={{ base: '0', md: '40' }} data-wide="">
        <Text as="span" color={row.voided ? 'red.700' : undefined}>
          {row.details}
        </Text>
        {row.overpaid !== undefined && (
          <>
            {' · '}
            <Overpaid paise={row.overpaid} />
          </>
        )}
      </Table.Cell>
      <Cell paise={row.added} label={t('col.added')} />
      <Table.Cell textAlign="end" data-label={t('col.paid')}>
        <Amount row={row} />
      </Table.Cell>
      <Cell paise={row.interestPaid} label={t('common:money.interestPaid')} />
      <Cell paise={row.principalPaid} label={t('common:money.principalPaid')} />
      <Cell paise={row.voided ? undefined : row.due} label={t('col.due')} />
    </Table.Row>
  )
}

function Cell({ paise, label }: { paise: Paise | undefined; label: string }) {
  return (
    <Table.Cell textAlign="end" data-label={label}>
      {paise === undefined ? '—' : <Money paise={paise} />}
    </Table.Cell>
  )
}

/**
 * On a phone screen the movements table is a stack of small cards, one per row: the date and
 * what happened across the top, then each amount under its column's name (from `data-label`).
 * The seven columns were 695–729 px wide on a 360 px phone. The markup stays a table (printing,
 * screen readers and wide screens see the same table as before).
 */
const stackedOnPhone = {
  '@media screen and (max-width: 47.99em)': {
    '& table, & tbody, & tfoot, & tr, & td': { display: 'block' },
    '& thead': { display: 'none' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: '3',
      rowGap: '1',
      px: '3',
      py: '2',
      borderBottomWidth: '1px',
    },
    '& td': { border: '0', p: '0', textAlign: 'start', overflowWrap: 'anywhere' },
    '& td[data-wide]': { gridColumn: '1 / -1' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'normal',
    },
  },
} as const

/** What a row paid, or what its waiver forgave; struck through when voided. */
function Amount({ row }: { row: StatementRow }) {
  const { t } = useTranslation('statement')
  const text =
    row.waived !== undefined ? (
      <>
        {t('common:money.waived')} <Money paise={row.waived} />
      </>
    ) : row.paid !== undefined ? (
      <Money paise={row.paid} />
    ) : (
      '—'
    )
  return row.voided ? <del>{text}</del> : <>{text}</>
}
