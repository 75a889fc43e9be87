import { useTranslation } from 'react-i18next'

/**
 * Shown while a screen's code is loading (only on a slow first visit to that screen). Plain
 * elements (ui/plain.css): the shell's own code, Chakra included, may be what is loading.
 */
export function PendingScreen() {
  const { t } = useTranslation('shell')
  return (
    <div className="plain-center">
      <span className="plain-spinner" role="status" aria-label={t('loading')} />
    </div>
  )
}
