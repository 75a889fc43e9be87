import { Text } from '@chakra-ui/react'
import type { Actor } from '../../shared/ledger/types.ts'
import { TimeText } from './DateText.tsx'
import { useTranslation } from 'react-i18next'
import { byText } from './words.ts'

/**
 * "Created 01/11/2026, 10:00 am by … on …" and, once edited, the last change likewise: who made
 * a person or a loan and who changed it last, for the lender's own record (never for money).
 */
export function Changes({
  createdAt,
  createdBy,
  updatedAt,
  updatedBy,
}: {
  createdAt: string
  createdBy?: Actor | undefined
  updatedAt: string
  updatedBy?: Actor | undefined
}) {
  const { t } = useTranslation('common')
  return (
    <Text color="fg.muted" fontSize="sm">
      {t('labels.createdBy')} <TimeText at={createdAt} /> {byText(createdBy, t)}
      {updatedAt !== createdAt && (
        <>
          {' · '}
          {t('labels.changedBy')} <TimeText at={updatedAt} /> {byText(updatedBy, t)}
        </>
      )}
    </Text>
  )
}
