import { useMediaQuery } from '@chakra-ui/react'

/**
 * True at tablet/desktop width (Chakra's `md`, 48em). Evaluated synchronously (`ssr: false`) so a
 * phone never renders the table for one frame before switching to cards. Lists render only one
 * of the two, so a test or a screen reader never meets the same row twice.
 */
export function useWide(): boolean {
  const [wide] = useMediaQuery(['(min-width: 48em)'], { ssr: false })
  return wide ?? true
}
