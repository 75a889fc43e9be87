import { Field, Input, InputGroup, Text } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { formatINR, parseRupees } from '../../shared/money.ts'
import { amountInWords } from '../i18n/amountWords.ts'
import { useLanguage, type Language } from '../i18n/index.ts'

/**
 * What an amount typed so far reads as: '₹2,50,000.00 · 2.5 lakh' ('₹2,50,000.00 · 2 लाख 50
 * हज़ार रुपये' in Hindi). Nothing for an empty or unreadable entry (the form says what is wrong
 * when it is submitted).
 */
export function amountEcho(text: string, t: TFunction, language: Language): string | null {
  const parsed = parseRupees(text)
  if (!parsed.ok) return null
  const words = amountInWords(parsed.paise, t, language)
  return words === null ? formatINR(parsed.paise) : `${formatINR(parsed.paise)} · ${words}`
}

/**
 * A labelled rupee amount: a ₹ before the digits and, beneath, the amount with lakh/crore
 * grouping and in words, so 250000 and 2500000 never look alike.
 *
 * - `value` / `onChange` are the text as typed (forms parse it with `parseRupees` on submit).
 * - `min` / `step` go to the input as typed limits (e.g. `min="1" step="0.01"`).
 * - `helper` is a line under it saying what the field is for.
 * - `error` is the form's message for this field, shown beside it as an alert (the input gets
 *   `aria-invalid`); `''` marks the field without a message of its own; `inputRef` lets a form
 *   focus its first invalid field.
 */
export function AmountField({
  label,
  value,
  onChange,
  min,
  max,
  step = '0.01',
  error,
  placeholder,
  inputRef,
  helper,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  min?: string
  max?: string
  step?: string
  error?: string | null
  placeholder?: string
  inputRef?: Ref<HTMLInputElement>
  /** A line under the field saying what it is for (shown unless there is an error). */
  helper?: string
}) {
  const { t } = useTranslation()
  const [language] = useLanguage()
  const echo = amountEcho(value, t, language)
  const invalid = error !== undefined && error !== null
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <InputGroup startElement="₹">
        <Input
          ref={inputRef}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </InputGroup>
      {invalid
        ? error && <Field.ErrorText role="alert">{error}</Field.ErrorText>
        : echo !== null && <Field.HelperText aria-live="polite">{echo}</Field.HelperText>}
      {!invalid && helper !== undefined && (
        <Text fontSize="sm" color="fg.muted">
          {helper}
        </Text>
      )}
    </Field.Root>
  )
}
