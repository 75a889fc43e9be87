import { Button, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * A list row's buttons: its own links (the children), then Delete, which asks before it acts.
 * Each is a thumb-sized target (44 px, from the theme), and Delete stands 16 px clear of the
 * others so a slip of the thumb does not open the wrong question.
 */
export function RowActions({ children, onDelete }: { children: ReactNode; onDelete: () => void }) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      {children}
      <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} ms="2">
        Delete
      </Button>
    </Flex>
  )
}
