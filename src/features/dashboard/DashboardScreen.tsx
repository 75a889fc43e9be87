import { Badge, Box, Button, Flex, Input, Menu, Portal, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { memo, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Attention, DashboardRow } from '../../../shared/ledger/engine.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import { useCities, useLoaded, useShownDashboard } from '../../data/book/hooks.ts'
import { useLanguage } from '../../i18n/index.ts'
import { DateText, formatMoment } from '../../ui/DateText.tsx'
import { MoneyFigure } from '../../ui/Figure.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { FormField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { FirstSteps } from '../../ui/FirstSteps.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles, dueTodayTile } from '../../ui/SummaryTiles.tsx'
import { samePlain } from '../../ui/samePlain.ts'
import { useWide } from '../../ui/useWide.ts'
import { ReviewWaiting } from '../collectors/ReviewWaiting.tsx'
import { ReceiptsWarning } from '../receipts/ReceiptsWarning.tsx'
import { RemindMenuItems } from '../reminders/SendLinks.tsx'
import { matchesDashboardSearch } from './dashboardSearch.ts'
import { withColumnTotals } from './dashboardTotals.ts'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { WindowTable, WindowTableBody, useWindowItems, type Column } from '../../ui/WindowRows.tsx'

/** A dashboard row with its village or city named. */
interface Row extends DashboardRow {
  place?: string
}

/** Desktop rows are measured; this is a first guess (one line of buttons). */
const TABLE_ROW_PX = 53
/** A phone row: inside the 56–72 px the issue asks for, with a 44 px Deposit target. */
const PHONE_ROW_PX = 64

/**
 * The Loan Dashboard: totals for the lender, the cash collected today and this month, then one row
 * per person, what needs action first (overdue, then due within 7 days, then by amount due). The
 * rows are virtualized against the window's scroll, so a book of thousands of people renders only
 * what is on screen.
 */
