import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { InterestOn } from '../../../shared/ledger/types.ts'
import { INTEREST_RULES } from '../../../shared/schema/loan.ts'

/**
 * The lender's choice of how unpaid interest is treated (engine notes, rule 6b), in plain words:
 * two radio buttons, each with a line saying what it does. Native inputs, so every phone reads
 * them out and `Tab`/arrows work as everywhere.
 */
export function InterestRuleField({
  value,
  onChange,
  note,
}: {
  value: InterestOn
  onChange: (rule: InterestOn) => void
  note?: string
}) {
  const { t } = useTranslation('loans')
  const id = useId()
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Text as="legend" fontWeight="medium" px="1">
        {t('form.rule.legend')}
      </Text>
      <Stack gap="2">
        {INTEREST_RULES.map((rule) => (
          <Flex as="label" key={rule} gap="2" align="start" cursor="pointer" minH="11">
            <input
              type="radio"
              name={`${id}-rule`}
              value={rule}
              checked={value === rule}
              onChange={() => onChange(rule)}
              aria-describedby={`${id}-${rule}`}
              style={{ marginTop: '0.3rem', width: '1.1rem', height: '1.1rem' }}
            />
            <Box>
              <Text>{t(`form.rule.${rule}`)}</Text>
              <Text id={`${id}-${rule}`} fontSize="sm" color="fg.muted">
                {t(`form.rule.${rule}Help`)}
              </Text>
            </Box>
          </Flex>
        ))}
        {note !== undefined && (
          <Text fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Stack>
    </Box>
  )
}
