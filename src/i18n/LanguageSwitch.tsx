import { Button, Group } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { HTML_LANG, LANGUAGES, useLanguage } from './index.ts'

/**
 * English / हिन्दी, each written in its own language so a lender who cannot read the other one
 * still finds theirs. The choice applies at once and this device remembers it.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common')
  const [language, setLanguage] = useLanguage()
  return (
    <Group attached role="group" aria-label={t('language')}>
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          lang={HTML_LANG[option]}
          minH="11"
          minW="20"
          size="sm"
          colorPalette="teal"
          variant={option === language ? 'solid' : 'outline'}
          aria-pressed={option === language}
          onClick={() => setLanguage(option)}
        >
          {t('languageName', { lng: option })}
        </Button>
      ))}
    </Group>
  )
}
