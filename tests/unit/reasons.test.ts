/**
 * The refusal vocabulary (shared/reasons.ts) is translated in the catalogues and nowhere else:
 * every code a deposit, a waiver or a void can be refused with has its words in English and in
 * Hindi, under its subject's group. A code without them would reach the lender as its key
 * ("errors.overAllocated"): the screens build the key from the code, which the key scan
 * (i18n-keys.test.ts) can only check up to the code.
 */
import { describe, expect, it } from 'vitest'
import { DEPOSIT_REASONS, VOID_REASONS, WAIVER_REASONS } from '../../shared/reasons.ts'
import { catalogue } from './i18nFiles.ts'

const subjects = [
  ['deposit:errors', DEPOSIT_REASONS],
  ['loans:waiver.errors', WAIVER_REASONS],
  ['loans:void', VOID_REASONS],
] as const

describe('the refusal vocabulary', () => {
  it.each(['en', 'hi'])('has words for every code in %s', (language) => {
    const texts = catalogue(language)
    const missing = subjects.flatMap(([group, codes]) =>
      codes.map((code) => `${group}.${code}`).filter((key) => !texts.get(key)?.[0]),
    )
    expect(missing).toEqual([])
  })
})
