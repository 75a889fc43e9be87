import { describe, expect, test } from 'vitest'
import {
  formatINR,
  isPaise,
  moneyMessages,
  paiseToRupeeInput,
  parseRupees,
  rupeesInWords,
  type MoneyReason,
} from '../../shared/money.ts'

describe('parseRupees', () => {
  test.each([
    ['0', 0],
    ['10', 1000],
    ['10.5', 1050],
    ['10.50', 1050],
    [' 1000 ', 100000],
    ['0.29', 29],
    ['1.00', 100],
    ['10000000000', 1_000_000_000_000],
  ])('%j → %i paise', (text, paise) => {
    expect(parseRupees(text)).toEqual({ ok: true, paise })
  })

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notANumber'],
    ['NaN', 'notANumber'],
    ['1e5', 'notANumber'],
    ['1,00', 'notANumber'],
    ['.', 'notANumber'],
    ['₹10', 'notANumber'],
    ['-5', 'negative'],
    ['10.505', 'tooManyDecimals'],
    ['10000000000.01', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ] as [string, MoneyReason][])('%j is refused as %s', (text, reason) => {
    expect(parseRupees(text)).toEqual({ ok: false, reason })
    expect(moneyMessages[reason]).toBeTruthy()
  })
})

describe('formatINR', () => {
  test.each([
    [10_000_000, '₹1,00,000.00'],
    [1_234_567_805, '₹1,23,45,678.05'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [-12_345, '-₹123.45'],
  ])('%i paise → %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text)
  })

  test.each([
    [250, '₹3'],
    [249, '₹2'],
    [10_000_050, '₹1,00,001'],
    [-250, '-₹3'],
    [49, '₹0'],
  ])('0 decimals rounds half up: %i paise → %s', (paise, text) => {
    expect(formatINR(paise, { decimals: 0 })).toBe(text)
  })
})

describe('paiseToRupeeInput and isPaise', () => {
  test.each([
    [123_450, '1234.50'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
  ])('%i → %s, which parses back to the same paise', (paise, text) => {
    expect(paiseToRupeeInput(paise)).toBe(text)
    expect(parseRupees(text)).toEqual({ ok: true, paise })
  })

  test('isPaise accepts safe integers only', () => {
    expect(isPaise(100)).toBe(true)
    expect(isPaise(-100)).toBe(true)
    expect(isPaise(1.5)).toBe(false)
    expect(isPaise(Number.NaN)).toBe(false)
    expect(isPaise(2 ** 53)).toBe(false)
    expect(isPaise('100')).toBe(false)
  })
})

describe('rupeesInWords', () => {
  test.each([
    [250000_00, '2.5 lakh'],
    [2500000_00, '25 lakh'],
    [100000_00, '1 lakh'],
    [199999_00, '1.99 lakh'],
    [123456_78, '1.23 lakh'],
    [1_00_00_000_00, '1 crore'],
    [2_50_00_000_00, '2.5 crore'],
    [1000_00_00_000_00, '1000 crore'],
    [50000_00, '50 thousand'],
    [1500_00, '1.5 thousand'],
    [1000_00, '1 thousand'],
  ])('%i paise → %s', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words)
  })

  test('says nothing below ₹1,000 or for a value that is not paise', () => {
    expect(rupeesInWords(999_99)).toBeNull()
    expect(rupeesInWords(0)).toBeNull()
    expect(rupeesInWords(-100_000_00)).toBeNull()
    expect(rupeesInWords(1.5)).toBeNull()
  })
})
