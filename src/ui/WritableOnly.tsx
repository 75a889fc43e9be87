import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useBookWritable } from '../data/book/WorkspaceContext.tsx'
import { ButtonLink } from './ButtonLink.tsx'

/**
 * A form that changes the book, or, in a book shared with this account to read only, a sentence
 * saying why there is none (the server would refuse what it saved).
 */
export function WritableOnly({ children }: { children: ReactNode }) {
  const writable = useBookWritable()
  const { t } = useTranslation('shell')
  if (writable) return children
  return (
    <Stack gap="4" maxW="lg" py="6">
      <Heading as="h1" size="lg">
        {t('readOnly.title')}
      </Heading>
      <Text>{t('readOnly.why')}</Text>
      <ButtonLink link={{ to: '/dashboard' }} variant="outline" alignSelf="flex-start">
        {t('readOnly.back')}
      </ButtonLink>
    </Stack>
  )
}
