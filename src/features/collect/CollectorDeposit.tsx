import { Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Allocation } from '../../../shared/ledger/engine.ts'
import { useCollecting, useCollectorState } from '../../data/collect/useCollector.ts'
import { MissingPage } from '../../ui/Page.tsx'
import { DepositFormView } from '../deposit/DepositFormView.tsx'
import { useSheet } from './useSheet.ts'

/**
 * `/collect/$personId`: a deposit from one of his villages' people, with the lender's form and
 * preview. Record keeps it on this phone at once (it counts on his sheet from then on) and sends
 * it when the phone is online; the home screen then offers its receipt.
 */
export function CollectorDeposit({ personId }: { personId: string }) {
  const { t } = useTranslation('collect')
  const { book } = useCollecting()
  const { opened } = useCollectorState()
  const view = useSheet()
  const navigate = useNavigate()
  const person = view?.sheet.people.find((p) => p.id === personId)
  if (!view || !person) {
    return (
      <MissingPage
        title={t('deposit:title')}
        message={!opened || !view ? t('loading') : t('notOnSheet')}
      />
    )
  }

  function record(
    date: string,
    description: string,
    allocations: Allocation[],
    onError: (message: string) => void,
  ): void {
    const note = description.trim()
    const from = { id: personId, name: person?.name ?? '' }
    book.record(from, { date, allocations, ...(note !== '' && { note }) }).then(
      () => void navigate({ to: '/collect' }),
      (cause: unknown) => {
        // He reads plain words; the exception is for whoever looks into it.
        console.error(cause)
        onError(t('notKept'))
      },
    )
  }

  return (
    <>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('depositNote')}
      </Text>
      <DepositFormView
        personName={person.name}
        loans={view.loansOf(personId)}
        today={view.today}
        figuresOf={view.figuresOf}
        onRecord={record}
        cancel={<Link to="/collect">{t('deposit:cancel')}</Link>}
      />
    </>
  )
}
