import { Button, Card, Flex, SimpleGrid, Table } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loanFigures, type StatusLabel } from '../../../shared/ledger/engine.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/book/hooks.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { undoableToast } from '../../ui/undoableToast.ts'
import { formatINR } from '../../../shared/money.ts'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { FormAlert, SelectField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.ts'
import { useWide } from '../../ui/useWide.ts'
import { WindowStack, WindowTableBody } from '../../ui/WindowRows.tsx'
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
  const loans = useActiveLoans()
  const people = useActivePeople()
  const today = useToday()
  const loaded = useLoaded()
  const wide = useWide()
  const { archiveLoan, restoreLoan } = useMutations()
  const [query, setQuery] = useState<LoanQuery>({ status: '', personId: '' })
  const { t } = useTranslation('loans')
  const nameOf = (loan: Loan) => people.find((p) => p.id === loan.personId)?.name ?? '—'
  // After a delete, the toast names the loan that went and brings it back with Undo.
  const deletion = useConfirmedDelete<Loan>(archiveLoan, (loan) => {
    const said = { loan: loanTitle(loan, t), name: nameOf(loan) }
    undoableToast({
      title: t('list.deleted', said),
      undoLabel: t('list.undoDelete'),
      undo: () =>
        restoreLoan(loan.id)
          ? { ok: true, title: t('list.restored', said) }
          : { ok: false, title: t('list.notRestored', said) },
    })
  })

  const rows = useMemo<LoanRow[]>(() => {
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
  const shown = filterLoans(rows, query)
  const personChoices = [...people]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((p) => ({ value: p.id, label: p.name }))

  return (
    <Page
      title={t('list.title')}
      actions={
        <Button asChild colorPalette="blue">
          <Link to="/loans/add">{t('list.add')}</Link>
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" maxW="2xl">
        <SelectField
          label={t('list.status')}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, status: status as LoanQuery['status'] }))}
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
          onChange={(personId) => setQuery((q) => ({ ...q, personId }))}
          placeholder={t('list.allPeople')}
          choices={personChoices}
        />
      </SimpleGrid>
      <FormAlert message={deletion.error} />
      {rows.length === 0 ? (
        <Notice>{loaded ? t('list.empty') : t('loading')}</Notice>
      ) : shown.length === 0 ? (
        <Notice>{t('list.emptyFiltered')}</Notice>
      ) : wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive aria-rowcount={shown.length + 1}>
            <Table.Header>
              <Table.Row aria-rowindex={1}>
                <Table.ColumnHeader>{t('list.loan')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('list.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('list.interest')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('list.startDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('list.dueDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('list.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('common:money.dueToday')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('list.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <WindowTableBody items={shown} rowKey={rowKey} columns={8} estimatePx={TABLE_ROW_PX}>
              {(row) => (
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
                  <Table.Cell>
                    <LoanActions loan={row.loan} onDelete={() => deletion.ask(row.loan)} />
                  </Table.Cell>
                </>
              )}
            </WindowTableBody>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <WindowStack items={shown} rowKey={rowKey} estimatePx={CARD_PX}>
          {(row) => (
            <Card.Root
              size="sm"
              role="article"
              aria-label={`${row.personName}, ${loanLabel(row.loan.id)}`}
            >
              <Card.Header>
                <Flex justify="space-between" align="start" gap="2">
                  <Card.Title as="h2">
                    <LoanName loanId={row.loan.id} personName={row.personName} />
                  </Card.Title>
                  <StatusBadge status={row.status} settledByWaiver={row.settledByWaiver} />
                </Flex>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="2" fontSize="sm">
                  <Figure label={t('list.amount')}>
                    <Money paise={row.loan.amount} decimals={0} />
                  </Figure>
                  <Figure label={t('common:money.dueToday')}>
                    <Money paise={row.balance} decimals={0} />
                  </Figure>
                  <Figure label={t('list.interest')}>
                    {rateText(row.loan.interestRate, row.loan.interestType)}
                  </Figure>
                  <Figure label={t('list.dueDate')}>
                    <DateText date={row.loan.dueDate} />
                  </Figure>
                </SimpleGrid>
              </Card.Body>
              <Card.Footer>
                <LoanActions loan={row.loan} onDelete={() => deletion.ask(row.loan)} />
              </Card.Footer>
            </Card.Root>
          )}
        </WindowStack>
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

function LoanActions({ loan, onDelete }: { loan: Loan; onDelete: () => void }) {
  const { t } = useTranslation('loans')
  return (
    <RowActions onDelete={onDelete}>
      <Button asChild size="sm" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: loan.personId }}>
          {t('list.viewDetails')}
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/loans/edit/$id" params={{ id: loan.id }}>
          {t('list.edit')}
        </Link>
      </Button>
    </RowActions>
  )
}
