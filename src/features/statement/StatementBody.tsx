import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { Money } from '../../ui/Money.tsx'
import { Notice } from '../../ui/Page.tsx'
import { UpiQr } from '../../ui/UpiQr.tsx'
import type { Statement, StatementParties, StatementQr } from './statement.ts'
import { PeriodSum, StatementLoanSection } from './StatementLoanSection.tsx'

/**
 * The statement itself, as printed: who lends to whom and for what period, the Due today with
 * the lender's UPI QR code, and one section per loan.
 */
export function StatementBody({
  statement,
  parties,
  qr,
}: {
  statement: Statement
  parties: StatementParties
  qr: StatementQr | null
}) {
  const { t } = useTranslation('statement')
  const todayText = formatDisplayDate(statement.today)
  return (
    <Stack as="article" aria-label={t('title')} gap="5" data-statement="">
      <Heading as="h2" size="lg">
        {t('heading', { name: parties.borrower })}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
        <Party term={t('lender')} value={parties.lender} />
        <Party term={t('borrower')} value={parties.borrower} />
        <Party term={t('village')} value={parties.village} />
        {parties.aadhaar && <Party term={t('aadhaar')} value={parties.aadhaar} />}
        <Party term={t('period')} value={statement.periodText} />
        <Party term={t('statementDate')} value={todayText} />
      </SimpleGrid>
      <Flex
        gap="4"
        wrap="wrap"
        align="center"
        justify="space-between"
        borderWidth="1px"
        borderRadius="md"
        p="3"
        data-print="keep"
      >
        <Stack gap="2" minW="0">
          <Box role="group" aria-label={t('totalDue')}>
            <Text color="fg.muted">{t('dueTodayOn', { date: todayText })}</Text>
            <Text fontSize="2xl" fontWeight="bold" data-figure="">
              <Money paise={statement.dueToday} />
            </Text>
          </Box>
          <PeriodSum name={t('periodSum')} statement={statement} />
        </Stack>
        {qr && (
          <UpiQr link={qr.link} caption={qr.caption} alt={t('qrAlt', { caption: qr.caption })} />
        )}
      </Flex>
      {statement.loans.length === 0 ? (
        <Notice>{statement.from === undefined ? t('noLoans') : t('noMovements')}</Notice>
      ) : (
        statement.loans.map((loan) => (
          <StatementLoanSection key={loan.id} loan={loan} from={statement.from} to={statement.to} />
        ))
      )}
    </Stack>
  )
}

/** One line of the parties: what it is, then its value. */
function Party({ term, value }: { term: string; value: string }) {
  return (
    <Flex gap="2">
      <Text as="dt" color="fg.muted" minW="28">
        {term}
      </Text>
      <Text as="dd" fontWeight="medium" minW="0" overflowWrap="anywhere">
        {value}
      </Text>
    </Flex>
  )
}
