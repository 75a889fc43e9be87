import { Box, Button, Card, Collapsible, Flex, Heading, Stack } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { LoanFigures } from '../../../shared/ledger/engine.ts'
import type { Loan, LoanEdit } from '../../../shared/schema/types.ts'
import { useLoanEdits } from '../../data/book/hooks.ts'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { Changes } from '../../ui/Changes.tsx'
import { DateFigure, Figure, FigureGrid, MoneyFigure } from '../../ui/Figure.tsx'
import { Overpaid } from '../../ui/Money.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import type { HistoryItem } from './history.ts'
import { LoanEdits } from './LoanEdits.tsx'
import { LoanHistory } from './LoanHistory.tsx'
import { LoanTitle } from './LoanName.tsx'
import { loanAgeText, loanFullName, loanLabel, rateText } from './loanText.ts'
import { ReckoningTable } from './ReckoningTable.tsx'
import { SettleButton, SettleDialog } from './SettleDialog.tsx'

/** A loan and its figures today. */
interface LoanToday {
  loan: Loan
  figures: LoanFigures
  today: string
}

/** A loan on its card: with its history lines, and how many loans each deposit paid. */
interface LoanCardProps extends LoanToday {
  history: readonly HistoryItem[]
  loansInDeposit: ReadonlyMap<string, number>
}

/**
 * One loan on the person loans page: its terms and today's figures, with the reckoning and the
 * history folded away until asked for, and Settle for less while something is due.
 */
export function LoanCard(props: LoanCardProps) {
  const { loan, figures, today } = props
  const [open, setOpen] = useState(false)
  const [settling, setSettling] = useState(false)
  const { t } = useTranslation('loans')
  const writable = useBookWritable()
  const label = loanLabel(loan.id, t)
  // This loan's changes to its terms (issue 27): the latest on the card, all in the details.
  const bookEdits = useLoanEdits()
  const edits = useMemo(() => bookEdits.filter((e) => e.loanId === loan.id), [bookEdits, loan.id])
  return (
    <Card.Root size="sm" role="article" aria-label={loanFullName(loan, t)}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Card.Title>
            <LoanTitle loan={loan} />
          </Card.Title>
          <Flex gap="2" align="center" wrap="wrap">
            <Overpaid paise={figures.ledger.overpaid} />
            <StatusBadge status={figures.status} settledByWaiver={figures.settledByWaiver} />
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body>
        <LoanFigureGrid loan={loan} figures={figures} today={today} />
        <Box mt="2">
          <Changes record={loan} />
          <LoanEdits name={t('edits.latestOf', { label })} edits={edits} latestOnly />
        </Box>
        <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} mt="3">
          <Flex gap="2" wrap="wrap">
            <Collapsible.Trigger asChild>
              <Button size="sm" minH="11" variant="outline">
                {open ? t('card.hideDetails') : t('card.showDetails')}
              </Button>
            </Collapsible.Trigger>
            {writable && (
              <Button asChild size="sm" minH="11" variant="outline">
                <Link to="/loans/edit/$id" params={{ id: loan.id }}>
                  {t('card.edit')}
                </Link>
              </Button>
            )}
            {writable && figures.totalDue > 0 && <SettleButton onClick={() => setSettling(true)} />}
          </Flex>
          <Collapsible.Content>
            <LoanDetails card={props} edits={edits} />
          </Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
      {settling && (
        <SettleDialog
          loan={loan}
          figures={figures}
          today={today}
          onClose={() => setSettling(false)}
        />
      )}
    </Card.Root>
  )
}

/** A loan's terms and today's figures, four to a row on a wide screen. */
function LoanFigureGrid({ loan, figures, today }: LoanToday) {
  const { t } = useTranslation('loans')
  const { reckoning } = figures
  return (
    <FigureGrid wide>
      <MoneyFigure label={t('common:money.lent')} paise={loan.amount} />
      <Figure label={t('labels.interestRate')}>
        {rateText(loan.interestRate, loan.interestType, t)}
      </Figure>
      <Figure label={t('labels.interestRule')}>
        {t(`labels.rule.${loan.interestOn ?? 'balance'}`)}
      </Figure>
      {(loan.openingInterest ?? 0) > 0 && (
        <MoneyFigure label={t('labels.openingInterest')} paise={loan.openingInterest ?? 0} />
      )}
      <DateFigure label={t('labels.startDate')} date={loan.startDate} />
      <DateFigure label={t('labels.dueDate')} date={loan.dueDate} />
      <Figure label={t('labels.loanAge')}>{loanAgeText(loan.startDate, today, t)}</Figure>
      <MoneyFigure label={t('common:money.paid')} paise={reckoning.paid} />
      <MoneyFigure label={t('common:money.interestSoFar')} paise={reckoning.interest} />
      {reckoning.waived > 0 && (
        <MoneyFigure label={t('common:money.waived')} paise={reckoning.waived} />
      )}
      <MoneyFigure label={t('common:money.dueToday')} paise={figures.totalDue} strong />
    </FigureGrid>
  )
}

/** What Show details unfolds: the loan's reckoning, its changes of terms, and its history. */
function LoanDetails({ card, edits }: { card: LoanCardProps; edits: readonly LoanEdit[] }) {
  const { figures, history, loansInDeposit } = card
  const { t } = useTranslation('loans')
  const label = loanLabel(card.loan.id, t)
  return (
    <Stack gap="4" mt="4">
      <DetailsPart title={t('labels.reckoning')}>
        <ReckoningTable
          name={`${t('labels.reckoning')}: ${label}`}
          reckoning={figures.reckoning}
          unpaidInterest={figures.unpaidInterest}
          split={{
            principalLeft: figures.principalRemaining,
            interestDue: figures.currentInterest,
          }}
        />
      </DetailsPart>
      {edits.length > 0 && (
        <DetailsPart title={t('edits.title')}>
          <LoanEdits name={t('edits.listOf', { label })} edits={edits} />
        </DetailsPart>
      )}
      <DetailsPart title={t('history.title')}>
        <LoanHistory
          name={t('card.historyOf', { label })}
          items={history}
          loansInDeposit={loansInDeposit}
        />
      </DetailsPart>
    </Stack>
  )
}

function DetailsPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}
