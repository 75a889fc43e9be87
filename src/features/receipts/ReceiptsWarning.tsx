import { Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Panel } from '../../ui/Panel.tsx'
import { useReceiptCheck } from './useReceiptCheck.ts'

/**
 * On the dashboard, only when some receipt of the book no longer matches its code (or a number
 * is missing from the middle of a series): a record was changed or taken out after the receipt
 * was given, and the borrower's copy will not agree with the book. And, apart, when a collector
 * gave receipts for deposits the server refused: a borrower holds them, the book counts none.
 */
export function ReceiptsWarning() {
  const { t } = useTranslation('receipts')
  // The last check, while a newer one runs: the alert stays up until the book is seen mended.
  const verification = useReceiptCheck().latest
  if (!verification) return null
  const { failing, missingCount, refused } = verification
  const count = failing + missingCount
  const link = (
    <ChakraLink asChild color="teal.700" fontWeight="medium">
      <Link to="/settings" hash="settings-receipts">
        {t('warningLink')}
      </Link>
    </ChakraLink>
  )
  return (
    <>
      {count > 0 && (
        <Panel role="alert" label={t('warningTitle')} px="3" py="2" bg="red.50">
          <Text>
            {t('warning', { count })} {link}
          </Text>
        </Panel>
      )}
      {refused.length > 0 && (
        <Panel role="status" label={t('refusedTitle')} px="3" py="2" bg="orange.50">
          <Text>
            {t('refusedNotice', { count: refused.length })} {link}
          </Text>
        </Panel>
      )}
    </>
  )
}
