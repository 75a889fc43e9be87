import { Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/**
 * Marks a person deleted on one device while another device gave them a loan: after the two
 * merged, the person is shown again rather than hiding a live loan, and the lender is told why.
 */
export function RevivedNote({ revived }: { revived: boolean }) {
  const { t } = useTranslation('people')
  if (!revived) return null
  return (
    <Text as="span" display="block" fontSize="sm" color="orange.fg">
      {t('revived')}
    </Text>
  )
}
