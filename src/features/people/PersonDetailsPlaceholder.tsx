import { Text } from '@chakra-ui/react'

/** `/people/{id}`: the spec keeps this route as a placeholder with only this text. */
export function PersonDetailsPlaceholder() {
  return <Text fontSize="xl">People Details</Text>
}
