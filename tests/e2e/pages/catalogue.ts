import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import i18next, { type TFunction } from 'i18next'

const LOCALES = path.resolve(import.meta.dirname, '../../../src/i18n/locales')

/**
 * The app's own texts in `language`, read from its catalogue files with i18next (plurals and
 * interpolation as the app does them), so a test finds what a lender reads on screen.
 */
export function catalogue(language: 'en' | 'hi'): TFunction {
  const resources: Record<string, Record<string, unknown>> = {}
  for (const file of readdirSync(path.join(LOCALES, language))) {
    if (!file.endsWith('.json')) continue
    resources[file.slice(0, -'.json'.length)] = JSON.parse(
      readFileSync(path.join(LOCALES, language, file), 'utf8'),
    ) as Record<string, unknown>
  }
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    resources: { [language]: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance.t
}

/**
 * Latin words left in `root`'s text (the page's main content unless given) once what the lender
 * typed and what is never translated (amounts, dates, ids like "#1a2b3c" or "b2cb146c", email
 * addresses and UPI addresses) is taken out, with the names no language translates (WhatsApp,
 * SMS, UPI, PDF, QR, CSV, JSON) and "English", which a language choice names in its own script.
 * The texts of `data` (e.g. the shared list of villages, which other lenders fill) and of every
 * option of a select (people, villages) are the lenders' data, not the app's.
 */
export async function englishIn(
  page: Page,
  typed: readonly string[] = [],
  data?: Locator,
  root: Locator = page.locator('main'),
): Promise<string[]> {
  let text = (await root.allInnerTexts()).join('\n')
  const theirs = [
    ...typed,
    ...(await root.locator('option').allInnerTexts()),
    ...(data ? await data.allInnerTexts() : []),
  ]
  for (const value of theirs) if (value.trim()) text = text.split(value.trim()).join(' ')
  text = text
    .replace(/\S+@\S+/g, ' ')
    // A loan's label is "#" and six hex digits, which may all be letters ("#edecdb"); elsewhere
    // an id needs a digit, so that an English word of the letters a–f ("deface") still counts.
    .replace(/#[0-9a-f]{6,}\b/gi, ' ')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi, ' ')
    // A receipt's number (six characters, a dash, a count) and its code (four, a dash, four).
    .replace(/\b[0-9A-Z]{6}-\d+\b/g, ' ')
    .replace(/\b[0-9A-Z]{4}-[0-9A-Z]{4}\b/g, ' ')
    .replace(/\b(UPI|PDF|CSV|QR|JSON|SMS|WhatsApp|English)\b/g, ' ')
    // A file's kind, as its name ends: ".json", ".csv", ".pdf".
    .replace(/\.(json|csv|pdf)\b/g, ' ')
  return text.match(/[A-Za-z]{2,}/g) ?? []
}

/** Asserts the main content holds no English words beyond the lenders' own (see englishIn). */
export async function expectNoEnglish(
  page: Page,
  typed: readonly string[] = [],
  data?: Locator,
  root?: Locator,
): Promise<void> {
  await expect.poll(() => englishIn(page, typed, data, root)).toEqual([])
}

const hi = catalogue('hi')

/** Signs up on the (Hindi) sign-up form, waiting out the server's per-address rate limit. */
export async function signUpInHindi(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: hi('auth:login.switchPrompt') }).click()
  await expect(page.getByRole('heading', { name: hi('auth:signup.title'), level: 1 })).toBeVisible()
  await page.getByLabel(hi('auth:email')).fill(email)
  await page.getByLabel(hi('auth:password')).fill(password)
  for (let attempt = 0; attempt < 8; attempt++) {
    await page.getByRole('button', { name: hi('auth:signup.title'), exact: true }).click()
    const outcome = await Promise.race([
      page.waitForURL(/\/people$/, { timeout: 60_000 }).then(() => 'in' as const),
      page
        .getByRole('alert')
        .waitFor({ timeout: 60_000 })
        .then(() => 'refused' as const),
    ])
    if (outcome === 'in') return
    const message = (await page.getByRole('alert').textContent()) ?? ''
    // The limit's first sentence, whatever wait it names.
    const limited = hi('auth:messages.tooManyAttemptsSoon').split('।')[0]!
    if (!message.includes(limited)) throw new Error(`Sign-up refused: ${message}`)
    await page.waitForTimeout(4_000)
  }
  throw new Error('Sign-up never got past the rate limit')
}
