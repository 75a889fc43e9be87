import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * The one page for an unknown URL and for any error a route throws (spec §2's wording). Plain
 * elements (ui/plain.css): it can show before Chakra is loaded, or when loading it failed.
 */
export function RouteError({ error }: { error?: unknown }) {
  const { t } = useTranslation('shell')
  if (error) console.error(error)
  return (
    <div role="alert" className="plain-alert">
      <h1>{t('error.title')}</h1>
      <p>
        <Link to="/">{t('error.home')}</Link>
      </p>
    </div>
  )
}
