import { Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Panel } from '../../ui/Panel.tsx'
import { useReceiptCheck } from './useReceiptCheck.ts'

/**
 * On the dashboard, only when some receipt of the book no longer matches its code (or a number
 * is missing from the middle of a series): a record was changed or taken out after the receipt
 * was given, and the borrower's copy will not agree with the book.
 */
export function ReceiptsWarning() {
  const { t } = useTranslation('receipts')
  const { failing, missing } = useReceiptCheck()
  const count = failing + missing.length
  if (count === 0) return null
  return (
    <Panel role="alert" label={t('warningTitle')} px="3" py="2" bg="red.50">
      <Text>
        {t('warning', { count })}{' '}
        <ChakraLink asChild color="teal.700" fontWeight="medium">
          <Link to="/settings" hash="settings-receipts">
            {t('warningLink')}
          </Link>
        </ChakraLink>
      </Text>
    </Panel>
  )
}
