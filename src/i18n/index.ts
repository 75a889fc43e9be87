/**
 * The app's one i18next instance. Every text a lender sees comes from the catalogues under
 * ./locales/<language>/<namespace>.json, in two parts:
 *  - the namespaces of the pages a signed-out visitor sees (SIGNED_OUT_NAMESPACES) are bundled
 *    with the entry, so the login page's first render has its texts;
 *  - every other file (a new one is picked up without an edit) is one chunk, added by
 *    loadAppCatalogues() before the signed-in shell renders. The service worker precaches it, so
 *    this holds offline too.
 *
 * Numbers, money and dates are not translated: both languages show ₹2,50,000.00 (en-IN grouping)
 * and DD/MM/YYYY, through the existing helpers.
 */
import i18next, { type Resource } from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import type { CatalogueModules } from './appCatalogues.ts'

/** The languages the app speaks. */
export type Language = 'en' | 'hi'

/** Every language, in the order the language switch shows them. */
export const LANGUAGES: readonly Language[] = ['en', 'hi']

/** Where this device remembers the lender's choice (a per-device setting, not synced). */
export const LANGUAGE_STORAGE_KEY = 'rin-khata.language'

/** The `lang` of <html> for each language (screen readers, fonts, hyphenation). */
export const HTML_LANG: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' }

/**
 * The namespaces of the login page, the error page and the loading spinner, in both languages.
 * tests/unit/i18n-keys.test.ts fails when a signed-out page asks for a text outside them.
 */
export const SIGNED_OUT_NAMESPACES = ['auth', 'common', 'shell'] as const

// The glob must name the files literally (Vite reads it at build time); appCatalogues.ts
// takes the rest.
const signedOut: CatalogueModules = import.meta.glob('./locales/*/{auth,common,shell}.json', {
  eager: true,
})

/** { en: { common: {...}, auth: {...} }, hi: {...} } from the files' paths. */
function resourcesOf(modules: CatalogueModules): Resource {
  const resources: Resource = {}
  for (const [path, module] of Object.entries(modules)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
    if (!match) continue
    const [, language = '', namespace = ''] = match
    resources[language] ??= {}
    resources[language][namespace] = module.default
  }
  return resources
}

/** True for the languages the app speaks. */
export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hi'
}

function storedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    // Storage can be blocked (private modes); the browser's language still applies.
    return null
  }
}

/** The browser's choice on a first visit: Hindi when its first language is Hindi, else English. */
function browserLanguage(): Language {
  const first = globalThis.navigator?.languages?.[0] ?? globalThis.navigator?.language ?? ''
  return first.toLowerCase().startsWith('hi') ? 'hi' : 'en'
}

/** The language to start in: this device's remembered choice, else the browser's. */
export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage()
}

/** <html lang> and the tab's title follow the language. */
function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = HTML_LANG[language]
  document.title = i18n.t('common:appName', { lng: language })
}

/** The app's i18next instance, initialised synchronously on import. */
export const i18n = i18next.createInstance()

const startLanguage = initialLanguage()

void i18n.use(initReactI18next).init({
  resources: resourcesOf(signedOut),
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...SIGNED_OUT_NAMESPACES],
  defaultNS: 'common',
  // React escapes what it renders; escaping here too would show &amp; and friends.
  interpolation: { escapeValue: false },
  // The signed-out resources are bundled: init finishes before the first render.
  initAsync: false,
  returnNull: false,
})
applyToDocument(startLanguage)

let appCataloguesAdded: Promise<void> | null = null

/** A chunk that failed to arrive (no network, no service worker yet) is asked for again. */
function retryNextTime(error: unknown): never {
  appCataloguesAdded = null
  throw error
}

/**
 * Adds the signed-in screens' catalogues (every namespace besides SIGNED_OUT_NAMESPACES) to the
 * instance, once; the app route awaits it before the shell renders, on every navigation.
 */
export function loadAppCatalogues(): Promise<void> {
  appCataloguesAdded ??= import('./appCatalogues.ts').then(({ appCatalogues }) => {
    for (const [language, namespaces] of Object.entries(resourcesOf(appCatalogues))) {
      for (const [namespace, texts] of Object.entries(namespaces)) {
        i18n.addResourceBundle(language, namespace, texts)
      }
    }
  }, retryNextTime)
  return appCataloguesAdded
}

/** The current language (one of LANGUAGES). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language
  return isLanguage(language) ? language : 'en'
}

/**
 * Switches the app's language: every mounted text re-renders, <html lang> follows, and this
 * device remembers the choice for the next visit.
 */
export function setLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Not remembered, but still switched for this visit.
  }
  applyToDocument(language)
  void i18n.changeLanguage(language)
}

/** [language, setLanguage] for components; re-renders when the language changes. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n: instance } = useTranslation()
  const language = instance.resolvedLanguage ?? instance.language
  return [isLanguage(language) ? language : 'en', setLanguage]
}
