import { Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatINR } from '../../shared/money.ts'
import type { Paise } from '../../shared/ledger/types.ts'

/** An amount of money, en-IN rupees. The one place paise become text on screen. */
export function Money({ paise, decimals = 2 }: { paise: Paise; decimals?: 0 | 2 }) {
  return <span>{formatINR(paise, { decimals })}</span>
}

/** A table cell holding an amount, right-aligned so that the rupees line up down a column. */
export function MoneyCell({ paise, decimals }: { paise: Paise; decimals?: 0 | 2 }) {
  return (
    <Table.Cell textAlign="end">
      <Money paise={paise} decimals={decimals} />
    </Table.Cell>
  )
}

/**
 * "Overpaid by ₹X": payments went past what was due. The engine keeps the excess (two offline
 * devices that each paid a loan off produce it after they merge) so the lender can see it.
 */
export function Overpaid({ paise }: { paise: Paise }) {
  const { t } = useTranslation('ui')
  if (paise <= 0) return null
  return (
    <Text as="span" color="orange.fg" fontWeight="medium">
      {t('overpaidBy', { amount: formatINR(paise) })}
    </Text>
  )
}
