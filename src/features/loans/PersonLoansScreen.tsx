import { Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import {
  loanFigures,
  summarizePerson,
  type LedgerLoan,
  type LoanFigures,
} from '../../../shared/ledger/engine.ts'
import type { Payment } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useFiguresOf,
  useLender,
  useLoaded,
  useToday,
} from '../../data/hooks.ts'
import { Changes } from '../../ui/Changes.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles } from '../../ui/SummaryTiles.tsx'
import { useWide } from '../../ui/useWide.ts'
import { historyWords as w, labels, money } from '../../ui/words.ts'
import { RevivedNote } from '../people/RevivedNote.tsx'
import { loanHistory, type HistoryItem } from './history.ts'
import { LoanCard } from './LoanCard.tsx'
import { AmountText, Notes, Recorded } from './LoanHistory.tsx'
import { loanLabel } from './loanText.ts'
import { PayoffQuote } from './PayoffQuote.tsx'
import { ReckoningTable } from './ReckoningTable.tsx'
import { VoidControls } from './VoidControls.tsx'

/**
 * `/users/{personId}/loans`: one person's tiles, the reckoning that closes, a payoff quote, a
 * card per loan and every payment, newest first. Until IndexedDB has answered it says
 * `Loading…`, so an unknown id never flashes "not found" for a person who is merely not loaded.
 */
export function PersonLoansScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const allLoans = useActiveLoans()
  const { payments } = useLender()
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
  // The doc's figures cache: a loan whose facts did not change is not replayed again.
  const cachedFigures = useFiguresOf()
  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, cachedFigures(l, today)])),
    [loans, today, cachedFigures],
  )
  // Each payment's deposit and author, and how many loans each deposit paid (a void takes all).
  const { byId, loansInDeposit } = useMemo(() => {
    const ids = new Set(loans.map((loan) => loan.id))
    const byId = new Map<string, Payment>()
    const loansInDeposit = new Map<string, number>()
    for (const payment of payments) {
      if (!ids.has(payment.loanId)) continue
      byId.set(payment.id, payment)
      loansInDeposit.set(payment.depositId, (loansInDeposit.get(payment.depositId) ?? 0) + 1)
    }
    return { byId, loansInDeposit }
  }, [payments, loans])
  const histories = useMemo(
    () =>
      new Map(
        loans.map((loan) => [
          loan.id,
          loanHistory(loan, (figures.get(loan.id) as LoanFigures).ledger, byId),
        ]),
      ),
    [loans, figures, byId],
  )

  if (!person) {
    return (
      <Page title="Loans">
        <Notice>{loaded ? 'Person not found' : 'Loading…'}</Notice>
      </Page>
    )
  }

  const figuresOf = (loan: LedgerLoan) => figures.get(loan.id) ?? loanFigures(loan, today)
  const summary = summarizePerson(loans, today, figuresOf)
  const { reckoning } = summary
  // The person's unpaid interest is the sum of the loans' (the engine gives it per loan).
  const unpaidInterest = loans.reduce((sum, loan) => sum + figuresOf(loan).unpaidInterest, 0)

  return (
    <Page
      title={person.name}
      actions={
        <>
          <Button asChild variant="outline" minH="11">
            <Link to="/loans/add" search={{ personId }}>
              {loans.length > 0 ? 'Loan More' : 'New Loan'}
            </Link>
          </Button>
          {/* Any balance, not only outstanding ones: a defaulted loan can still be repaid. */}
          {loans.some((loan) => (figures.get(loan.id)?.totalDue ?? 0) > 0) && (
            <Button asChild colorPalette="green" minH="11">
              <Link to="/users/$personId/deposit" params={{ personId }}>
                Deposit
              </Link>
            </Button>
          )}
        </>
      }
    >
      {person.phone ? <Text color="fg.muted">{person.phone}</Text> : null}
      <Changes
        createdAt={person.createdAt}
        createdBy={person.createdBy}
        updatedAt={person.updatedAt}
        updatedBy={person.updatedBy}
      />
      <RevivedNote revived={person.revived} />
      <SummaryTiles
        tiles={[
          { label: labels.activeLoans, value: summary.activeLoans },
          { label: money.principalLeft, value: <Money paise={summary.principalRemaining} /> },
          { label: money.interestDue, value: <Money paise={summary.currentInterest} /> },
          { label: money.dueToday, value: <Money paise={summary.totalDue} /> },
        ]}
      />
      {loans.length > 0 && (
        <Stack as="section" aria-label={labels.reckoning} gap="2">
          <Heading as="h2" size="md">
            {labels.reckoning}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {labels.reckoningAllLoans}
          </Text>
          <ReckoningTable
            name={labels.reckoning}
            reckoning={reckoning}
            unpaidInterest={unpaidInterest}
            // The split of the tiles is over active loans; it adds up to this Due today only
            // when every loan with something due is active, so it is shown only then.
            {...(summary.totalDue === reckoning.due && {
              split: {
                principalLeft: summary.principalRemaining,
                interestDue: summary.currentInterest,
              },
            })}
          />
          {summary.totalDue !== reckoning.due && (
            <Text color="fg.muted" fontSize="sm">
              {labels.tilesCountActive}
            </Text>
          )}
        </Stack>
      )}
      {loans.length > 0 && <PayoffQuote loans={loans} today={today} />}
      <Heading as="h2" size="lg">
        Loans
      </Heading>
      {loans.length === 0 ? (
        <Notice>No loans yet.</Notice>
      ) : (
        <Stack gap="3">
          {loans.map((loan) => {
            const f = figures.get(loan.id)
            return f ? (
              <LoanCard
                key={loan.id}
                loan={loan}
                figures={f}
                history={histories.get(loan.id) ?? []}
                loansInDeposit={loansInDeposit}
                today={today}
              />
            ) : null
          })}
        </Stack>
      )}
      <Heading as="h2" size="lg">
        All Payments
      </Heading>
      <AllPayments histories={histories} loansInDeposit={loansInDeposit} />
    </Page>
  )
}

