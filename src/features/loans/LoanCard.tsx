import {
  Button,
  Card,
  Collapsible,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { loanAgeText } from '../../../shared/dates.ts'
import type { LoanFigures } from '../../../shared/ledger/engine.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { loanLabel, rateText } from './loanText.ts'

/**
 * One loan on the person loans page: its terms and today's figures, with the breakdown and the
 * payment history folded away until asked for.
 */
export function LoanCard({
  loan,
  figures,
  today,
}: {
  loan: Loan
  figures: LoanFigures
  today: string
}) {
  const [open, setOpen] = useState(false)
  const label = loanLabel(loan.id)
  return (
    <Card.Root size="sm" role="article" aria-label={label}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Card.Title>{label}</Card.Title>
          <Flex gap="2" align="center">
            <Overpaid paise={figures.ledger.overpaid} />
            <StatusBadge status={figures.status} />
          </Flex>
        </Flex>
        {loan.description ? <Text color="fg.muted">{loan.description}</Text> : null}
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" fontSize="sm">
          <Figure label="Amount">
            <Money paise={loan.amount} />
          </Figure>
          <Figure label="Interest Rate">{rateText(loan.interestRate, loan.interestType)}</Figure>
          <Figure label="Start Date">
            <DateText date={loan.startDate} />
          </Figure>
          <Figure label="Due Date">
            <DateText date={loan.dueDate} />
          </Figure>
          <Figure label="Loan Age">{loanAgeText(loan.startDate, today)}</Figure>
          <Figure label="Total Paid">
            <Money paise={figures.totalPaid} />
          </Figure>
          <Figure label="Interest Accrued">
            <Money paise={figures.asOf.interestAccrued} />
          </Figure>
          <Figure label="Balance Due">
            <Text as="span" fontWeight="semibold">
              <Money paise={figures.totalDue} />
            </Text>
          </Figure>
        </SimpleGrid>
        <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} mt="3">
          <Flex gap="2" wrap="wrap">
            <Collapsible.Trigger asChild>
              <Button size="xs" variant="outline">
                {open ? 'Hide Details' : 'Show Details'}
              </Button>
            </Collapsible.Trigger>
            <Button asChild size="xs" variant="outline">
              <Link to="/loans/edit/$id" params={{ id: loan.id }}>
                Edit
              </Link>
            </Button>
          </Flex>
          <Collapsible.Content>
            <LoanBreakdown loan={loan} figures={figures} />
          </Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  )
}

/** The as-of-today breakdown and the replayed payment history. */
function LoanBreakdown({ loan, figures }: { loan: Loan; figures: LoanFigures }) {
  const { asOf, ledger } = figures
  return (
    <Stack gap="4" mt="4">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Breakdown
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" fontSize="sm">
          <Figure label="Principal">
            <Money paise={asOf.principal} />
          </Figure>
          <Figure label="Interest Accrued">
            <Money paise={asOf.interestAccrued} />
          </Figure>
          <Figure label="Total Amount">
            <Money paise={asOf.totalAmount} />
          </Figure>
          <Figure label="Total Paid">
            <Money paise={asOf.totalPaid} />
          </Figure>
          <Figure label="Balance">
            <Money paise={asOf.balance} />
          </Figure>
        </SimpleGrid>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Payment History
        </Heading>
        {ledger.entries.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No payments yet.
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={`Payment history of ${loanLabel(loan.id)}`}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Days</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Balance Before</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total Due</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Payment</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">New Balance</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Cumulative Interest</Table.ColumnHeader>
                  <Table.ColumnHeader>Notes</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {ledger.entries.map((entry) => (
                  <Table.Row key={entry.paymentId}>
                    <Table.Cell>
                      <DateText date={entry.depositDate} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{entry.daysSinceLast}</Table.Cell>
                    <MoneyCell paise={entry.balanceBefore} />
                    <MoneyCell paise={entry.interestForPeriod} />
                    <MoneyCell paise={entry.totalDue} />
                    <MoneyCell paise={entry.paymentAmount} />
                    <MoneyCell paise={entry.newBalance} />
                    <MoneyCell paise={entry.cumulativeInterest} />
                    <Table.Cell>
                      {entry.notes}
                      {entry.overpaid > 0 && (
                        <>
                          {' · '}
                          <Overpaid paise={entry.overpaid} />
                        </>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Stack>
  )
}
