import { Card } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { FigureGrid } from './Figure.tsx'

/**
 * One entry of a list on a phone, where a table would not fit: a card named by `label`, its
 * heading (`header`), its figures two by two, and its buttons (`footer`).
 */
export function ListCard({
  label,
  header,
  footer,
  children,
}: {
  label: string
  header: ReactNode
  footer: ReactNode
  children: ReactNode
}) {
  return (
    <Card.Root size="sm" role="article" aria-label={label}>
      <Card.Header>{header}</Card.Header>
      <Card.Body>
        <FigureGrid>{children}</FigureGrid>
      </Card.Body>
      <Card.Footer>{footer}</Card.Footer>
    </Card.Root>
  )
}
