import { Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  loanFigures,
  summarizePerson,
  type LedgerLoan,
  type LoanFigures,
  type PersonSummary,
} from '../../../shared/ledger/engine.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import type { Loan, Payment } from '../../../shared/schema/types.ts'
import {
  useActivePeople,
  useFiguresOf,
  useLoaded,
  usePaymentsOf,
  useToday,
} from '../../data/book/hooks.ts'
import { ButtonLink } from '../../ui/ButtonLink.tsx'
import { Changes } from '../../ui/Changes.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { MissingPage, Notice, Page } from '../../ui/Page.tsx'
import { SummaryTiles, dueTodayTile } from '../../ui/SummaryTiles.tsx'
import { RevivedNote } from '../people/RevivedNote.tsx'
import { forgetDeposit, useLastDeposit } from '../reminders/lastDeposit.ts'
import { ReceiptLinks, ReminderPanel } from '../reminders/SendLinks.tsx'
import { PassbookPanel } from '../passbook/PassbookPanel.tsx'
import { loanHistory, type HistoryItem } from './history.ts'
import { LoanCard } from './LoanCard.tsx'
import { AmountText, EndHeader, HistoryRows, Notes, Recorded } from './HistoryRows.tsx'
import { LoanTitleOf } from './LoanName.tsx'
import { PayoffQuote } from './PayoffQuote.tsx'
import { usePersonLoans } from './usePersonLoans.ts'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { ReckoningTable } from './ReckoningTable.tsx'

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
  const { figures, histories, loansInDeposit } = usePersonHistories(loans, today)

  if (!person) {
    return (
      <MissingPage
        title={t('person.title')}
        message={loaded ? t('person.notFound') : t('loading')}
      />
    )
  }

  const figuresOf = (loan: LedgerLoan) => figures.get(loan.id) ?? loanFigures(loan, today)
  const summary = summarizePerson(loans, today, figuresOf)
  // The person's unpaid interest is the sum of the loans' (the engine gives it per loan).
  const unpaidInterest = loans.reduce((sum, loan) => sum + figuresOf(loan).unpaidInterest, 0)
  const to = { personId, name: person.name, phone: person.phone }

  return (
    <Page
      title={person.name}
      actions={
        <PersonActions
          personId={personId}
          hasLoans={loans.length > 0}
          // Any balance, not only outstanding ones: a defaulted loan can still be repaid.
          owes={loans.some((loan) => (figures.get(loan.id)?.totalDue ?? 0) > 0)}
        />
      }
    >
      {person.phone ? <Text color="fg.muted">{person.phone}</Text> : null}
      <ReceiptLinks to={to} depositId={lastDeposit} onDone={forgetDeposit} />
      {summary.totalDue > 0 && <ReminderPanel to={to} />}
      {loans.length > 0 && <PassbookPanel to={to} />}
      <Changes record={person} />
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
          dueTodayTile(summary.totalDue, summary.defaultedDue, t),
        ]}
      />
      {loans.length > 0 && <PersonReckoning summary={summary} unpaidInterest={unpaidInterest} />}
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
      <AllPayments histories={histories} loansInDeposit={loansInDeposit} loans={loans} />
    </Page>
  )
}

/**
 * Each loan's figures and history lines, and how many loans each deposit paid (a void takes
 * all of them). The doc's figures cache means a loan whose facts did not change is not replayed.
 */
function usePersonHistories(loans: readonly Loan[], today: IsoDate) {
  const payments = usePaymentsOf(loans)
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
  return { figures, histories, loansInDeposit }
}

/** The person page's buttons: another loan, the statement, and Deposit while anything is due. */
function PersonActions({
  personId,
  hasLoans,
  owes,
}: {
  personId: string
  hasLoans: boolean
  owes: boolean
}) {
  const { t } = useTranslation('loans')
  const writable = useBookWritable()
  return (
    <>
      {writable && (
        <Button asChild variant="outline" minH="11">
          <Link to="/loans/add" search={{ personId }}>
            {hasLoans ? t('person.loanMore') : t('person.newLoan')}
          </Link>
        </Button>
      )}
      {hasLoans && (
        <Button asChild variant="outline" minH="11">
          <Link to="/users/$personId/statement" params={{ personId }}>
            {t('person.statement')}
          </Link>
        </Button>
      )}
      {owes && writable && (
        <ButtonLink
          link={{ to: '/users/$personId/deposit', params: { personId } }}
          colorPalette="green"
          minH="11"
        >
          {t('person.deposit')}
        </ButtonLink>
      )}
    </>
  )
}

/** The reckoning of all the person's loans together, which closes to their Due today. */
function PersonReckoning({
  summary,
  unpaidInterest,
}: {
  summary: PersonSummary
  unpaidInterest: Paise
}) {
  const { t } = useTranslation('loans')
  return (
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
        reckoning={summary.reckoning}
        unpaidInterest={unpaidInterest}
        split={{
          principalLeft: summary.principalRemaining,
          interestDue: summary.currentInterest,
        }}
      />
    </Stack>
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
  loans,
}: {
  histories: ReadonlyMap<string, readonly HistoryItem[]>
  loansInDeposit: ReadonlyMap<string, number>
  loans: readonly Loan[]
}) {
  const { t } = useTranslation('loans')
  // Each line names its loan by what tells it apart from the person's others, `Loan #` under it.
  const loanOf = (item: HistoryItem) => <LoanTitleOf loans={loans} loanId={item.loanId} />
  const rows = [...histories.values()]
    .flat()
    .filter((item) => item.kind === 'payment')
    .sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt))
  if (rows.length === 0) return <Notice>{t('history.noEntries')}</Notice>
  return (
    <HistoryRows
      name={t('person.allPaymentsLabel')}
      items={rows}
      loansInDeposit={loansInDeposit}
      headers={
        <>
          <Table.ColumnHeader>{t('history.loan')}</Table.ColumnHeader>
          <EndHeader>{t('history.paid')}</EndHeader>
          <EndHeader>{t('history.interest')}</EndHeader>
          <EndHeader>{t('history.principal')}</EndHeader>
        </>
      }
      cells={(item) => (
        <>
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
        </>
      )}
      details={(item) => (
        <>
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
        </>
      )}
    />
  )
}
