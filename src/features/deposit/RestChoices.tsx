import { Button, Flex, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { Panel } from '../../ui/Panel.tsx'
import { callNameOf, loanCallName } from '../loans/loanText.ts'
import type { DepositGap } from './depositRest.ts'

// Long loan names wrap inside their button on a phone instead of widening the page.
const wrap = { whiteSpace: 'normal', h: 'auto', minH: '11', py: '2', textAlign: 'start' } as const

/** What the choices do: put the rest on a loan, keep a loan's extra, or change the amount. */
export interface RestActions {
  onPutRest: (loanId: string) => void
  onKeepOverpaid: (loanId: string) => void
  onAmountToAllocated: () => void
}

/**
 * The rest of the cash, said before Record and with the ways out (rule 11: cash is never dropped):
 * put it on one of the person's loans, where it shows as overpaid (money the lender owes back or
 * holds as an advance), or change the amount to what is allocated. An allocation beyond what
 * settles its loan gets the same choice: keep the extra on it as overpaid, or lower it.
 */
export function RestChoices({
  gap,
  allocated,
  personName,
  loans,
  actions,
}: {
  gap: DepositGap
  allocated: Paise
  personName: string
  loans: readonly Loan[]
  actions: RestActions
}) {
  const { t } = useTranslation('deposit')
  const nameOf = (loanId: string) => callNameOf(loans, loanId, t)
  if (gap.rest <= 0 && gap.overSettling.length === 0) return null
  return (
    <Stack gap="3">
      {gap.rest > 0 && (
        <RestPanel label={t('rest.label')}>
          <Text fontWeight="semibold">{t('rest.title', { amount: formatINR(gap.rest) })}</Text>
          <Text fontSize="sm" mt="1">
            {t('rest.explain', { name: personName })}
          </Text>
          <Flex gap="2" wrap="wrap" mt="2">
            {loans.map((loan) => (
              <Button
                key={loan.id}
                variant="outline"
                size="sm"
                {...wrap}
                onClick={() => actions.onPutRest(loan.id)}
              >
                {t('rest.putOn', { amount: formatINR(gap.rest), loan: loanCallName(loan, t) })}
              </Button>
            ))}
            {allocated > 0 && (
              <Button variant="outline" size="sm" {...wrap} onClick={actions.onAmountToAllocated}>
                {t('rest.changeAmount', { amount: formatINR(allocated) })}
              </Button>
            )}
          </Flex>
        </RestPanel>
      )}
      {gap.overSettling.map((over) => (
        <RestPanel key={over.loanId} label={t('rest.overLabel', { loan: nameOf(over.loanId) })}>
          <Text fontSize="sm">
            {t('rest.over', {
              loan: nameOf(over.loanId),
              extra: formatINR(over.extra),
              amount: formatINR(over.settles),
            })}
          </Text>
          <Button
            variant="outline"
            size="sm"
            mt="2"
            {...wrap}
            onClick={() => actions.onKeepOverpaid(over.loanId)}
          >
            {t('rest.keep', { amount: formatINR(over.extra), loan: nameOf(over.loanId) })}
          </Button>
        </RestPanel>
      ))}
    </Stack>
  )
}

/** A question about cash that is not yet placed, in orange: it stands between the form and Record. */
function RestPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Panel role="group" label={label} borderColor="orange.muted" bg="orange.subtle" p="3">
      {children}
    </Panel>
  )
}
