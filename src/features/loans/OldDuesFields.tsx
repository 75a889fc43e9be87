import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AmountField } from '../../ui/AmountField.tsx'

/**
 * "Bringing an old loan from a paper khata?": a tick that opens the field for the interest
 * already due on the start date (old dues), with a line on what to write where. The loan's
 * amount is then the principal still owed and its start date the date of the paper's figures.
 */
export function OldDuesFields({
  checked,
  onCheck,
  interest,
  onInterest,
  error,
}: {
  checked: boolean
  onCheck: (checked: boolean) => void
  interest: string
  onInterest: (interest: string) => void
  error?: string | undefined
}) {
  const { t } = useTranslation('loans')
  const id = useId()
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="3">
        <Flex as="label" gap="2" align="center" cursor="pointer" minH="11">
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => onCheck(event.currentTarget.checked)}
            aria-describedby={checked ? `${id}-help` : undefined}
            style={{ width: '1.1rem', height: '1.1rem' }}
          />
          <Text fontWeight="medium">{t('form.oldDues.toggle')}</Text>
        </Flex>
        {checked && (
          <>
            <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
              {t('form.oldDues.help')}
            </Text>
            <AmountField
              label={t('form.oldDues.interest')}
              value={interest}
              placeholder="0"
              onChange={onInterest}
              error={error}
            />
          </>
        )}
      </Stack>
    </Box>
  )
}
