import { Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * One entry of a Settings list (devices, books, members): named `label` for screen readers and
 * tests, what it is on the left and its buttons on the right, wrapping under on a phone.
 */
export function ListRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex
      as="li"
      aria-label={label}
      justify="space-between"
      align="center"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      wrap="wrap"
    >
      {children}
    </Flex>
  )
}