/**
 * Every payment of the person's loans, newest first, with its interest/principal split; voided
 * ones struck through in their place, with Void / Undo void (which act on the whole deposit).
 */
function AllPayments({
  histories,
  loansInDeposit,
}: {
  histories: ReadonlyMap<string, readonly HistoryItem[]>
  loansInDeposit: ReadonlyMap<string, number>
}) {
  const wide = useWide()
  const rows = [...histories.values()]
    .flat()
    .filter((item) => item.kind === 'payment')
    .sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt))
  if (rows.length === 0) return <Notice>{w.noEntries}</Notice>
  const count = (item: HistoryItem) => loansInDeposit.get(item.target.id) ?? 1
  if (!wide) {
    return (
      <Stack as="ul" aria-label="All payments" gap="2" listStyleType="none">
        {rows.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="medium">
                <DateText date={item.date} /> · {loanLabel(item.loanId)}
              </Text>
              <AmountText item={item} />
            </Flex>
            {item.entry && (
              <Text color="fg.muted">
                {w.interest} <Money paise={item.entry.interestPaid} /> · {w.principal}{' '}
                <Money paise={item.entry.principalPaid} />
              </Text>
            )}
            <Notes item={item} />
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
      <Table.Root size="sm" aria-label="All payments">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{w.date}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.loan}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.paid}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.interest}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.principal}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.notes}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.recorded}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>
                <DateText date={item.date} />
              </Table.Cell>
              <Table.Cell>{loanLabel(item.loanId)}</Table.Cell>
              <Table.Cell textAlign="end">
                <AmountText item={item} />
              </Table.Cell>
              {item.entry ? (
                <>
                  <MoneyCell paise={item.entry.interestPaid} />
                  <MoneyCell paise={item.entry.principalPaid} />
                </>
              ) : (
                <>
                  <Table.Cell textAlign="end">—</Table.Cell>
                  <Table.Cell textAlign="end">—</Table.Cell>
                </>
              )}
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
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
