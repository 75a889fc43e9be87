import {
  Box,
  Button,
  Card,
  Collapsible,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LoanFigures } from '../../../shared/ledger/engine.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { useLoanEdits } from '../../data/book/hooks.ts'
import { Changes } from '../../ui/Changes.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { Money, Overpaid } from '../../ui/Money.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import type { HistoryItem } from './history.ts'
import { LoanEdits } from './LoanEdits.tsx'
import { LoanHistory } from './LoanHistory.tsx'
import { LoanTitle } from './LoanName.tsx'
import { loanAgeText, loanFullName, loanLabel, rateText } from './loanText.ts'
import { ReckoningTable } from './ReckoningTable.tsx'
import { SettleDialog } from './SettleDialog.tsx'

/**
 * One loan on the person loans page: its terms and today's figures, with the reckoning and the
 * history folded away until asked for, and Settle for less while something is due.
 */
export function LoanCard({
  loan,
  figures,
  history,
  loansInDeposit,
  today,
}: {
  loan: Loan
  figures: LoanFigures
  history: readonly HistoryItem[]
  loansInDeposit: ReadonlyMap<string, number>
  today: string
}) {
  const [open, setOpen] = useState(false)
  const [settling, setSettling] = useState(false)
  const { t } = useTranslation('loans')
  const label = loanLabel(loan.id, t)
  const { reckoning } = figures
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
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" fontSize="sm">
          <Figure label={t('common:money.lent')}>
            <Money paise={loan.amount} />
          </Figure>
          <Figure label={t('labels.interestRate')}>
            {rateText(loan.interestRate, loan.interestType, t)}
          </Figure>
          <Figure label={t('labels.interestRule')}>
            {t(`labels.rule.${loan.interestOn ?? 'balance'}`)}
          </Figure>
          {(loan.openingInterest ?? 0) > 0 && (
            <Figure label={t('labels.openingInterest')}>
              <Money paise={loan.openingInterest ?? 0} />
            </Figure>
          )}
          <Figure label={t('labels.startDate')}>
            <DateText date={loan.startDate} />
          </Figure>
          <Figure label={t('labels.dueDate')}>
            <DateText date={loan.dueDate} />
          </Figure>
          <Figure label={t('labels.loanAge')}>{loanAgeText(loan.startDate, today, t)}</Figure>
          <Figure label={t('common:money.paid')}>
            <Money paise={reckoning.paid} />
          </Figure>
          <Figure label={t('common:money.interestSoFar')}>
            <Money paise={reckoning.interest} />
          </Figure>
          {reckoning.waived > 0 && (
            <Figure label={t('common:money.waived')}>
              <Money paise={reckoning.waived} />
            </Figure>
          )}
          <Figure label={t('common:money.dueToday')}>
            <Text as="span" fontWeight="semibold">
              <Money paise={figures.totalDue} />
            </Text>
          </Figure>
        </SimpleGrid>
        <Box mt="2">
          <Changes
            createdAt={loan.createdAt}
            createdBy={loan.createdBy}
            updatedAt={loan.updatedAt}
            updatedBy={loan.updatedBy}
          />
          <LoanEdits name={t('edits.latestOf', { label })} edits={edits} latestOnly />
        </Box>
        <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} mt="3">
          <Flex gap="2" wrap="wrap">
            <Collapsible.Trigger asChild>
              <Button size="sm" minH="11" variant="outline">
                {open ? t('card.hideDetails') : t('card.showDetails')}
              </Button>
            </Collapsible.Trigger>
            <Button asChild size="sm" minH="11" variant="outline">
              <Link to="/loans/edit/$id" params={{ id: loan.id }}>
                {t('card.edit')}
              </Link>
            </Button>
            {figures.totalDue > 0 && (
              <Button
                size="sm"
                minH="11"
                variant="outline"
                colorPalette="orange"
                onClick={() => setSettling(true)}
              >
                {t('waiver.open')}
              </Button>
            )}
          </Flex>
          <Collapsible.Content>
            <Stack gap="4" mt="4">
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  {t('labels.reckoning')}
                </Heading>
                <ReckoningTable
                  name={`${t('labels.reckoning')}: ${label}`}
                  reckoning={reckoning}
                  unpaidInterest={figures.unpaidInterest}
                  split={{
                    principalLeft: figures.principalRemaining,
                    interestDue: figures.currentInterest,
                  }}
                />
              </Stack>
              {edits.length > 0 && (
                <Stack gap="2">
                  <Heading as="h3" size="sm">
                    {t('edits.title')}
                  </Heading>
                  <LoanEdits name={t('edits.listOf', { label })} edits={edits} />
                </Stack>
              )}
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  {t('history.title')}
                </Heading>
                <LoanHistory
                  name={t('card.historyOf', { label })}
                  items={history}
                  loansInDeposit={loansInDeposit}
                />
              </Stack>
            </Stack>
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
