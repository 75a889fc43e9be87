import { Button, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A list row's buttons: its own links (the children), then Delete, which asks before it acts.
 * Each is a thumb-sized target (44 px, from the theme), and Delete stands 16 px clear of the
 * others so a slip of the thumb does not open the wrong question.
 */
export function RowActions({ children, onDelete }: { children: ReactNode; onDelete: () => void }) {
  const { t } = useTranslation('common')
  return (
    <Flex gap="2" wrap="wrap" align="center">
      {children}
      <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} ms="2">
        {t('delete')}
      </Button>
    </Flex>
  )
}
