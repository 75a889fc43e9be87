import { Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  loanFigures,
  summarizePerson,
  type LedgerLoan,
  type LoanFigures,
} from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan, Payment } from '../../../shared/schema/types.ts'
import {
  useActivePeople,
  useFiguresOf,
  useLoaded,
  usePaymentsOf,
  useToday,
} from '../../data/book/hooks.ts'
import { Changes } from '../../ui/Changes.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles } from '../../ui/SummaryTiles.tsx'
import { useWide } from '../../ui/useWide.ts'
import { RevivedNote } from '../people/RevivedNote.tsx'
import { forgetDeposit, useLastDeposit } from '../reminders/lastDeposit.ts'
import { ReceiptLinks, ReminderPanel } from '../reminders/SendLinks.tsx'
import { loanHistory, type HistoryItem } from './history.ts'
import { LoanCard } from './LoanCard.tsx'
import { AmountText, Notes, Recorded } from './LoanHistory.tsx'
import { LoanTitle } from './LoanName.tsx'
import { loanLabel } from './loanText.ts'
import { PayoffQuote } from './PayoffQuote.tsx'
import { usePersonLoans } from './usePersonLoans.ts'
import { ReckoningTable } from './ReckoningTable.tsx'
import { VoidControls } from './VoidControls.tsx'

/**
 * `/users/{personId}/loans`: one person's tiles, the reckoning that closes, a payoff quote, a
 * card per loan and every payment, newest first. Until IndexedDB has answered it says
 * `Loading…`, so an unknown id never flashes "not found" for a person who is merely not loaded.
 */
export function PersonLoansScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const loaded = useLoaded()
  const today = useToday()
  const lastDeposit = useLastDeposit(personId)
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('loans')

  const loans = usePersonLoans(personId)
  const payments = usePaymentsOf(loans)
  // The doc's figures cache: a loan whose facts did not change is not replayed again.
  const cachedFigures = useFiguresOf()
  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, cachedFigures(l, today)])),
    [loans, today, cachedFigures],
  )
  // Each payment's deposit and author, and how many loans each deposit paid (a void takes all).
  const { byId, loansInDeposit } = useMemo(() => {
    const byId = new Map<string, Payment>()
    const loansInDeposit = new Map<string, number>()
    for (const payment of payments) {
      byId.set(payment.id, payment)
      loansInDeposit.set(payment.depositId, (loansInDeposit.get(payment.depositId) ?? 0) + 1)
    }
    return { byId, loansInDeposit }
  }, [payments])
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
      <Page title={t('person.title')}>
        <Notice>{loaded ? t('person.notFound') : t('loading')}</Notice>
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
              {loans.length > 0 ? t('person.loanMore') : t('person.newLoan')}
            </Link>
          </Button>
          {loans.length > 0 && (
            <Button asChild variant="outline" minH="11">
              <Link to="/users/$personId/statement" params={{ personId }}>
                {t('person.statement')}
              </Link>
            </Button>
          )}
          {/* Any balance, not only outstanding ones: a defaulted loan can still be repaid. */}
          {loans.some((loan) => (figures.get(loan.id)?.totalDue ?? 0) > 0) && (
            <Button asChild colorPalette="green" minH="11">
              <Link to="/users/$personId/deposit" params={{ personId }}>
                {t('person.deposit')}
              </Link>
            </Button>
          )}
        </>
      }
    >
      {person.phone ? <Text color="fg.muted">{person.phone}</Text> : null}
      <ReceiptLinks
        to={{ personId, name: person.name, phone: person.phone }}
        depositId={lastDeposit}
        onDone={forgetDeposit}
      />
      {summary.totalDue > 0 && (
        <ReminderPanel to={{ personId, name: person.name, phone: person.phone }} />
      )}
      <Changes
        createdAt={person.createdAt}
        createdBy={person.createdBy}
        updatedAt={person.updatedAt}
        updatedBy={person.updatedBy}
      />
      <RevivedNote revived={person.revived} />
      <SummaryTiles
        tiles={[
          { label: t('labels.activeLoans'), value: summary.activeLoans },
          {
            label: t('common:money.principalLeft'),
            value: <Money paise={summary.principalRemaining} />,
          },
          {
            label: t('common:money.interestDue'),
            value: <Money paise={summary.currentInterest} />,
          },
          {
            label: t('common:money.dueToday'),
            value: <Money paise={summary.totalDue} />,
            // Defaulted loans stay counted (rule 8); their part is said apart.
            ...(summary.defaultedDue > 0 && {
              note: t('common:labels.ofWhichDefaulted', {
                amount: formatINR(summary.defaultedDue),
              }),
            }),
          },
        ]}
      />
      {loans.length > 0 && (
        <Stack as="section" aria-label={t('labels.reckoning')} gap="2">
          <Heading as="h2" size="md">
            {t('labels.reckoning')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('labels.reckoningAllLoans')}
          </Text>
          {/* The tiles count every loan that owes, whatever its label (rule 8), so their split
              adds up to the reckoning's Due today. */}
          <ReckoningTable
            name={t('labels.reckoning')}
            reckoning={reckoning}
            unpaidInterest={unpaidInterest}
            split={{
              principalLeft: summary.principalRemaining,
              interestDue: summary.currentInterest,
            }}
          />
        </Stack>
      )}
      {loans.length > 0 && <PayoffQuote loans={loans} today={today} />}
      <Heading as="h2" size="lg">
        {t('person.loans')}
      </Heading>
      {loans.length === 0 ? (
        <Notice>{t('person.noLoans')}</Notice>
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
        {t('person.allPayments')}
      </Heading>
      <AllPayments
        histories={histories}
        loansInDeposit={loansInDeposit}
        loanById={new Map(loans.map((loan) => [loan.id, loan]))}
      />
    </Page>
  )
}

