/**
 * The words under an amount field, in both languages: English keeps its short form ('2.5 lakh'),
 * Hindi says the amount as a lender says it aloud ('2 लाख 50 हज़ार रुपये'), exactly.
 */
import { describe, expect, it } from 'vitest'
import { rupeesInParts, rupeesInWords } from '../../shared/money.ts'
import { amountInWords } from '../../src/i18n/amountWords.ts'
import { i18n } from '../../src/i18n/index.ts'

const en = i18n.getFixedT('en')
const hi = i18n.getFixedT('hi')

describe('amount in words', () => {
  it('reads as today in English, from the catalogue', () => {
    for (const paise of [150_000, 250_000_00, 199_999_00, 1_000_000_000, 12_34_56_789_00]) {
      expect(amountInWords(paise, en, 'en')).toBe(rupeesInWords(paise))
    }
    expect(amountInWords(250_000_00, en, 'en')).toBe('2.5 lakh')
  })

  it('is said in parts in Hindi, nothing cut', () => {
    expect(amountInWords(250_000_00, hi, 'hi')).toBe('2 लाख 50 हज़ार रुपये')
    expect(amountInWords(199_999_00, hi, 'hi')).toBe('1 लाख 99 हज़ार 999 रुपये')
    expect(amountInWords(1_000_000_000, hi, 'hi')).toBe('1 करोड़ रुपये')
    expect(amountInWords(1_500_50, hi, 'hi')).toBe('1 हज़ार 500 रुपये 50 पैसे')
    expect(amountInWords(12_05_00_000_00, hi, 'hi')).toBe('12 करोड़ 5 लाख रुपये')
  })

  it('says nothing below ₹1,000, in either language', () => {
    expect(amountInWords(999_99, hi, 'hi')).toBeNull()
    expect(amountInWords(999_99, en, 'en')).toBeNull()
    expect(rupeesInParts(-100_000_00)).toBeNull()
    expect(rupeesInParts(1.5)).toBeNull()
  })

  it('splits an amount into parts that add back up to it', () => {
    for (const paise of [1_000_00, 99_99_999_99, 1_23_45_678_90, 100_00_00_000_00]) {
      const parts = rupeesInParts(paise)!
      const back =
        ((parts.crore * 100 + parts.lakh) * 100_000 + parts.thousand * 1_000 + parts.rupees) * 100 +
        parts.paise
      expect(back).toBe(paise)
    }
  })
})
