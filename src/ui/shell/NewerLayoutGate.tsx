import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { updateApp, useNewerLayout } from '../../data/sync/layout.ts'

/**
 * The screens, unless another device has saved the book with a newer app: then this version
 * would misread it, so in their place it says so and offers the update. Nothing under it can
 * write while the message is up.
 */
export function NewerLayoutGate({ children }: { children: ReactNode }) {
  const newer = useNewerLayout()
  const { t } = useTranslation('update')
  const [updating, setUpdating] = useState(false)
  if (!newer) return children
  return (
    <Stack gap="4" maxW="lg" py="6" role="alert">
      <Heading as="h1" size="lg">
        {t('title')}
      </Heading>
      <Text>{t('why')}</Text>
      <Text>{t('safe')}</Text>
      <Button
        colorPalette="teal"
        size="lg"
        alignSelf="flex-start"
        loading={updating}
        onClick={() => {
          setUpdating(true)
          void updateApp()
        }}
      >
        {t('update')}
      </Button>
    </Stack>
  )
}
