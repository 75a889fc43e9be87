import { Input } from '@chakra-ui/react'
import { FormField } from '../../ui/form.tsx'

/** A labelled file picker that tells its section which file was chosen (or that none is). */
export function FileField({
  label,
  accept,
  error,
  onChoose,
}: {
  label: string
  accept: string
  error?: string | null
  onChoose: (file: File | null) => void
}) {
  return (
    <FormField label={label} error={error}>
      <Input
        type="file"
        accept={accept}
        pt="2"
        onChange={(event) => onChoose(event.currentTarget.files?.[0] ?? null)}
      />
    </FormField>
  )
}
