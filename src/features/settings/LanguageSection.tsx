import { Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx'

/** English / हिन्दी for this device; the switch applies at once. */
export function LanguageSection() {
  const { t } = useTranslation('settings')
  return (
    <Stack gap="3" align="start">
      <Text color="fg.muted">{t('language.note')}</Text>
      <LanguageSwitch />
    </Stack>
  )
}
