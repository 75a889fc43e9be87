import { SimpleGrid, Text, type SimpleGridProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { IsoDate, Paise } from '../../shared/ledger/types.ts'
import { DateText } from './DateText.tsx'
import { Money } from './Money.tsx'

/**
 * A small label over its value: the figures on a phone card or a loan card. It is a group named
 * by its label, so a screen reader (and a test) finds "the Due today figure" of a card by name.
 */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <div data-figure="">{children}</div>
    </div>
  )
}

/** A figure that is an amount of money; `strong` for the one a reader looks for first. */
export function MoneyFigure({
  label,
  paise,
  decimals,
  strong = false,
}: {
  label: string
  paise: Paise
  decimals?: 0 | 2
  strong?: boolean
}) {
  const money = <Money paise={paise} decimals={decimals} />
  return (
    <Figure label={label}>
      {strong ? (
        <Text as="span" fontWeight="semibold">
          {money}
        </Text>
      ) : (
        money
      )}
    </Figure>
  )
}

/** A figure that is a day (DD/MM/YYYY). */
export function DateFigure({ label, date }: { label: string; date: IsoDate }) {
  return (
    <Figure label={label}>
      <DateText date={date} />
    </Figure>
  )
}

/**
 * Figures side by side, small: two to a row on a phone, four on a wider screen (`wide`), as a
 * loan's terms and sums are shown; or two to a row everywhere, as on a list's phone card.
 */
export function FigureGrid({
  wide = false,
  children,
  ...props
}: { wide?: boolean; children: ReactNode } & Omit<SimpleGridProps, 'columns' | 'gap'>) {
  return (
    <SimpleGrid
      columns={wide ? { base: 2, md: 4 } : 2}
      gap={wide ? '3' : '2'}
      fontSize="sm"
      {...props}
    >
      {children}
    </SimpleGrid>
  )
}
