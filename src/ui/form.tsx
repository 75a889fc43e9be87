import { Field, NativeSelect, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A labelled form field: the label is a real `<label>` tied to the control inside. */
export function FormField({
  label,
  helper,
  children,
}: {
  label: string
  helper?: ReactNode
  children: ReactNode
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper !== undefined && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  )
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
}: {
  label: string
  value: string
  onChange: (value: string) => void
  choices: readonly Choice[]
  placeholder?: string
}) {
  return (
    <FormField label={label}>
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
