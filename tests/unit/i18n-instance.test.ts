/**
 * The app's i18next instance: the signed-out pages' namespaces are there from the start and every
 * other namespace file once the shell loads them, texts follow the chosen language, and a text
 * missing in Hindi falls back to English rather than showing its key.
 */
import { afterAll, describe, expect, it } from 'vitest'
import {
  currentLanguage,
  i18n,
  LANGUAGES,
  loadAppCatalogues,
  setLanguage,
  SIGNED_OUT_NAMESPACES,
} from '../../src/i18n/index.ts'
import { namespaces } from './i18nFiles.ts'

describe('the i18n instance', () => {
  afterAll(() => setLanguage('en'))

  it('starts with the signed-out pages’ namespaces, and loads every other file for the shell', async () => {
    /** 'en/auth', … for every namespace file the instance has a bundle of. */
    const bundles = () =>
      LANGUAGES.flatMap((language) =>
        namespaces(language)
          .filter((namespace) => i18n.hasResourceBundle(language, namespace))
          .map((namespace) => `${language}/${namespace}`),
      )
    const signedOut = LANGUAGES.flatMap((language) =>
      SIGNED_OUT_NAMESPACES.map((namespace) => `${language}/${namespace}`),
    )
    expect(bundles()).toEqual(signedOut.sort())

    await loadAppCatalogues()
    expect(bundles()).toEqual(
      LANGUAGES.flatMap((language) =>
        namespaces(language).map((namespace) => `${language}/${namespace}`),
      ),
    )
  })

  it('starts in English here (no stored choice, no Hindi browser) and switches to Hindi', () => {
    expect(currentLanguage()).toBe('en')
    expect(i18n.t('common:money.dueToday')).toBe('Due today')
    setLanguage('hi')
    expect(currentLanguage()).toBe('hi')
    expect(i18n.t('common:money.dueToday')).toBe('आज बकाया')
    expect(i18n.t('amountWords.lakh', { value: '2.5' })).toBe('2.5 लाख')
  })
})
