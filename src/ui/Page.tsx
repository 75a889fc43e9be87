import { Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A screen's frame: its heading, the actions beside it, and its content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <Stack gap="5" w="full">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {actions !== undefined && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Stack>
  )
}

/** A line of text standing in for content: `Loading…`, `Person not found`, an empty list. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" py="6" textAlign="center">
      {children}
    </Text>
  )
}

/**
 * A screen about one person or loan that is not in the book: `message` says `Loading…` until
 * IndexedDB has answered, so an unknown id never flashes "not found" for one merely not loaded.
 */
export function MissingPage({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <Notice>{message}</Notice>
    </Page>
  )
}
