import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InterestOn } from '../../../shared/ledger/types.ts'
import { useMutations, useNewLoanRule } from '../../data/book/hooks.ts'
import { InterestRuleField } from '../loans/InterestRuleField.tsx'
import { Done } from './Outcome.tsx'

/**
 * Settings: the rule for unpaid interest that new loans start with (engine notes, rule 6b). A
 * choice applies at once, on every device of the book; loans that exist keep their own rule (a
 * loan's own is changed on its Edit page, which shows first what that does to its figures).
 */
export function InterestRuleSection() {
  const { t } = useTranslation('settings')
  const rule = useNewLoanRule()
  const { setNewLoanRule } = useMutations()
  const [saved, setSaved] = useState<InterestOn | null>(null)
  const choose = (next: InterestOn) => {
    setNewLoanRule(next)
    setSaved(next)
  }
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('interestRule.note')}</Text>
      <InterestRuleField value={rule} onChange={choose} />
      {saved !== null && (
        <Done>{t('interestRule.saved', { rule: t(`loans:form.rule.${saved}`) })}</Done>
      )}
    </Stack>
  )
}
