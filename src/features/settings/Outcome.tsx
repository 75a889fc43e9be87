import { Box, Button, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { FormAlert } from '../../ui/form.tsx'

/** How an action went, as a section says it below its form. */
export type OutcomeMessage = { ok: boolean; message: string }

/** A sentence saying that an action worked, read out when it appears. */
export function Done({ children }: { children: ReactNode }) {
  return (
    <Text role="status" color="green.700">
      {children}
    </Text>
  )
}

/** A sentence saying how an action went: green when it worked, red otherwise. */
export function Outcome({ outcome }: { outcome: OutcomeMessage | null }) {
  if (outcome === null) return null
  if (!outcome.ok) return <FormAlert message={outcome.message} />
  return <Done>{outcome.message}</Done>
}

/** A section's submit button, on its own line and only as wide as its words. */
export function SubmitButton({
  busy = false,
  variant = 'solid',
  children,
}: {
  busy?: boolean
  variant?: 'solid' | 'outline'
  children: ReactNode
}) {
  return (
    <Box>
      <Button type="submit" colorPalette="teal" variant={variant} loading={busy}>
        {children}
      </Button>
    </Box>
  )
}
