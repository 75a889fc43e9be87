import { Box, HStack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { useSyncStatus } from '../../data/book/hooks.ts'

const color = {
  synced: 'green.500',
  syncing: 'orange.400',
  offline: 'gray.400',
} as const

/**
 * Whether the server has everything: Synced / Syncing / Offline, plus how many local changes it
 * has not yet confirmed storing. A lender about to close the tab or lend offline can see at a
 * glance whether their last entry is safe on the server.
 */
export function SyncIndicator() {
  const { t } = useTranslation('shell')
  const { state, unsaved } = useSyncStatus()
  // At phone width the bar also holds the title and Menu: "Offline · 1 unsaved change" once
  // widened a 390 px page to 416 px. Below `sm` the last word is visually hidden (still read out
  // and still in the text), and the whole indicator may shrink rather than push the page wider.
  return (
    <HStack
      role="status"
      aria-label={t('sync.label')}
      gap="1.5"
      fontSize="sm"
      whiteSpace="nowrap"
      minW="0"
      overflow="hidden"
    >
      <Box aria-hidden w="2" h="2" flexShrink={0} borderRadius="full" bg={color[state]} />
      <Text>{t(`sync.${state}`)}</Text>
      {unsaved > 0 && (
        <Text color="fg.muted" truncate>
          {t('sync.unsaved', { count: unsaved })}
          <Box
            as="span"
            position={{ base: 'absolute', sm: 'static' }}
            w={{ base: '1px', sm: 'auto' }}
            h={{ base: '1px', sm: 'auto' }}
            overflow={{ base: 'hidden', sm: 'visible' }}
            clip={{ base: 'rect(0, 0, 0, 0)', sm: 'auto' }}
            // Visually hidden, the word must not wrap inside its 1 px box ("1 unsaved / change").
            whiteSpace="nowrap"
          >
            {t('sync.changes', { count: unsaved })}
          </Box>
        </Text>
      )}
    </HStack>
  )
}
