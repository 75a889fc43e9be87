import { Button, Field, Flex, NativeSelect, Text } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from './ButtonLink.tsx'

/**
 * A labelled form field: the label is a real `<label>` tied to the control inside. With an
 * `error`, the message is shown beside the field (in place of the helper), announced as an
 * alert, and the control gets `aria-invalid` and `aria-describedby` pointing at it. An empty
 * `error` marks the control invalid without words of its own (the form's message says why).
 */
export function FormField({
  label,
  helper,
  error,
  children,
}: {
  label: string
  helper?: ReactNode
  error?: string | null
  children: ReactNode
}) {
  const invalid = error !== undefined && error !== null
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      {children}
      {invalid
        ? error && <Field.ErrorText role="alert">{error}</Field.ErrorText>
        : helper !== undefined && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  )
}

/**
 * Moves focus to the first invalid control of a form after each failed submit, so a lender (and
 * a screen reader) lands on the field to fix. Call `focusFirstError()` after setting errors.
 */
export function useFocusFirstError(): {
  formRef: RefObject<HTMLFormElement | null>
  focusFirstError: () => void
} {
  const formRef = useRef<HTMLFormElement | null>(null)
  const wanted = useRef(false)
  useEffect(() => {
    if (!wanted.current) return
    wanted.current = false
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
  return {
    formRef,
    focusFirstError: () => {
      wanted.current = true
    },
  }
}

/** One option of a select: the stored value and the words shown. */
export interface Choice {
  value: string
  label: string
}

/** A labelled native select (native, so phones show their own picker). */
export function SelectField({
  label,
  value,
  onChange,
  choices,
  placeholder,
  error,
  helper,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  choices: readonly Choice[]
  placeholder?: string
  error?: string | null
  helper?: ReactNode
}) {
  return (
    <FormField label={label} error={error} helper={helper}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}

/**
 * A form's message, in red, announced by screen readers. Renders nothing without a message so
 * an empty alert region never lingers on screen.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (message === null) return null
  return (
    <Text role="alert" color="red.600" fontWeight="medium">
      {message}
    </Text>
  )
}

/**
 * The end of a record's form: its message, if any, then Submit (`submitLabel`) and Cancel, the
 * way back to the list (`cancelTo`) with nothing saved.
 */
export function FormFooter({
  error,
  submitLabel,
  cancelTo,
}: {
  error: string | null
  submitLabel: string
  cancelTo: '/loans' | '/people'
}) {
  const { t } = useTranslation('common')
  return (
    <Flex direction="column" gap="3" mt="5" maxW="3xl">
      <FormAlert message={error} />
      <Flex gap="2">
        <Button type="submit" colorPalette="blue">
          {submitLabel}
        </Button>
        <ButtonLink variant="outline" link={{ to: cancelTo }}>
          {t('cancel')}
        </ButtonLink>
      </Flex>
    </Flex>
  )
}
