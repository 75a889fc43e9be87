import { Button, Card, Flex, SimpleGrid, Stack, Table } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { loanFigures, type StatusLabel } from '../../../shared/ledger/engine.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/hooks.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { FormAlert, SelectField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.ts'
import { useWide } from '../../ui/useWide.ts'
import { money } from '../../ui/words.ts'
import { filterLoans, type LoanQuery } from './loanFilter.ts'
import { LoanName } from './LoanName.tsx'
import { loanLabel, rateText } from './loanText.ts'

const statusChoices: { value: StatusLabel; label: string }[] = [
  { value: 'Active', label: 'Active' },
  { value: 'Overdue', label: 'Overdue' },
  { value: 'Defaulted', label: 'Defaulted' },
  { value: 'Paid', label: 'Paid' },
]

interface LoanRow {
  loan: Loan
  personId: string
  personName: string
  status: StatusLabel
  settledByWaiver: boolean
  /** Due today. */
  balance: number
}

/** `/loans`: every loan, filtered by status and person; money in whole rupees (spec §9). */
export function LoansScreen() {
  const loans = useActiveLoans()
  const people = useActivePeople()
  const today = useToday()
  const loaded = useLoaded()
  const wide = useWide()
  const { archiveLoan } = useMutations()
  const [query, setQuery] = useState<LoanQuery>({ status: '', personId: '' })
  const deletion = useConfirmedDelete<Loan>(archiveLoan)

  const rows = useMemo<LoanRow[]>(() => {
    const names = new Map(people.map((p) => [p.id, p.name]))
    return loans
      .map((loan) => {
        const f = loanFigures(loan, today)
        return {
          loan,
          personId: loan.personId,
          personName: names.get(loan.personId) ?? '—',
          status: f.status,
          settledByWaiver: f.settledByWaiver,
          balance: f.totalDue,
        }
      })
      .sort(
        (a, b) =>
          b.loan.startDate.localeCompare(a.loan.startDate) ||
          b.loan.createdAt.localeCompare(a.loan.createdAt),
      )
  }, [loans, people, today])
  const shown = filterLoans(rows, query)
  const personChoices = [...people]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((p) => ({ value: p.id, label: p.name }))

  return (
    <Page
      title="Loans"
      actions={
        <Button asChild colorPalette="blue">
          <Link to="/loans/add">Add Loan</Link>
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" maxW="2xl">
        <SelectField
          label="Status"
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, status: status as LoanQuery['status'] }))}
          placeholder="All statuses"
          choices={statusChoices}
        />
        <SelectField
          label="Person"
          value={query.personId}
          onChange={(personId) => setQuery((q) => ({ ...q, personId }))}
          placeholder="All people"
          choices={personChoices}
        />
      </SimpleGrid>
      <FormAlert message={deletion.error} />
      {rows.length === 0 ? (
        <Notice>{loaded ? 'No loans found.' : 'Loading…'}</Notice>
      ) : shown.length === 0 ? (
        <Notice>No loans found matching your filters.</Notice>
      ) : wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Loan</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Interest</Table.ColumnHeader>
                <Table.ColumnHeader>Start Date</Table.ColumnHeader>
                <Table.ColumnHeader>Due Date</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{money.dueToday}</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((row) => (
                <Table.Row key={row.loan.id}>
                  <Table.Cell>
                    <LoanName loanId={row.loan.id} personName={row.personName} />
                  </Table.Cell>
                  <MoneyCell paise={row.loan.amount} decimals={0} />
                  <Table.Cell>{rateText(row.loan.interestRate, row.loan.interestType)}</Table.Cell>
                  <Table.Cell>
                    <DateText date={row.loan.startDate} />
                  </Table.Cell>
                  <Table.Cell>
                    <DateText date={row.loan.dueDate} />
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={row.status} settledByWaiver={row.settledByWaiver} />
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold">
                    <Money paise={row.balance} decimals={0} />
                  </Table.Cell>
                  <Table.Cell>
                    <LoanActions loan={row.loan} onDelete={() => deletion.ask(row.loan)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Stack gap="3">
          {shown.map((row) => (
            <Card.Root
              key={row.loan.id}
              size="sm"
              role="article"
              aria-label={`${row.personName}, ${loanLabel(row.loan.id)}`}
            >
              <Card.Header>
                <Flex justify="space-between" align="start" gap="2">
                  <Card.Title>
                    <LoanName loanId={row.loan.id} personName={row.personName} />
                  </Card.Title>
                  <StatusBadge status={row.status} settledByWaiver={row.settledByWaiver} />
                </Flex>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="2" fontSize="sm">
                  <Figure label="Amount">
                    <Money paise={row.loan.amount} decimals={0} />
                  </Figure>
                  <Figure label={money.dueToday}>
                    <Money paise={row.balance} decimals={0} />
                  </Figure>
                  <Figure label="Interest">
                    {rateText(row.loan.interestRate, row.loan.interestType)}
                  </Figure>
                  <Figure label="Due Date">
                    <DateText date={row.loan.dueDate} />
                  </Figure>
                </SimpleGrid>
              </Card.Body>
              <Card.Footer>
                <LoanActions loan={row.loan} onDelete={() => deletion.ask(row.loan)} />
              </Card.Footer>
            </Card.Root>
          ))}
        </Stack>
      )}
      <ConfirmDialog question="Are you sure you want to delete this loan?" {...deletion.dialog} />
    </Page>
  )
}

function LoanActions({ loan, onDelete }: { loan: Loan; onDelete: () => void }) {
  return (
    <RowActions onDelete={onDelete}>
      <Button asChild size="xs" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: loan.personId }}>
          View Details
        </Link>
      </Button>
      <Button asChild size="xs" variant="outline">
        <Link to="/loans/edit/$id" params={{ id: loan.id }}>
          Edit
        </Link>
      </Button>
    </RowActions>
  )
}
