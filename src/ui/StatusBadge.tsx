import { Badge } from '@chakra-ui/react'
import type { StatusLabel } from '../../shared/ledger/engine.ts'
import { labels } from './words.ts'

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
  return (
    <Badge colorPalette={palette[status]} variant="subtle">
      {status === 'Paid' && settledByWaiver ? labels.paidSettled : status}
    </Badge>
  )
}
