import { Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { FormField } from '../../ui/form.tsx'

/**
 * A section's form about one file (a backup to restore or import, a spreadsheet of people): what
 * it does (`note`), the file picker, then what the caller shows under it (`children`: what was
 * found, the buttons). Choosing another file clears what was said about the last (`onChoose`);
 * submitting hands over the file chosen, or null when there is none yet.
 */
export function FileForm({
  note,
  label,
  accept,
  error,
  onChoose,
  onSubmit,
  children,
}: {
  note: string
  label: string
  accept: string
  error?: string | null
  onChoose: () => void
  onSubmit: (file: File | null) => Promise<void> | void
  children: ReactNode
}) {
  const [file, setFile] = useState<File | null>(null)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void onSubmit(file)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Text color="fg.muted">{note}</Text>
        <FormField label={label} error={error}>
          <Input
            type="file"
            accept={accept}
            pt="2"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null)
              onChoose()
            }}
          />
        </FormField>
        {children}
      </Stack>
    </form>
  )
}
