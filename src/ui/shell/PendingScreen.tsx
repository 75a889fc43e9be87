import { Center, Spinner } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/** Shown while a screen's code is loading (only on a slow first visit to that screen). */
export function PendingScreen() {
  const { t } = useTranslation('shell')
  return (
    <Center py="16">
      <Spinner aria-label={t('loading')} color="teal.600" />
    </Center>
  )
}