export function DashboardScreen() {
  const { summary: dashboard, savedAt, fromServer, places } = useShownDashboard()
  const summary = useMemo(() => withColumnTotals(dashboard), [dashboard])
  const cities = useCities()
  const loaded = useLoaded()
  const wide = useWide()
  const [search, setSearch] = useState('')
  const { t } = useTranslation('dashboard')
  const [language] = useLanguage()
  const named = useMemo(() => {
    const cityById = cityIndex(cities)
    return summary.rows.map((row): Row => {
      const place =
        row.cityId === undefined
          ? undefined
          : (cityById.get(row.cityId)?.name ?? places[row.cityId])
      return place === undefined ? row : { ...row, place }
    })
  }, [summary.rows, cities, places])
  // An empty search box shows everyone, without a look at each row (3,000 rows: 30 ms at 4× CPU).
  const rows = useMemo(
    () =>
      search.trim() === ''
        ? named
        : named.filter((row) => matchesDashboardSearch(row, row.place, search)),
    [named, search],
  )

  return (
    <Page title={t('title')}>
      <ReviewWaiting />
      <ReceiptsWarning />
      <SummaryTiles
        tiles={[
          { label: t('totalUsers'), value: summary.totalUsers },
          { label: t('activeLoans'), value: summary.activeLoans },
          {
            label: t('common:money.principalLeft'),
            value: <Money paise={summary.totalPrincipal} />,
          },
          { label: t('common:money.interestDue'), value: <Money paise={summary.totalInterest} /> },
          { label: t('common:money.paid'), value: <Money paise={summary.totalPaid} /> },
          dueTodayTile(summary.totalDue, summary.defaultedDue, t),
        ]}
      />
      <Panel
        role="group"
        label={t('collected')}
        flow="row"
        flexWrap="wrap"
        gap="6"
        px="3"
        py="2"
        bg="bg.panel"
      >
        <MoneyFigure label={t('collectedToday')} paise={summary.collectedToday} strong />
        <MoneyFigure label={t('collectedThisMonth')} paise={summary.collectedThisMonth} strong />
      </Panel>
      {savedAt !== null && (
        <Text role="status" color="fg.muted" fontSize="sm">
          {t(fromServer ? 'serverAsOf' : 'savedAsOf', {
            time: formatMoment(savedAt, language) ?? '',
          })}
        </Text>
      )}
      <FormField label={t('search')}>
        <Input
          type="search"
          placeholder={t('searchHint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </FormField>
      {summary.rows.length === 0 ? (
        <>
          <Notice>{loaded ? t('empty') : t('loading')}</Notice>
          {loaded && <FirstSteps />}
        </>
      ) : rows.length === 0 ? (
        <Notice>{t('noMatch')}</Notice>
      ) : wide ? (
        <DashboardTable rows={rows} />
      ) : (
        <DashboardList rows={rows} />
      )}
    </Page>
  )
}

/**
 * The desktop table. Only the rows on screen (and a few either side) are in the DOM, between two
 * spacer rows that keep the scroll height; `aria-rowcount` and `aria-rowindex` tell a screen
 * reader where a row sits in the whole list.
 */
function DashboardTable({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation('dashboard')
  const columns: Column[] = [
    { header: t('name') },
    { header: t('phone') },
    { header: t('city') },
    { header: t('activeLoans'), end: true },
    { header: t('common:money.principalLeft'), end: true },
    { header: t('common:money.interestDue'), end: true },
    { header: t('common:money.paid'), end: true },
    { header: t('common:money.dueToday'), end: true },
    { header: t('nextDue') },
    { header: t('actions') },
  ]
  return (
    <WindowTable count={rows.length} columns={columns}>
      <WindowTableBody
        items={rows}
        rowKey={(row) => row.personId}
        columns={columns.length}
        estimatePx={TABLE_ROW_PX}
      >
        {(row) => <TableCells row={row} />}
      </WindowTableBody>
    </WindowTable>
  )
}

/**
 * One row's cells. A row is drawn again only when what it shows changed: the book's own rows
 * replace the kept dashboard's with other objects of, mostly, the same figures.
 */
const TableCells = memo(function TableCells({ row }: { row: Row }) {
  return (
    <>
      <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
      <Table.Cell>{row.phone || '—'}</Table.Cell>
      <Table.Cell>{row.place ?? '—'}</Table.Cell>
      <Table.Cell textAlign="end">{row.activeLoans}</Table.Cell>
      <MoneyCell paise={row.principalRemaining} />
      <MoneyCell paise={row.currentInterest} />
      <MoneyCell paise={row.totalPaid} />
      <Table.Cell textAlign="end" fontWeight="semibold">
        <Money paise={row.totalDue} />
      </Table.Cell>
      <Table.Cell>
        <NextDue attention={row.attention} />
      </Table.Cell>
      <Table.Cell>
        <RowActions row={row} />
      </Table.Cell>
    </>
  )
}, sameRow)

/**
 * The phone list: one compact row per person (name and village; due today and a badge; the
 * Deposit button), each a list item that knows its position in the whole list.
 */
function DashboardList({ rows }: { rows: readonly Row[] }) {
  const { bodyRef, shown, before, after } = useWindowItems<Row, HTMLUListElement>(
    rows,
    (row) => row.personId,
    PHONE_ROW_PX,
  )
  const { t } = useTranslation('dashboard')
  return (
    <Box
      as="ul"
      ref={bodyRef}
      role="list"
      aria-label={t('list')}
      listStyleType="none"
      m="0"
      borderTopWidth="1px"
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {shown.map(({ item: row, index, key }) => (
        <PhoneRow key={key} row={row} index={index} count={rows.length} />
      ))}
    </Box>
  )
}

/** One person's line on a phone, drawn again only when what it shows changed (see `TableCells`). */
const PhoneRow = memo(
  function PhoneRow({ row, index, count }: { row: Row; index: number; count: number }) {
    const { t } = useTranslation('dashboard')
    return (
      <Flex
        as="li"
        role="listitem"
        aria-setsize={count}
        aria-posinset={index + 1}
        h={`${PHONE_ROW_PX}px`}
        align="center"
        gap="2"
        px="1"
        borderBottomWidth="1px"
      >
        <Box flex="1" minW="0">
          <Link to="/users/$personId/loans" params={{ personId: row.personId }}>
            <Text fontWeight="medium" truncate>
              {row.name}
            </Text>
          </Link>
          <Text fontSize="sm" color="fg.muted" truncate>
            {row.place ?? '—'}
          </Text>
        </Box>
        <Flex direction="column" align="end" gap="1" flexShrink={0}>
          <Text fontWeight="semibold" fontSize="sm">
            <Text as="span" srOnly>
              {`${t('common:money.dueToday')} `}
            </Text>
            <Money paise={row.totalDue} />
          </Text>
          <DueBadge attention={row.attention} />
        </Flex>
        <Box flexShrink={0} minW="20">
          {row.totalDue > 0 && (
            <Button asChild size="sm" minH="11" w="full" colorPalette="green">
              <Link to="/users/$personId/deposit" params={{ personId: row.personId }}>
                {t('deposit')}
              </Link>
            </Button>
          )}
        </Box>
      </Flex>
    )
  },
  (a, b) => a.index === b.index && a.count === b.count && sameRow(a, b),
)

/** Whether two rows show the same: plain data, compared field by field. */
function sameRow(a: { row: Row }, b: { row: Row }): boolean {
  return samePlain(a.row, b.row)
}

/** "Overdue" or "Due in N days" (within 7 days); nothing otherwise. */
function DueBadge({ attention }: { attention: Attention }) {
  const { t } = useTranslation('dashboard')
  if (attention.kind === 'overdue') {
    return (
      <Badge colorPalette="red" variant="solid">
        {t('overdue')}
      </Badge>
    )
  }
  if (attention.kind === 'dueSoon') {
    return (
      <Badge colorPalette="orange" variant="subtle">
        {attention.days === 0 ? t('fallsDueToday') : t('dueIn', { count: attention.days })}
      </Badge>
    )
  }
  return null
}

/** The desktop's Next due cell: the badge, or the next due date, or a dash. */
function NextDue({ attention }: { attention: Attention }) {
  if (attention.kind === 'none') return <>—</>
  if (attention.kind === 'later') return <DateText date={attention.dueDate} />
  return <DueBadge attention={attention} />
}

/**
 * One line of actions, so a laptop screen shows ten people and more: View Details, Deposit (when
 * something is due) and More, a menu with Loan More / New Loan and the reminder links (only when
 * something is due). Stacked as buttons, they made each row 113–269 px tall.
 */
function RowActions({ row }: { row: Row }) {
  const { t } = useTranslation('dashboard')
  const writable = useBookWritable()
  return (
    <Flex gap="2" align="center" wrap="nowrap" whiteSpace="nowrap">
      <Button asChild size="sm" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: row.personId }}>
          {t('viewDetails')}
        </Link>
      </Button>
      {writable && row.totalDue > 0 && (
        <Button asChild size="sm" colorPalette="green">
          <Link to="/users/$personId/deposit" params={{ personId: row.personId }}>
            {t('deposit')}
          </Link>
        </Button>
      )}
      {(writable || row.totalDue > 0) && (
        <Menu.Root lazyMount unmountOnExit>
          <Menu.Trigger asChild>
            <Button size="sm" variant="ghost" aria-label={t('moreFor', { name: row.name })}>
              {t('more')}
              <Box as="span" aria-hidden fontSize="xs">
                ▾
              </Box>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                {writable && (
                  <Menu.Item value="loan" asChild>
                    <Link to="/loans/add" search={{ personId: row.personId }}>
                      {row.loanCount > 0 ? t('loanMore') : t('newLoan')}
                    </Link>
                  </Menu.Item>
                )}
                {row.totalDue > 0 && (
                  <RemindMenuItems
                    to={{ personId: row.personId, name: row.name, phone: row.phone }}
                  />
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </Flex>
  )
}
