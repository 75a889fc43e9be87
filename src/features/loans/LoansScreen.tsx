import { Card, Flex, SimpleGrid, Table } from '@chakra-ui/react'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { loanFigures, type StatusLabel } from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/book/hooks.ts'
import { ButtonLink } from '../../ui/ButtonLink.tsx'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { DateFigure, Figure, MoneyFigure } from '../../ui/Figure.tsx'
import { FormAlert, SelectField } from '../../ui/form.tsx'
import { ListCard } from '../../ui/ListCard.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { useUndoableDelete } from '../../ui/useConfirmedDelete.ts'
import { WindowList } from '../../ui/WindowRows.tsx'
import { filterLoans, type LoanQuery } from './loanFilter.ts'
import { LoanName } from './LoanName.tsx'
import { loanLabel, loanTitle, rateText } from './loanText.ts'

/** The status filter's choices, in this order (`loans:status.<label>`). */
const statusChoices: readonly StatusLabel[] = ['Active', 'Overdue', 'Defaulted', 'Paid']

interface LoanRow {
  loan: Loan
  personId: string
  personName: string
  status: StatusLabel
  settledByWaiver: boolean
  /** Due today. */
  balance: number
}

// Rough heights for the virtualizer's first layout; each row is measured once it renders.
const TABLE_ROW_PX = 57
const CARD_PX = 230
const rowKey = (row: LoanRow) => row.loan.id

/** `/loans`: every loan, filtered by status and person; money in whole rupees (spec §9). */
export function LoansScreen() {
  const writable = useBookWritable()
  const loans = useActiveLoans()
  const people = useActivePeople()
  const today = useToday()
  const loaded = useLoaded()
  const { archiveLoan, restoreLoan } = useMutations()
  const [query, setQuery] = useState<LoanQuery>({ status: '', personId: '' })
  const { t } = useTranslation('loans')
  const nameOf = (loan: Loan) => people.find((p) => p.id === loan.personId)?.name ?? '—'
  // After a delete, the toast names the loan that went and brings it back with Undo.
  const deletion = useUndoableDelete<Loan>(archiveLoan, restoreLoan, (loan) => {
    const said = { loan: loanTitle(loan, t), name: nameOf(loan) }
    return {
      deleted: t('list.deleted', said),
      undo: t('list.undoDelete'),
      restored: t('list.restored', said),
      notRestored: t('list.notRestored', said),
    }
  })
  const rows = useLoanRows(loans, people, today)
  const shown = filterLoans(rows, query)
  const actions = (row: LoanRow) => (
    <RowActions
      personId={row.personId}
      viewLabel={t('list.viewDetails')}
      edit={{ to: '/loans/edit/$id', id: row.loan.id, label: t('list.edit') }}
      onDelete={() => deletion.ask(row.loan)}
    />
  )

  return (
    <Page
      title={t('list.title')}
      actions={
        writable ? (
          <ButtonLink colorPalette="blue" link={{ to: '/loans/add' }}>
            {t('list.add')}
          </ButtonLink>
        ) : undefined
      }
    >
      <LoanFilters query={query} onQuery={setQuery} people={people} />
      <FormAlert message={deletion.error} />
      {rows.length === 0 ? (
        <Notice>{loaded ? t('list.empty') : t('loading')}</Notice>
      ) : shown.length === 0 ? (
        <Notice>{t('list.emptyFiltered')}</Notice>
      ) : (
        <WindowList
          items={shown}
          rowKey={rowKey}
          columns={[
            { header: t('list.loan') },
            { header: t('list.amount'), end: true },
            { header: t('list.interest') },
            { header: t('list.startDate') },
            { header: t('list.dueDate') },
            { header: t('list.status') },
            { header: t('common:money.dueToday'), end: true },
            { header: t('list.actions') },
          ]}
          rowPx={TABLE_ROW_PX}
          cardPx={CARD_PX}
          row={(row) => <LoanCells row={row} actions={actions(row)} />}
          card={(row) => <LoanListCard row={row} actions={actions(row)} />}
        />
      )}
      <ConfirmDialog
        question={
          deletion.deleting
            ? t('list.confirmDelete', {
                loan: loanTitle(deletion.deleting, t),
                name: nameOf(deletion.deleting),
                amount: formatINR(
                  rows.find((row) => row.loan.id === deletion.deleting?.id)?.balance ?? 0,
                ),
              })
            : ''
        }
        {...deletion.dialog}
      />
    </Page>
  )
}

