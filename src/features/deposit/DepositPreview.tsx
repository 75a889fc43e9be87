import { Box, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { DepositPreviewLine } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { useWide } from '../../ui/useWide.ts'
import { LoanTitleOf } from '../loans/LoanName.tsx'

/** Allocated against the deposit, and what is left over (shown, never silently allocated). */
export function Totals({ amount, allocated }: { amount: Paise | null; allocated: Paise }) {
  const { t } = useTranslation('deposit')
  return (
    <Flex gap="6" wrap="wrap" aria-live="polite">
      <Text>
        {t('totalAllocated')} <Money paise={allocated} />
        {amount !== null && (
          <>
            {' '}
            {t('of')} <Money paise={amount} />
          </>
        )}
      </Text>
      {amount !== null && (
        <Text color={amount - allocated < 0 ? 'red.600' : undefined}>
          {t('unallocated')} <Money paise={amount - allocated} />
        </Text>
      )}
    </Flex>
  )
}

/**
 * The live preview: for each allocated loan, how this payment splits into interest and principal
 * and what is due today before and after it, replayed among all of the loan's facts. A table on a
 * wide screen, one block per loan on a phone.
 */
export function DepositPreview({
  lines,
  loans,
}: {
  lines: readonly DepositPreviewLine[]
  loans: readonly Loan[]
}) {
  const wide = useWide()
  const { t } = useTranslation('deposit')
  // The split of each payment: interest, then principal, then what goes beyond (rule 6a).
  const anyOverpaid = lines.some((line) => line.ownOverpaid > 0)
  const loanOf = (loanId: string) => <LoanTitleOf loans={loans} loanId={loanId} />
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('preview')}
      </Heading>
      {wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t('preview')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('loan')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payment')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('interest')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('principal')}</Table.ColumnHeader>
                {anyOverpaid && (
                  <Table.ColumnHeader textAlign="end">
                    {t('common:money.overpaid')}
                  </Table.ColumnHeader>
                )}
                <Table.ColumnHeader textAlign="end">{t('dueTodayBefore')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dueTodayAfter')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line) => (
                <Table.Row key={line.loanId}>
                  <Table.Cell>{loanOf(line.loanId)}</Table.Cell>
                  <MoneyCell paise={line.amount} />
                  <MoneyCell paise={line.interestPaid} />
                  <MoneyCell paise={line.principalPaid} />
                  {anyOverpaid && <MoneyCell paise={line.ownOverpaid} />}
                  <MoneyCell paise={line.dueTodayBefore} />
                  <Table.Cell textAlign="end">
                    <Money paise={line.dueTodayAfter} /> <Overpaid paise={line.overpaid} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Stack as="ul" aria-label={t('preview')} gap="2" listStyleType="none">
          {lines.map((line) => (
            <Box as="li" key={line.loanId} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
              <Flex justify="space-between" gap="2" align="start">
                {loanOf(line.loanId)}
                <Text fontWeight="medium" flexShrink={0}>
                  <Money paise={line.amount} />
                </Text>
              </Flex>
              <Text>
                {t('interest')} <Money paise={line.interestPaid} /> · {t('principal')}{' '}
                <Money paise={line.principalPaid} />
                {line.ownOverpaid > 0 && (
                  <>
                    {' · '}
                    {t('common:money.overpaid')} <Money paise={line.ownOverpaid} />
                  </>
                )}
              </Text>
              <Text>
                {t('dueTodayBefore')} <Money paise={line.dueTodayBefore} /> → {t('dueTodayAfter')}{' '}
                <Money paise={line.dueTodayAfter} /> <Overpaid paise={line.overpaid} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
