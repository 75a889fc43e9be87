import { Center, Spinner } from '@chakra-ui/react'

/** Shown while a screen's code is loading (only on a slow first visit to that screen). */
export function PendingScreen() {
  return (
    <Center py="16">
      <Spinner aria-label="Loading" color="teal.600" />
    </Center>
  )
}
