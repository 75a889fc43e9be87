import { Badge } from '@chakra-ui/react'
import type { StatusLabel } from '../../shared/ledger/engine.ts'
import { useTranslation } from 'react-i18next'

const palette: Record<StatusLabel, string> = {
  Active: 'green',
  Overdue: 'orange',
  Defaulted: 'red',
  Paid: 'blue',
}

/**
 * A coloured badge with the loan's display status as its text; a loan that a waiver helped close
 * reads "Paid (settled)", so forgiven money is never mistaken for money received.
 */
export function StatusBadge({
  status,
  settledByWaiver = false,
}: {
  status: StatusLabel
  settledByWaiver?: boolean
}) {
  const { t } = useTranslation('common')
  return (
    <Badge colorPalette={palette[status]} variant="subtle">
      {status === 'Paid' && settledByWaiver
        ? t('labels.paidSettled')
        : t(`status.${status.toLowerCase()}`)}
    </Badge>
  )
}
