import { Badge } from '@chakra-ui/react'
import type { StatusLabel } from '../../shared/ledger/engine.ts'

const palette: Record<StatusLabel, string> = {
  Active: 'green',
  Overdue: 'orange',
  Defaulted: 'red',
  Paid: 'blue',
}

/** A coloured badge with the loan's display status as its text. */
export function StatusBadge({ status }: { status: StatusLabel }) {
  return (
    <Badge colorPalette={palette[status]} variant="subtle">
      {status}
    </Badge>
  )
}
