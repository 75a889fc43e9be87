/**
 * The app's i18next instance: every namespace file is loaded, texts follow the chosen language,
 * and a text missing in Hindi falls back to English rather than showing its key.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { currentLanguage, i18n, LANGUAGES, setLanguage } from '../../src/i18n/index.ts'

const LOCALES = path.resolve(import.meta.dirname, '../../src/i18n/locales')

describe('the i18n instance', () => {
  afterAll(() => setLanguage('en'))

  it('loads every namespace file of every language', () => {
    for (const language of LANGUAGES) {
      for (const file of readdirSync(path.join(LOCALES, language))) {
        const namespace = file.replace(/\.json$/, '')
        expect(i18n.hasResourceBundle(language, namespace), `${language}/${file}`).toBe(true)
      }
    }
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
