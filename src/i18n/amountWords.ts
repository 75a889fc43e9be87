import type { TFunction } from 'i18next'
import { rupeesInParts, rupeesInUnits } from '../../shared/money.ts'
import type { Paise } from '../../shared/ledger/types.ts'
import type { Language } from './index.ts'

/**
 * An amount in words, in the lender's language, so 2,50,000 and 25,00,000 never look alike. Null
 * below ₹1,000 (the figure says it all).
 *
 * English keeps its short form, '2.5 lakh' (cut, never rounded up). Hindi is said the way a
 * lender says it aloud, exactly: '2 लाख 50 हज़ार रुपये', '1 लाख 99 हज़ार 999 रुपये'; a decimal
 * lakh ('2.5 लाख') is not how anyone speaks. The words come from common:amountWords.
 */
export function amountInWords(paise: Paise, t: TFunction, language: Language): string | null {
  if (language === 'hi') {
    const parts = rupeesInParts(paise)
    if (parts === null) return null
    const words: string[] = []
    if (parts.crore > 0) words.push(t('common:amountWords.crore', { value: parts.crore }))
    if (parts.lakh > 0) words.push(t('common:amountWords.lakh', { value: parts.lakh }))
    if (parts.thousand > 0) words.push(t('common:amountWords.thousand', { value: parts.thousand }))
    words.push(
      parts.rupees > 0
        ? t('common:amountWords.rupees', { value: parts.rupees })
        : t('common:amountWords.rupeesWord'),
    )
    if (parts.paise > 0) words.push(t('common:amountWords.paise', { value: parts.paise }))
    return words.join(' ')
  }
  const units = rupeesInUnits(paise)
  return units === null ? null : t(`common:amountWords.${units.unit}`, { value: units.value })
}
