/**
 * A device's guessed name is stored as facts ("Chrome on Android", the form every version of the
 * app wrote) and worded in the reader's language on screen; a name the lender gave stays as typed.
 */
import i18next, { type TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import enCommon from '../../src/i18n/locales/en/common.json' with { type: 'json' }
import hiCommon from '../../src/i18n/locales/hi/common.json' with { type: 'json' }
import { deviceFacts, guessDeviceName, parseGuessedName } from '../../src/data/session/device.ts'
import { byText, deviceLabel } from '../../src/ui/words.ts'

function translator(language: 'en' | 'hi'): TFunction {
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    resources: { [language]: { common: language === 'en' ? enCommon : hiCommon } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance.t
}
const en = translator('en')
const hi = translator('hi')

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

describe('device names', () => {
  it('reads the browser and the system from the user agent', () => {
    expect(deviceFacts(ANDROID_CHROME)).toEqual({ browser: 'Chrome', os: 'Android' })
    expect(deviceFacts(IPHONE_SAFARI)).toEqual({ browser: 'Safari', os: 'iPhone' })
    expect(deviceFacts('curl/8.0')).toEqual({ browser: null, os: null })
  })

  it('stores a guess in the form old records carry, and reads the facts back', () => {
    expect(guessDeviceName(ANDROID_CHROME)).toBe('Chrome on Android')
    expect(guessDeviceName('curl/8.0')).toBe('This device')
    expect(parseGuessedName('Chrome on Android')).toEqual({ browser: 'Chrome', os: 'Android' })
    expect(parseGuessedName('Safari')).toEqual({ browser: 'Safari', os: null })
    expect(parseGuessedName('This device')).toEqual({ browser: null, os: null })
    // A name the lender gave is no guess, even one that uses the word "on".
    expect(parseGuessedName('Phone on the shelf')).toBeNull()
    expect(parseGuessedName("Ramesh's phone")).toBeNull()
  })

  it('words a guessed name in the reader language, old English records included', () => {
    expect(deviceLabel('Chrome on Android', en)).toBe('Chrome on Android')
    expect(deviceLabel('Chrome on Linux', hi)).toBe('क्रोम (लिनक्स)')
    expect(deviceLabel('Safari on iPhone', hi)).toBe('सफ़ारी (आईफ़ोन)')
    expect(deviceLabel('Firefox', hi)).toBe('फ़ायरफ़ॉक्स')
    expect(deviceLabel('This device', en)).toBe('This device')
    expect(deviceLabel('This device', hi)).toBe('यह डिवाइस')
  })

  it('keeps a name the lender typed as typed, in either language', () => {
    expect(deviceLabel("Ramesh's phone", hi)).toBe("Ramesh's phone")
    expect(deviceLabel('दुकान का फ़ोन', en)).toBe('दुकान का फ़ोन')
  })

  it('a history line names the device in the reader language', () => {
    const by = { account: 'lender@example.com', device: 'Chrome on Windows' }
    expect(byText(by, en)).toBe('by lender@example.com on Chrome on Windows')
    expect(byText(by, hi)).toBe('lender@example.com ने क्रोम (विंडोज़) पर')
  })
})
