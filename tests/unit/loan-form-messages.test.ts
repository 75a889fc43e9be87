import { describe, expect, it } from 'vitest'
import { loanFormMessage } from '../../src/features/loans/loanForm.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'

await loadAppCatalogues()

describe('loan form messages', () => {
  it("words each refusal in the spec's English and in Hindi", () => {
    const en = i18n.getFixedT('en')
    const hi = i18n.getFixedT('hi')
    expect(loanFormMessage('required', en)).toBe('Please fill in all required fields')
    expect(loanFormMessage('dueBeforeStart', en)).toBe('Due date must be after start date')
    expect(loanFormMessage({ money: 'notANumber' }, en)).toBe(
      'Please enter a number, like 1500 or 1500.50',
    )
    expect(loanFormMessage('required', hi)).toBe('ज़रूरी खाने भरें')
    expect(loanFormMessage({ money: 'empty' }, hi)).toBe('रकम लिखें')
  })
})
