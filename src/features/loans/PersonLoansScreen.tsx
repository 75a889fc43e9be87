import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { loanFigures, summarizePerson } from '../../../shared/ledger/engine.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { useActiveLoans, useActivePeople, useLoaded, useToday } from '../../data/hooks.ts'
import { DateText } from '../../ui/DateText.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles } from '../../ui/SummaryTiles.tsx'
import { RevivedNote } from '../people/RevivedNote.tsx'
import { LoanCard } from './LoanCard.tsx'
import { loanLabel } from './loanText.ts'

/**
 * `/users/{personId}/loans`: one person's tiles, a card per loan and every payment, newest first.
 * Until IndexedDB has answered it says `Loading…`, so an unknown id never flashes "not found"
 * for a person who is merely not loaded yet.
 */
export function PersonLoansScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const allLoans = useActiveLoans()
  const loaded = useLoaded()
  const today = useToday()
  const person = people.find((p) => p.id === personId)

  const loans = useMemo(
    () =>
      allLoans
        .filter((loan) => loan.personId === personId)
        .sort(
          (a, b) =>
            b.startDate.localeCompare(a.startDate) || b.createdAt.localeCompare(a.createdAt),
        ),
    [allLoans, personId],
  )
  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, loanFigures(l, today)])),
    [loans, today],
  )

  if (!person) {
    return (
      <Page title="Loans">
        <Notice>{loaded ? 'Person not found' : 'Loading…'}</Notice>
      </Page>
    )
  }

  const summary = summarizePerson(
    loans,
    today,
    (loan) => figures.get(loan.id) ?? loanFigures(loan, today),
  )

  return (
    <Page
      title={person.name}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/loans/add" search={{ personId }}>
              {loans.length > 0 ? 'Loan More' : 'New Loan'}
            </Link>
          </Button>
          {/* Any balance, not only outstanding ones: a defaulted loan can still be repaid. */}
          {loans.some((loan) => (figures.get(loan.id)?.totalDue ?? 0) > 0) && (
            <Button asChild colorPalette="green">
              <Link to="/users/$personId/deposit" params={{ personId }}>
                Deposit
              </Link>
            </Button>
          )}
        </>
      }
    >
      {person.phone ? <Text color="fg.muted">{person.phone}</Text> : null}
      <RevivedNote revived={person.revived} />
      <SummaryTiles
        tiles={[
          { label: 'Active Loans', value: summary.activeLoans },
          { label: 'Total Principal', value: <Money paise={summary.principalRemaining} /> },
          { label: 'Current Interest', value: <Money paise={summary.currentInterest} /> },
          { label: 'Total Outstanding', value: <Money paise={summary.totalDue} /> },
        ]}
      />
      <Heading as="h2" size="lg">
        Loans
      </Heading>
      {loans.length === 0 ? (
        <Notice>No loans yet.</Notice>
      ) : (
        <Stack gap="3">
          {loans.map((loan) => {
            const f = figures.get(loan.id)
            return f ? <LoanCard key={loan.id} loan={loan} figures={f} today={today} /> : null
          })}
        </Stack>
      )}
      <Heading as="h2" size="lg">
        All Payments
      </Heading>
      <AllPayments loans={loans} figures={figures} />
    </Page>
  )
}

/** Every payment of the person's loans in one table, newest first, with its interest/principal split. */
function AllPayments({
  loans,
  figures,
}: {
  loans: readonly Loan[]
  figures: ReadonlyMap<string, ReturnType<typeof loanFigures>>
}) {
  const rows = loans
    .flatMap((loan) =>
      (figures.get(loan.id)?.ledger.entries ?? []).map((entry) => ({
        loanId: loan.id,
        entry,
        createdAt: loan.payments.find((p) => p.id === entry.paymentId)?.createdAt ?? '',
      })),
    )
    .sort(
      (a, b) =>
        b.entry.depositDate.localeCompare(a.entry.depositDate) ||
        b.createdAt.localeCompare(a.createdAt),
    )
  if (rows.length === 0) return <Notice>No payments yet.</Notice>
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label="All payments">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Loan</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
            <Table.ColumnHeader>Notes</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ loanId, entry }) => (
            <Table.Row key={entry.paymentId}>
              <Table.Cell>
                <DateText date={entry.depositDate} />
              </Table.Cell>
              <Table.Cell>{loanLabel(loanId)}</Table.Cell>
              <MoneyCell paise={entry.paymentAmount} />
              <MoneyCell paise={entry.interestPaid} />
              <MoneyCell paise={entry.principalPaid} />
              <Table.Cell>{entry.notes}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
