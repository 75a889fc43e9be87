import { useTranslation } from 'react-i18next'
import { HTML_LANG, LANGUAGES, useLanguage } from './index.ts'

/**
 * English / हिन्दी, each written in its own language so a lender who cannot read the other one
 * still finds theirs. The choice applies at once and this device remembers it. Plain buttons
 * (ui/plain.css): the login page shows it before Chakra is loaded.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common')
  const [language, setLanguage] = useLanguage()
  return (
    <div className="plain-group" role="group" aria-label={t('language')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={HTML_LANG[option]}
          className="plain-button"
          data-variant={option === language ? undefined : 'outline'}
          aria-pressed={option === language}
          onClick={() => setLanguage(option)}
        >
          {t('languageName', { lng: option })}
        </button>
      ))}
    </div>
  )
}
