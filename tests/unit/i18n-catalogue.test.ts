/**
 * The English and Hindi catalogues hold the same texts: a key in one language's file and not in
 * the other's is a text that falls back to English (or shows its key) for a Hindi-speaking
 * lender. Plural forms are compared by their base key (Hindi and English both use _one/_other,
 * but a language may need other forms), and each text names the same {{variables}} in both.
 */
import { describe, expect, it } from 'vitest'
import { type Catalogue, catalogue, namespaces } from './i18nFiles.ts'

const LANGUAGES = ['en', 'hi'] as const

/** The {{variables}} a key's texts use, all plural forms together. */
function variables(texts: string[]): string[] {
  const names = new Set<string>()
  for (const text of texts) {
    for (const match of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) names.add(match[1] ?? '')
  }
  // `count` picks the plural form; a language may leave the number out of the words ("a day").
  names.delete('count')
  return [...names].sort()
}

const [en, hi] = LANGUAGES.map(catalogue) as [Catalogue, Catalogue]

describe('the message catalogues', () => {
  it('have the same namespace files in every language', () => {
    expect(namespaces('hi')).toEqual(namespaces('en'))
  })

  it('have every English key in Hindi and every Hindi key in English', () => {
    const missingInHindi = [...en.keys()].filter((key) => !hi.has(key))
    const missingInEnglish = [...hi.keys()].filter((key) => !en.has(key))
    expect({ missingInHindi, missingInEnglish }).toEqual({
      missingInHindi: [],
      missingInEnglish: [],
    })
  })

  it('have no empty text', () => {
    const empty = LANGUAGES.flatMap((language, index) =>
      [...[en, hi][index]!.entries()]
        .filter(([, texts]) => texts.some((text) => text.trim() === ''))
        .map(([key]) => `${language} ${key}`),
    )
    expect(empty).toEqual([])
  })

  it('translate every sentence: no Hindi text is the English one copied', () => {
    // A word or a name in capitals may rightly stay as it is ('SMS', 'UPI ID'); two words or
    // more in lower case are a sentence left in English.
    const copied = [...en.entries()]
      .filter(([key, texts]) => hi.get(key)?.join() === texts.join())
      .filter(([, texts]) =>
        texts.some(
          (text) =>
            // A pattern of variables only ('{{title}} ({{label}})') has no words to translate.
            text
              .replace(/\{\{[^}]*\}\}/g, ' ')
              .split(/\s+/)
              .filter((word) => /\p{Ll}/u.test(word)).length > 1,
        ),
      )
      .map(([key]) => key)
    expect(copied).toEqual([])
  })

  it('use the same {{variables}} in both languages', () => {
    const differing = [...en.entries()]
      .filter(([key]) => hi.has(key))
      .filter(([key, texts]) => variables(texts).join() !== variables(hi.get(key)!).join())
      .map(
        ([key, texts]) =>
          `${key}: en {${variables(texts).join()}} hi {${variables(hi.get(key)!).join()}}`,
      )
    expect(differing).toEqual([])
  })
})
