import { describe, expect, test } from 'vitest'
import {
  formatMobile,
  identityMessages,
  maskAadhaar,
  parseAadhaar,
  parseMobile,
  verhoeffCheckDigit,
  verhoeffValid,
} from '../../shared/identity.ts'

describe('Verhoeff', () => {
  // The published examples (Wikipedia's worked example and Rosetta Code's task).
  test.each([
    ['236', 3],
    ['12345', 1],
    ['123456789012', 0],
    ['75872', 2],
    ['142857', 0],
  ])('%s has check digit %i', (digits, check) => {
    expect(verhoeffCheckDigit(digits)).toBe(check)
    expect(verhoeffValid(`${digits}${check}`)).toBe(true)
  })

  test.each(['2364', '123455', '1234567890121', '12', 'abc', ''])('%j is not valid', (digits) => {
    expect(verhoeffValid(digits)).toBe(false)
  })

  test('catches every single wrong digit and every swap of neighbours in an Aadhaar number', () => {
    const body = '23456789012'
    const valid = `${body}${verhoeffCheckDigit(body)}`
    expect(verhoeffValid(valid)).toBe(true)
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue
        const typo = `${valid.slice(0, i)}${d}${valid.slice(i + 1)}`
        expect(verhoeffValid(typo), typo).toBe(false)
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        const swap = `${valid.slice(0, i)}${valid[i + 1]}${valid[i]}${valid.slice(i + 2)}`
        expect(verhoeffValid(swap), swap).toBe(false)
      }
    }
  })
})

describe('parseAadhaar', () => {
  const valid = `23456789012${verhoeffCheckDigit('23456789012')}`

  test('accepts 12 digits with a good check digit, grouped or not', () => {
    const grouped = `${valid.slice(0, 4)} ${valid.slice(4, 8)}-${valid.slice(8)}`
    expect(parseAadhaar(valid)).toEqual({ ok: true, aadhaar: valid })
    expect(parseAadhaar(` ${grouped} `)).toEqual({ ok: true, aadhaar: valid })
  })

  test.each([
    ['1234', 'aadhaarLength'],
    ['12345678901', 'aadhaarLength'],
    ['1234567890123', 'aadhaarLength'],
    ['2345 6789 01AB', 'aadhaarLength'],
  ])('%j → %s', (text, reason) => {
    expect(parseAadhaar(text)).toEqual({ ok: false, reason })
  })

  test('refuses a wrong check digit and a number starting with 0 or 1', () => {
    const wrong = `${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`
    expect(parseAadhaar(wrong)).toEqual({ ok: false, reason: 'aadhaarInvalid' })
    const one = `12345678901${verhoeffCheckDigit('12345678901')}`
    expect(verhoeffValid(one)).toBe(true)
    expect(parseAadhaar(one)).toEqual({ ok: false, reason: 'aadhaarInvalid' })
  })

  test('masks to the last four digits', () => {
    expect(maskAadhaar(valid)).toBe(`XXXX XXXX ${valid.slice(8)}`)
    expect(maskAadhaar('2345 6789 0123')).toBe('XXXX XXXX 0123')
    expect(maskAadhaar('12')).toBe('XXXX XXXX XXXX')
  })
})

describe('parseMobile', () => {
  test.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%j → %s', (text, phone) => {
    expect(parseMobile(text)).toEqual({ ok: true, phone })
  })

  test.each([
    ['98765', 'phoneLength'],
    ['98765432101', 'phoneLength'],
    ['98765abcde', 'phoneLength'],
    ['5876543210', 'phoneStart'],
    ['0123456789', 'phoneStart'],
    ['+91 1234567890', 'phoneStart'],
  ])('%j → %s', (text, reason) => {
    expect(parseMobile(text)).toEqual({ ok: false, reason })
  })

  test('shows a stored number as +91 with a space in the middle', () => {
    expect(formatMobile('9876543210')).toBe('+91 98765 43210')
    expect(formatMobile('old text')).toBe('old text')
  })

  test('every reason has a message', () => {
    for (const message of Object.values(identityMessages)) expect(message).toMatch(/\w/)
  })
})