/**
 * Every payment of the person's loans, newest first, with its interest/principal split (rule 6a;
 * an overpaid part is named in its notes); voided ones struck through in their place, with Void /
 * Undo void (which act on the whole deposit).
 */
function AllPayments({
  histories,
  loansInDeposit,
  loanById,
}: {
  histories: ReadonlyMap<string, readonly HistoryItem[]>
  loansInDeposit: ReadonlyMap<string, number>
  loanById: ReadonlyMap<string, Loan>
}) {
  const { t } = useTranslation('loans')
  // Each line names its loan by what tells it apart from the person's others, `Loan #` under it.
  const loanOf = (item: HistoryItem) => {
    const loan = loanById.get(item.loanId)
    return loan ? <LoanTitle loan={loan} /> : loanLabel(item.loanId, t)
  }
  const wide = useWide()
  const rows = [...histories.values()]
    .flat()
    .filter((item) => item.kind === 'payment')
    .sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt))
  if (rows.length === 0) return <Notice>{t('history.noEntries')}</Notice>
  const count = (item: HistoryItem) => loansInDeposit.get(item.target.id) ?? 1
  if (!wide) {
    return (
      <Stack as="ul" aria-label={t('person.allPaymentsLabel')} gap="2" listStyleType="none">
        {rows.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="medium">
                <DateText date={item.date} />
              </Text>
              <AmountText item={item} />
            </Flex>
            <Box mb="1">{loanOf(item)}</Box>
            {item.entry && (
              <Text color="fg.muted">
                {t('history.interest')} <Money paise={item.entry.interestPart} /> ·{' '}
                {t('history.principal')} <Money paise={item.entry.principalPart} />
              </Text>
            )}
            <Notes item={item} />
            <Text color="fg.muted" fontSize="sm" mt="1">
              {t('history.recorded')} <Recorded item={item} />
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
      <Table.Root size="sm" aria-label={t('person.allPaymentsLabel')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('history.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.loan')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.paid')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.interest')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.principal')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.notes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.recorded')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>
                <DateText date={item.date} />
              </Table.Cell>
              <Table.Cell>{loanOf(item)}</Table.Cell>
              <Table.Cell textAlign="end">
                <AmountText item={item} />
              </Table.Cell>
              {item.entry ? (
                <>
                  <MoneyCell paise={item.entry.interestPart} />
                  <MoneyCell paise={item.entry.principalPart} />
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
