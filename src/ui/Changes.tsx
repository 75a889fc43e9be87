import { Text } from '@chakra-ui/react'
import type { Actor } from '../../shared/ledger/types.ts'
import { DayText, TimeText } from './DateText.tsx'
import { useTranslation } from 'react-i18next'
import { useWide } from './useWide.ts'
import { byText, deviceLabel } from './words.ts'

/**
 * "Created 01/11/2026, 10:00 am by … on …" and, once edited, the last change likewise: who made
 * a person or a loan and who changed it last, for the lender's own record (never for money).
 * A phone shows one short line: the latest of the two, its day and its device.
 */
export function Changes({
  record,
}: {
  record: {
    createdAt: string
    createdBy?: Actor | undefined
    updatedAt: string
    updatedBy?: Actor | undefined
  }
}) {
  const { createdAt, createdBy, updatedAt, updatedBy } = record
  const { t } = useTranslation('common')
  const wide = useWide()
  const changed = updatedAt !== createdAt
  if (!wide) {
    const by = changed ? updatedBy : createdBy
    return (
      <ShortLine
        label={t(changed ? 'labels.changedBy' : 'labels.createdBy')}
        at={changed ? updatedAt : createdAt}
        by={by}
      />
    )
  }
  return (
    <Text color="fg.muted" fontSize="sm">
      {t('labels.createdBy')} <TimeText at={createdAt} /> {byText(createdBy, t)}
      {changed && (
        <>
          {' · '}
          {t('labels.changedBy')} <TimeText at={updatedAt} /> {byText(updatedBy, t)}
        </>
      )}
    </Text>
  )
}

/**
 * One line on a phone: "Created 01/11/2026 · Chrome on Android". The account is left out (a
 * book is one lender's) and so is the time of day; a name too long for the line ends in "…".
 */
export function ShortLine({
  label,
  at,
  by,
}: {
  label: string
  at: string
  by?: Actor | undefined
}) {
  const { t } = useTranslation('common')
  return (
    <Text color="fg.muted" fontSize="sm" truncate>
      {label} <DayText at={at} />
      {by && ` · ${deviceLabel(by.device, t)}`}
    </Text>
  )
}
