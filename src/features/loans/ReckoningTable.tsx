import { Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { Reckoning } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { Money } from '../../ui/Money.tsx'

/** A money word's key: `common:money.<word>` is its name, `common:meaning.<word>` its meaning. */
type MoneyWord =
  | 'lent'
  | 'interestSoFar'
  | 'paid'
  | 'overpaid'
  | 'waived'
  | 'dueToday'
  | 'principalLeft'
  | 'interestDue'
  | 'unpaidInterest'

/** How Due today splits: what is left of the principal, and the interest on top. */
export interface DueSplit {
  principalLeft: Paise
  interestDue: Paise
}

/**
 * The arithmetic that closes, one line per term, so a lender can add it up on paper:
 * Lent + Interest so far − Paid + Overpaid − Waived = Due today. When the split is given, a second
 * sum follows: Principal left + Interest due = Due today, and Unpaid interest (charged but not
 * paid, carried in what is due) is its own line rather than a silent gap. Every number comes from
 * the engine; this only lays it out, in three narrow columns that fit a phone.
 */
export function ReckoningTable({
  name,
  reckoning,
  unpaidInterest,
  split,
}: {
  name: string
  reckoning: Reckoning
  unpaidInterest?: Paise
  split?: DueSplit
}) {
  const { t } = useTranslation('loans')
  const lines: [string, MoneyWord, Paise][] = [
    ['', 'lent', reckoning.lent],
    ['+', 'interestSoFar', reckoning.interest],
    ['−', 'paid', reckoning.paid],
    ['+', 'overpaid', reckoning.overpaid],
    ['−', 'waived', reckoning.waived],
    ['=', 'dueToday', reckoning.due],
  ]
  return (
    <Stack gap="3" maxW="md">
      <Table.Root size="sm" aria-label={name}>
        <Table.Body>
          {lines.map(([sign, word, paise]) => (
            <Line key={word} sign={sign} word={word} paise={paise} strong={word === 'dueToday'} />
          ))}
        </Table.Body>
      </Table.Root>
      {(split || unpaidInterest !== undefined) && (
        <Table.Root size="sm" aria-label={`${name}: ${t('common:money.dueToday')}`}>
          <Table.Body>
            {split && (
              <>
                <Line sign="" word="principalLeft" paise={split.principalLeft} />
                <Line sign="+" word="interestDue" paise={split.interestDue} />
                <Line sign="=" word="dueToday" paise={reckoning.due} strong />
              </>
            )}
            {unpaidInterest !== undefined && (
              <Line
                sign=""
                word="unpaidInterest"
                paise={unpaidInterest}
                note={t('reckoning.carriedIn', { word: t('common:money.dueToday') })}
              />
            )}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}

function Line({
  sign,
  word,
  paise,
  strong = false,
  note,
}: {
  sign: string
  word: MoneyWord
  paise: Paise
  strong?: boolean
  note?: string
}) {
  const { t } = useTranslation('loans')
  const sayName = signName[sign]
  return (
    <Table.Row fontWeight={strong ? 'semibold' : undefined}>
      <Table.Cell
        width="6"
        textAlign="center"
        aria-label={sayName === undefined ? undefined : t(`reckoning.${sayName}`)}
      >
        {sign}
      </Table.Cell>
      <Table.Cell title={t(`common:meaning.${word}`)}>
        {t(`common:money.${word}`)}
        {note && (
          <Text as="span" color="fg.muted" fontSize="sm">
            {' '}
            ({note})
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Money paise={paise} />
      </Table.Cell>
    </Table.Row>
  )
}

// Screen readers say the operator rather than skipping a lone symbol (`loans:reckoning.<name>`).
const signName: Record<string, 'plus' | 'minus' | 'equals' | undefined> = {
  '+': 'plus',
  '−': 'minus',
  '=': 'equals',
  '': undefined,
}
