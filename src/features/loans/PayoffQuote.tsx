import { Box, Heading, Table, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { payoffQuote, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import { DateField } from '../../ui/DateField.tsx'
import { Money } from '../../ui/Money.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { LoanTitleOf } from './LoanName.tsx'
import type { TitledLoan } from './loanText.ts'

/**
 * "To close all loans on DD/MM/YYYY: ₹X": what the person would pay on a day, today by default or
 * later, per loan and in total, as the engine quotes it. A past date is refused beside the field
 * (what was due then is not what closes the loans now).
 */
export function PayoffQuote({
  loans,
  today,
}: {
  loans: readonly (LedgerLoan & TitledLoan)[]
  today: string
}) {
  const [date, setDate] = useState<string>(today)
  const { t } = useTranslation('loans')
  const error = !isIsoDate(date)
    ? t('quote.missingDate')
    : date < today
      ? t('quote.pastDate')
      : null
  // The quote is kept for today while the field holds a bad date, so it never flickers away.
  const quoteDate = error === null ? date : today
  const quote = useMemo(() => payoffQuote(loans, quoteDate, today), [loans, quoteDate, today])
  return (
    <Panel as="section" label={t('quote.title')} flow="column" gap="3" p="3" bg="bg.panel">
      <Heading as="h2" size="md">
        {t('quote.title')}
      </Heading>
      <Box maxW="xs">
        <DateField
          label={t('quote.date')}
          min={today}
          value={isIsoDate(date) ? date : ''}
          onChange={setDate}
          error={error}
        />
      </Box>
      <Text fontSize="lg" fontWeight="semibold" aria-live="polite">
        {t('quote.lead', { date: formatDisplayDate(quoteDate) })} <Money paise={quote.total} />
      </Text>
      {quote.loans.length > 0 && (
        <Box maxW="md">
          <Table.Root size="sm" aria-label={t('quote.perLoan')}>
            <Table.Body>
              {quote.loans.map((line) => (
                <Table.Row key={line.loanId}>
                  <Table.Cell>
                    <LoanTitleOf loans={loans} loanId={line.loanId} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money paise={line.amount} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Panel>
  )
}
