import { Link } from '@tanstack/react-router'
import { useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { InMain } from '../ui/inMain.ts'

/**
 * The one page for an unknown URL and for any error a route throws (spec §2's wording). Plain
 * elements (ui/plain.css): it can show before Chakra is loaded, or when loading it failed.
 */
export function RouteError({ error }: { error?: unknown }) {
  const { t } = useTranslation('shell')
  const inMain = useContext(InMain)
  if (error) console.error(error)
  const alert = (
    <div role="alert" className="plain-alert">
      <h1>{t('error.title')}</h1>
      <p>
        <Link to="/">{t('error.home')}</Link>
      </p>
    </div>
  )
  // Inside the signed-in shell the page is already in its <main>; an unknown URL is drawn
  // outside it and needs its own (a screen reader's "main" landmark).
  return inMain ? alert : <main>{alert}</main>
}
