import { Stack, Text } from '@chakra-ui/react'
import { loanLabel } from './loanText.ts'

/**
 * How a lender names a loan: by who borrowed it, with `Loan #xxxxxx` under it to tell one
 * person's loans apart (a lender thinks "Kamla's loan", not "Loan #3f9a2c").
 */
export function LoanName({ loanId, personName }: { loanId: string; personName: string }) {
  return (
    <Stack gap="0">
      <Text as="span" fontWeight="medium">
        {personName}
      </Text>
      <Text as="span" color="fg.muted" fontSize="sm" fontFamily="mono">
        {loanLabel(loanId)}
      </Text>
    </Stack>
  )
}
