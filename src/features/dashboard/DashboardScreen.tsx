import { Button, Card, Flex, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { DashboardRow } from '../../../shared/ledger/engine.ts'
import { useDashboard, useLoaded } from '../../data/hooks.ts'
import { Figure } from '../../ui/Figure.tsx'
import { FormField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { FirstSteps } from '../../ui/FirstSteps.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles } from '../../ui/SummaryTiles.tsx'
import { useWide } from '../../ui/useWide.ts'
import { labels, money } from '../../ui/words.ts'
import { matchesNameOrPhone } from './dashboardSearch.ts'
import { withColumnTotals } from './dashboardTotals.ts'

type Row = DashboardRow

/** The Loan Dashboard: totals for the lender, then one row per person by total due. */
export function DashboardScreen() {
  const dashboard = useDashboard()
  const summary = useMemo(() => withColumnTotals(dashboard), [dashboard])
  const loaded = useLoaded()
  const wide = useWide()
  const [search, setSearch] = useState('')
  const rows = summary.rows.filter((row) => matchesNameOrPhone(row, search))

  return (
    <Page title="Loan Dashboard">
      <SummaryTiles
        tiles={[
          { label: labels.totalUsers, value: summary.totalUsers },
          { label: labels.activeLoans, value: summary.activeLoans },
          { label: money.principalLeft, value: <Money paise={summary.totalPrincipal} /> },
          { label: money.interestDue, value: <Money paise={summary.totalInterest} /> },
          { label: money.paid, value: <Money paise={summary.totalPaid} /> },
          { label: money.dueToday, value: <Money paise={summary.totalDue} /> },
        ]}
      />
      <FormField label="Search by name or phone">
        <Input type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      </FormField>
      {summary.rows.length === 0 ? (
        <>
          <Notice>{loaded ? 'No people found.' : 'Loading…'}</Notice>
          {loaded && <FirstSteps />}
        </>
      ) : rows.length === 0 ? (
        <Notice>No people found matching your search.</Notice>
      ) : wide ? (
        <DashboardTable rows={rows} />
      ) : (
        <DashboardCards rows={rows} />
      )}
    </Page>
  )
}

function DashboardTable({ rows }: { rows: readonly Row[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Phone</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{labels.activeLoans}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{money.principalLeft}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{money.interestDue}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{money.paid}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{money.dueToday}</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.personId}>
              <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
              <Table.Cell>{row.phone || '—'}</Table.Cell>
              <Table.Cell textAlign="end">{row.activeLoans}</Table.Cell>
              <MoneyCell paise={row.principalRemaining} />
              <MoneyCell paise={row.currentInterest} />
              <MoneyCell paise={row.totalPaid} />
              <Table.Cell textAlign="end" fontWeight="semibold">
                <Money paise={row.totalDue} />
              </Table.Cell>
              <Table.Cell>
                <RowActions row={row} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function DashboardCards({ rows }: { rows: readonly Row[] }) {
  return (
    <Stack gap="3">
      {rows.map((row) => (
        <Card.Root key={row.personId} size="sm" role="article" aria-label={row.name}>
          <Card.Header>
            <Card.Title>{row.name}</Card.Title>
            {row.phone ? <Text color="fg.muted">{row.phone}</Text> : null}
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={2} gap="2" fontSize="sm">
              <Figure label={labels.activeLoans}>{row.activeLoans}</Figure>
              <Figure label={money.principalLeft}>
                <Money paise={row.principalRemaining} />
              </Figure>
              <Figure label={money.interestDue}>
                <Money paise={row.currentInterest} />
              </Figure>
              <Figure label={money.paid}>
                <Money paise={row.totalPaid} />
              </Figure>
              <Figure label={money.dueToday}>
                <Text as="span" fontWeight="semibold">
                  <Money paise={row.totalDue} />
                </Text>
              </Figure>
            </SimpleGrid>
          </Card.Body>
          <Card.Footer>
            <RowActions row={row} />
          </Card.Footer>
        </Card.Root>
      ))}
    </Stack>
  )
}

/** View Details, Loan More / New Loan, and Deposit (only when something is due). */
function RowActions({ row }: { row: Row }) {
  return (
    <Flex gap="2" wrap="wrap">
      <Button asChild size="xs" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: row.personId }}>
          View Details
        </Link>
      </Button>
      <Button asChild size="xs" variant="outline">
        <Link to="/loans/add" search={{ personId: row.personId }}>
          {row.loanCount > 0 ? 'Loan More' : 'New Loan'}
        </Link>
      </Button>
      {row.totalDue > 0 && (
        <Button asChild size="xs" colorPalette="green">
          <Link to="/users/$personId/deposit" params={{ personId: row.personId }}>
            Deposit
          </Link>
        </Button>
      )}
    </Flex>
  )
}
