import { Text } from '@chakra-ui/react'
import type { Actor } from '../../shared/ledger/types.ts'
import { TimeText } from './DateText.tsx'
import { byText, labels } from './words.ts'

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
  return (
    <Text color="fg.muted" fontSize="sm">
      {labels.createdBy} <TimeText at={createdAt} /> {byText(createdBy)}
      {updatedAt !== createdAt && (
        <>
          {' · '}
          {labels.changedBy} <TimeText at={updatedAt} /> {byText(updatedBy)}
        </>
      )}
    </Text>
  )
}
