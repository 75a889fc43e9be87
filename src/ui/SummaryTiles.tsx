import type { TFunction } from 'i18next'
import { SimpleGrid, Stat } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Paise } from '../../shared/ledger/types.ts'
import { formatINR } from '../../shared/money.ts'
import { Money } from './Money.tsx'

/** One figure at the top of a screen: a label and its value, and a line under it if need be. */
export interface Tile {
  label: string
  value: ReactNode
  /** Said under the value, part of the tile (e.g. "of which defaulted ₹X"). */
  note?: ReactNode
}

/**
 * A row of figure tiles in a region named "Totals". Each tile is a labelled group, so "the Due
 * today tile" can be found by role and name by a screen reader and by a test, apart from the
 * same word on a card below.
 */
export function SummaryTiles({ tiles }: { tiles: readonly Tile[] }) {
  const { t } = useTranslation('ui')
  return (
    <SimpleGrid
      role="region"
      aria-label={t('totals')}
      columns={{ base: 2, md: Math.min(tiles.length, 3), lg: tiles.length }}
      gap="3"
    >
      {/* The group wraps the stat: Stat is a <dl>, and a role on it would hide its <dt>/<dd>
          pair from screen readers (axe's dlitem rule). */}
      {tiles.map((tile) => (
        <div key={tile.label} role="group" aria-label={tile.label}>
          <Stat.Root h="full" borderWidth="1px" borderRadius="md" p="3" bg="bg.panel">
            <Stat.Label>{tile.label}</Stat.Label>
            <Stat.ValueText fontSize={{ base: 'lg', md: 'xl' }}>{tile.value}</Stat.ValueText>
            {tile.note !== undefined && tile.note !== null && (
              <Stat.HelpText color="fg.muted">{tile.note}</Stat.HelpText>
            )}
          </Stat.Root>
        </div>
      ))}
    </SimpleGrid>
  )
}

/**
 * The Due today tile. Defaulted loans stay counted in it (rule 8); their part, when there is
 * one, is said under the figure.
 */
export function dueTodayTile(totalDue: Paise, defaultedDue: Paise, t: TFunction): Tile {
  return {
    label: t('common:money.dueToday'),
    value: <Money paise={totalDue} />,
    ...(defaultedDue > 0 && {
      note: t('common:labels.ofWhichDefaulted', { amount: formatINR(defaultedDue) }),
    }),
  }
}
