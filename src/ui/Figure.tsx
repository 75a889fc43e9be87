import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

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
