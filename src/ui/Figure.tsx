import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A small label over its value: the figures on a phone card or in a loan's breakdown. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text color="fg.muted" fontSize="xs">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  )
}
