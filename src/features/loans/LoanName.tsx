import { Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { loanLabel, loanTitle, type TitledLoan } from './loanText.ts'

/**
 * How a lender names a loan: by who borrowed it, with `Loan #xxxxxx` under it to tell one
 * person's loans apart (a lender thinks "Kamla's loan", not "Loan #3f9a2c").
 */
export function LoanName({ loanId, personName }: { loanId: string; personName: string }) {
  const { t } = useTranslation('loans')
  return (
    <Stack gap="0">
      <Text as="span" fontWeight="medium">
        {personName}
      </Text>
      <Text as="span" color="fg.muted" fontSize="sm" fontFamily="mono">
        {loanLabel(loanId, t)}
      </Text>
    </Stack>
  )
}

/**
 * One of a person's loans, where the borrower is the same for all: named by what tells it apart
 * ("Tractor · ₹50,000 from 01/03/2026"), with `Loan #xxxxxx` under it as the secondary label.
 */
export function LoanTitle({ loan }: { loan: TitledLoan & { id: string } }) {
  const { t } = useTranslation('loans')
  return (
    <Stack gap="0" as="span">
      <Text as="span" fontWeight="medium">
        {loanTitle(loan, t)}
      </Text>
      <Text as="span" color="fg.muted" fontSize="sm" fontFamily="mono" fontWeight="normal">
        {loanLabel(loan.id, t)}
      </Text>
    </Stack>
  )
}

/** One of `loans`, found by its id and named as `LoanTitle` names it; its label if it is gone. */
export function LoanTitleOf({
  loans,
  loanId,
}: {
  loans: readonly (TitledLoan & { id: string })[]
  loanId: string
}) {
  const { t } = useTranslation('loans')
  const loan = loans.find((l) => l.id === loanId)
  return loan ? <LoanTitle loan={loan} /> : <>{loanLabel(loanId, t)}</>
}
