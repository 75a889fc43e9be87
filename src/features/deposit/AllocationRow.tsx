import { Box, Button, Flex, Input, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import type { StatusLabel } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatINR, paiseToRupeeInput } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { DateText } from '../../ui/DateText.tsx'
import { FormField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { LoanTitle } from '../loans/LoanName.tsx'
import { loanFullName, loanLabel } from '../loans/loanText.ts'

/**
 * One loan's allocation box, what is due today (and on a back-dated deposit's date, labelled),
 * and Pay Full, which fills what settles the loan on the deposit's date given every fact.
 */
export function AllocationRow({
  loan,
  dueToday,
  dueOnDate,
  settles,
  overpaid,
  status,
  settledByWaiver,
  value,
  onChange,
  onPayFull,
}: {
  loan: Loan
  dueToday: Paise
  dueOnDate: { date: string; paise: Paise } | null
  settles: Paise
  /** Of this allocation, what the lender chose to keep on the loan as overpaid. */
  overpaid: Paise
  status: StatusLabel
  settledByWaiver: boolean
  value: string
  onChange: (text: string) => void
  onPayFull: () => void
}) {
  const { t } = useTranslation('deposit')
  const label = loanLabel(loan.id, t)
  return (
    <Panel role="group" label={loanFullName(loan, t)} p="3">
      <Box mb="2">
        <LoanTitle loan={loan} />
      </Box>
      <Flex gap="3" align="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Box flex="1 1 16rem">
          <FormField
            label={t('allocationFor', { label })}
            helper={
              <>
                {t('common:money.dueToday')} <Money paise={dueToday} />
                {dueOnDate && (
                  <>
                    {' · '}
                    {t('dueOn', { date: formatDisplayDate(dueOnDate.date) })}{' '}
                    <Money paise={dueOnDate.paise} />
                  </>
                )}
                {' · '}
                {t('loans:labels.dueDate')} <DateText date={loan.dueDate} />
              </>
            }
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              max={overpaid > 0 ? undefined : paiseToRupeeInput(settles)}
              step="0.01"
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          </FormField>
          {overpaid > 0 && (
            <Text mt="1" fontSize="sm" color="orange.fg" fontWeight="medium">
              {t('rest.ofWhichOverpaid', { amount: formatINR(overpaid) })}
            </Text>
          )}
        </Box>
        <Flex gap="2" align="center" pb={{ base: 0, md: 6 }}>
          <StatusBadge status={status} settledByWaiver={settledByWaiver} />
          <Button size="sm" minH="11" variant="outline" disabled={settles <= 0} onClick={onPayFull}>
            {t('payFull')}
          </Button>
        </Flex>
      </Flex>
    </Panel>
  )
}
