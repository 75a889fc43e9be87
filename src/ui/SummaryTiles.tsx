import { SimpleGrid, Stat } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** One figure at the top of a screen: a label and its value. */
export interface Tile {
  label: string
  value: ReactNode
}

/**
 * A row of figure tiles. Each tile is a labelled group, so "the Total Due tile" can be found by
 * role and name by a screen reader and by a test.
 */
export function SummaryTiles({ tiles }: { tiles: readonly Tile[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: tiles.length }} gap="3">
      {tiles.map((tile) => (
        <Stat.Root
          key={tile.label}
          role="group"
          aria-label={tile.label}
          borderWidth="1px"
          borderRadius="md"
          p="3"
          bg="bg.panel"
        >
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', md: 'xl' }}>{tile.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  )
}
