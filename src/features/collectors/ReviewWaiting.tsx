import { Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { listReview } from '../../data/members/review.ts'
import { Panel } from '../../ui/Panel.tsx'

/**
 * On the owner's dashboard: what his collectors left for him to decide (deposits from a removed
 * collector, requests to void), counted nowhere until he does, so he hears of it where he looks
 * every day rather than only in Settings. Asked of the server once per visit, when online.
 */
export function ReviewWaiting() {
  const { t } = useTranslation('dashboard')
  const own = useSignedIn().workspace.shared === null
  const [waiting, setWaiting] = useState(0)
  useEffect(() => {
    if (!own || !navigator.onLine) return
    let current = true
    void listReview().then((review) => {
      if (current && review.ok) {
        const deposits = review.held.reduce((sum, batch) => sum + batch.deposits.length, 0)
        setWaiting(deposits + review.voidRequests.length)
      }
    })
    return () => {
      current = false
    }
  }, [own])
  if (waiting === 0) return null
  return (
    <Panel role="status" label={t('reviewTitle')} px="3" py="2" bg="orange.50">
      <Text>
        {t('reviewWaiting', { count: waiting })}{' '}
        <ChakraLink asChild color="teal.700" fontWeight="medium">
          <Link to="/review">{t('reviewLink')}</Link>
        </ChakraLink>
      </Text>
    </Panel>
  )
}
