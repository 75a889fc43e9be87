import { Box, Field, Heading, Input, Stack, Table, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { payoffQuote, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import { Money } from '../../ui/Money.tsx'
import { quoteWords } from '../../ui/words.ts'
import { loanLabel } from './loanText.ts'

/**
 * "To close all loans on DD/MM/YYYY: ₹X": what the person would pay on a day, today by default or
 * later, per loan and in total, as the engine quotes it. A past date is refused beside the field
 * (what was due then is not what closes the loans now).
 */
export function PayoffQuote({ loans, today }: { loans: readonly LedgerLoan[]; today: string }) {
  const [date, setDate] = useState(today)
  const error = !isIsoDate(date)
    ? quoteWords.missingDate
    : date < today
      ? quoteWords.pastDate
      : null
  // The quote is kept for today while the field holds a bad date, so it never flickers away.
  const quoteDate = error === null ? date : today
  const quote = useMemo(() => payoffQuote(loans, quoteDate, today), [loans, quoteDate, today])
  return (
    <Stack
      as="section"
      aria-label={quoteWords.title}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg="bg.panel"
    >
      <Heading as="h2" size="md">
        {quoteWords.title}
      </Heading>
      <Box maxW="xs">
        <Field.Root invalid={error !== null}>
          <Field.Label>{quoteWords.date}</Field.Label>
          <Input
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Box>
      <Text fontSize="lg" fontWeight="semibold" aria-live="polite">
        {quoteWords.lead(formatDisplayDate(quoteDate))} <Money paise={quote.total} />
      </Text>
      {quote.loans.length > 0 && (
        <Box maxW="md">
          <Table.Root size="sm" aria-label={`${quoteWords.title} per loan`}>
            <Table.Body>
              {quote.loans.map((line) => (
                <Table.Row key={line.loanId}>
                  <Table.Cell>{loanLabel(line.loanId)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money paise={line.amount} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  )
}
