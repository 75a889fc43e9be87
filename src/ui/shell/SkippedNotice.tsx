import { Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { SkippedEntry } from '../../../shared/schema/types.ts'
import { useSkipped } from '../../data/book/hooks.ts'
import { HTML_LANG, useLanguage } from '../../i18n/index.ts'
import { Panel } from '../Panel.tsx'

/** What the notice names: a kind of entry, or a payment under another payment's id. */
type Named = SkippedEntry['kind'] | 'duplicate'

/** The order they are named in: money first, history and details last. */
const ORDER: readonly Named[] = [
  'deposit',
  'payment',
  'duplicate',
  'loan',
  'person',
  'waiver',
  'void',
  'undo',
  'loanEdit',
  'profile',
  'actor',
  'layout',
]

/**
 * The one place that says a book holds entries the app could not read (issue 26): a record no
 * version of the app writes, from another client or an old bug. They are shown nowhere and
 * counted in no figure, so the lender is told how many there are and of what kind, above every
 * screen, rather than seeing a figure that silently leaves them out. Nothing shows while there
 * are none, which is nearly always.
 */
export function SkippedNotice() {
  const skipped = useSkipped()
  const { t } = useTranslation('skipped')
  const [language] = useLanguage()
  if (skipped.length === 0) return null
  const counts = new Map<Named, number>(ORDER.map((named) => [named, 0]))
  for (const { kind, reason } of skipped) {
    const named: Named = reason === 'duplicate' ? 'duplicate' : kind
    counts.set(named, (counts.get(named) ?? 0) + 1)
  }
  const list = new Intl.ListFormat(HTML_LANG[language], { type: 'conjunction' }).format(
    [...counts]
      .filter(([, count]) => count > 0)
      .map(([named, count]) => t(`kind.${named}`, { count })),
  )
  return (
    <Panel
      role="status"
      label={t('label')}
      borderColor="orange.300"
      bg="orange.50"
      px="4"
      py="3"
      mb="5"
      color="orange.900"
    >
      <Text fontWeight="semibold">{t('title', { count: skipped.length })}</Text>
      <Text fontSize="sm">{t('what', { list })}</Text>
      <Text fontSize="sm">{t('why')}</Text>
    </Panel>
  )
}
