import { Box, HStack, Text } from '@chakra-ui/react'
import { useSyncStatus } from '../../data/hooks.ts'

const look = {
  synced: { label: 'Synced', color: 'green.500' },
  syncing: { label: 'Syncing', color: 'orange.400' },
  offline: { label: 'Offline', color: 'gray.400' },
} as const

/**
 * Whether the server has everything: Synced / Syncing / Offline, plus how many local changes it
 * has not yet confirmed storing. A lender about to close the tab or lend offline can see at a
 * glance whether their last entry is safe on the server.
 */
export function SyncIndicator() {
  const { state, unsaved } = useSyncStatus()
  const { label, color } = look[state]
  return (
    <HStack role="status" aria-label="Sync status" gap="1.5" fontSize="sm" whiteSpace="nowrap">
      <Box aria-hidden w="2" h="2" borderRadius="full" bg={color} />
      <Text>{label}</Text>
      {unsaved > 0 && (
        <Text color="fg.muted">
          · {unsaved} unsaved {unsaved === 1 ? 'change' : 'changes'}
        </Text>
      )}
    </HStack>
  )
}
