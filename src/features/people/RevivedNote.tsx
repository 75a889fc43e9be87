import { Text } from '@chakra-ui/react'

/**
 * Marks a person deleted on one device while another device gave them a loan: after the two
 * merged, the person is shown again rather than hiding a live loan, and the lender is told why.
 */
export function RevivedNote({ revived }: { revived: boolean }) {
  if (!revived) return null
  return (
    <Text as="span" display="block" fontSize="sm" color="orange.fg">
      Deleted on another device; shown again because they have a loan
    </Text>
  )
}
