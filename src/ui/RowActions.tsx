import { Button, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A list row's buttons: its own links (the children), then Delete, which asks before it acts. */
export function RowActions({ children, onDelete }: { children: ReactNode; onDelete: () => void }) {
  return (
    <Flex gap="2" wrap="wrap">
      {children}
      <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete}>
        Delete
      </Button>
    </Flex>
  )
}
