import { DatePicker, Field, Flex, IconButton, Input, Portal, parseDate } from '@chakra-ui/react'
import { useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, isIsoDate, parseDisplayDate } from '../../shared/dates.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'
import { HTML_LANG, useLanguage } from '../i18n/index.ts'
import english from '../i18n/locales/en/ui.json' with { type: 'json' }

/** The hint shown beside a date field whose text is not a date, in English (ui:date.message). */
export const dateFieldMessage = english.date.message

/**
 * A labelled date field that shows and accepts DD/MM/YYYY whatever the browser's language, with
 * a calendar. The browser's own `<input type="date">` follows the phone's settings, so lenders
 * saw MM/DD/YYYY right under text in DD/MM/YYYY.
 *
 * - `value` / `onChange` are `YYYY-MM-DD` (or `''` for empty). While the text typed is not a
 *   whole date, `onChange('')` is called, so the form sees "no date" rather than a stale one,
 *   and after leaving the field `dateFieldMessage` (in the lender's language) is shown beside it.
 * - Typing accepts `23/11/2026`, `23-11-2026`, `23.11.2026`, `3/4/2026` and `23112026`.
 * - `min` / `max` (`YYYY-MM-DD`) grey out days in the calendar; the form still checks the
 *   range, so its message (e.g. "Due date must be after start date") stays its own.
 * - `error` is the form's message for this field, shown beside it as an alert (the field gets
 *   `aria-invalid`); `''` marks the field without a message of its own; `inputRef` lets a form
 *   focus its first invalid field.
 * - `size="lg"` makes the text field 44 px tall, as tall as its calendar button (a dialog's
 *   fields, which sit close together, are thumb-sized).
 *
 * It is Chakra UI's DatePicker (Ark/Zag) for the calendar, with a plain text input of ours: the
 * DatePicker's own input falls back to the calendar's focused day when the text does not parse,
 * which would silently save a date nobody typed.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  helper,
  inputRef,
  size = 'md',
}: {
  label: string
  value: IsoDate | ''
  onChange: (value: IsoDate | '') => void
  min?: IsoDate
  max?: IsoDate
  error?: string | null
  helper?: string
  inputRef?: Ref<HTMLInputElement>
  size?: 'md' | 'lg'
}) {
  const { t } = useTranslation('ui')
  const [language] = useLanguage()
  const [text, setText] = useState(() => (isIsoDate(value) ? formatDisplayDate(value) : ''))
  const [touched, setTouched] = useState(false)
  // A new value from outside (a reset, a prefill) replaces the text; the lender's own typing,
  // which reports the same value back, does not.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    if (value !== (parseDisplayDate(text) ?? ''))
      setText(isIsoDate(value) ? formatDisplayDate(value) : '')
  }

  const typedBadly = touched && text.trim() !== '' && parseDisplayDate(text) === null
  // An empty `error` marks the field (e.g. a required date left blank) without words of its own.
  const invalid = (error !== undefined && error !== null) || typedBadly
  const message = error || (typedBadly ? t('date.message') : null)

  function type(next: string) {
    setText(next)
    const parsed = parseDisplayDate(next)
    setShown(parsed ?? '')
    onChange(parsed ?? '')
  }

  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <DatePicker.Root
        w="full"
        // The calendar (three views, 42 day cells) is built only while it is open: every render
        // of a form would otherwise render it too, hidden.
        lazyMount
        unmountOnExit
        // The calendar's month and day names follow the app's language; the typed text and every
        // date shown stay DD/MM/YYYY.
        locale={HTML_LANG[language]}
        value={isIsoDate(value) ? [parseDate(value)] : []}
        min={min && isIsoDate(min) ? parseDate(min) : undefined}
        max={max && isIsoDate(max) ? parseDate(max) : undefined}
        onValueChange={(details) => {
          const picked = details.value[0]
          if (!picked) return
          const iso = picked.toString().slice(0, 10)
          setTouched(true)
          type(formatDisplayDate(iso))
        }}
      >
        {/* The input stays outside the Control: Zag writes its own text into every
            [data-part=input] inside it, which would wipe what the lender typed. */}
        <Flex gap="2" w="full">
          <Input
            ref={inputRef}
            size={size}
            value={text}
            placeholder={t('date.pattern')}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => type(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
          />
          <DatePicker.Control unstyled flexShrink={0}>
            <DatePicker.Trigger asChild unstyled>
              <IconButton variant="outline" aria-label={t('date.choose', { label })}>
                <CalendarIcon />
              </IconButton>
            </DatePicker.Trigger>
          </DatePicker.Control>
        </Flex>
        <Portal>
          <DatePicker.Positioner>
            <DatePicker.Content>
              <DatePicker.View view="day">
                <DatePicker.Header />
                <DatePicker.DayTable />
              </DatePicker.View>
              <DatePicker.View view="month">
                <DatePicker.Header />
                <DatePicker.MonthTable />
              </DatePicker.View>
              <DatePicker.View view="year">
                <DatePicker.Header />
                <DatePicker.YearTable />
              </DatePicker.View>
            </DatePicker.Content>
          </DatePicker.Positioner>
        </Portal>
      </DatePicker.Root>
      {message ? (
        // The form's own message is announced when it appears; the typing hint is not.
        <Field.ErrorText role={error ? 'alert' : undefined}>{message}</Field.ErrorText>
      ) : (
        !invalid && <Field.HelperText>{helper ?? t('date.pattern')}</Field.HelperText>
      )}
    </Field.Root>
  )
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  )
}