/** Every loan with its borrower's name and today's status and due, newest first. */
function useLoanRows(
  loans: readonly Loan[],
  people: readonly { id: string; name: string }[],
  today: string,
): LoanRow[] {
  return useMemo<LoanRow[]>(() => {
    const names = new Map(people.map((p) => [p.id, p.name]))
    return loans
      .map((loan) => {
        const f = loanFigures(loan, today)
        return {
          loan,
          personId: loan.personId,
          personName: names.get(loan.personId) ?? '—',
          status: f.status,
          settledByWaiver: f.settledByWaiver,
          balance: f.totalDue,
        }
      })
      .sort(
        (a, b) =>
          b.loan.startDate.localeCompare(a.loan.startDate) ||
          b.loan.createdAt.localeCompare(a.loan.createdAt),
      )
  }, [loans, people, today])
}

/** The status and person filters. */
function LoanFilters({
  query,
  onQuery,
  people,
}: {
  query: LoanQuery
  onQuery: (change: (query: LoanQuery) => LoanQuery) => void
  people: readonly { id: string; name: string }[]
}) {
  const { t } = useTranslation('loans')
  const personChoices = [...people]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((p) => ({ value: p.id, label: p.name }))
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" maxW="2xl">
      <SelectField
        label={t('list.status')}
        value={query.status}
        onChange={(status) => onQuery((q) => ({ ...q, status: status as LoanQuery['status'] }))}
        placeholder={t('list.allStatuses')}
        choices={[
          // Every loan that owes, whatever its label: what the Active Loans tiles count.
          { value: 'owing', label: t('list.owing') },
          ...statusChoices.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
      />
      <SelectField
        label={t('list.person')}
        value={query.personId}
        onChange={(personId) => onQuery((q) => ({ ...q, personId }))}
        placeholder={t('list.allPeople')}
        choices={personChoices}
      />
    </SimpleGrid>
  )
}

/** A loan as a table row: name, amount, rate, dates, status, due today, and its buttons. */
function LoanCells({ row, actions }: { row: LoanRow; actions: ReactNode }) {
  return (
    <>
      <Table.Cell>
        <LoanName loanId={row.loan.id} personName={row.personName} />
      </Table.Cell>
      <MoneyCell paise={row.loan.amount} decimals={0} />
      <Table.Cell>{rateText(row.loan.interestRate, row.loan.interestType)}</Table.Cell>
      <Table.Cell>
        <DateText date={row.loan.startDate} />
      </Table.Cell>
      <Table.Cell>
        <DateText date={row.loan.dueDate} />
      </Table.Cell>
      <Table.Cell>
        <StatusBadge status={row.status} settledByWaiver={row.settledByWaiver} />
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="semibold">
        <Money paise={row.balance} decimals={0} />
      </Table.Cell>
      <Table.Cell>{actions}</Table.Cell>
    </>
  )
}

/** A loan as a phone card: name and status, amount, due today, rate and due date. */
function LoanListCard({ row, actions }: { row: LoanRow; actions: ReactNode }) {
  const { t } = useTranslation('loans')
  return (
    <ListCard
      label={`${row.personName}, ${loanLabel(row.loan.id)}`}
      header={
        <Flex justify="space-between" align="start" gap="2">
          <Card.Title as="h2">
            <LoanName loanId={row.loan.id} personName={row.personName} />
          </Card.Title>
          <StatusBadge status={row.status} settledByWaiver={row.settledByWaiver} />
        </Flex>
      }
      footer={actions}
    >
      <MoneyFigure label={t('list.amount')} paise={row.loan.amount} decimals={0} />
      <MoneyFigure label={t('common:money.dueToday')} paise={row.balance} decimals={0} />
      <Figure label={t('list.interest')}>
        {rateText(row.loan.interestRate, row.loan.interestType)}
      </Figure>
      <DateFigure label={t('list.dueDate')} date={row.loan.dueDate} />
    </ListCard>
  )
}
