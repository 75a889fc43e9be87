import { Button, Heading, Table } from '@chakra-ui/react'
import { useState } from 'react'
import { localToday } from '../../../shared/dates.ts'
import { useLender, useMutations } from '../../data/hooks.ts'
import { DateText } from '../../ui/DateText.tsx'
import { FormAlert } from '../../ui/form.tsx'
import { MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { LoanName } from '../loans/LoanName.tsx'

/**
 * Deleted people and loans. Nothing is ever destroyed: deleting archives, and Restore brings an
 * entry back with its payments intact (a person comes back with the loans deleted with them).
 */
export function TrashScreen() {
  const { people, loans } = useLender()
  const { restorePerson, restoreLoan } = useMutations()
  const [error, setError] = useState<string | null>(null)
  const names = new Map(people.map((p) => [p.id, p.name]))
  const archivedPeople = people.filter((p) => p.archived)
  const archivedPersonIds = new Set(archivedPeople.map((p) => p.id))
  // A loan deleted together with its person is restored with them, so it is listed under them.
  const archivedLoans = loans.filter((l) => l.archived && !archivedPersonIds.has(l.personId))
  const loansOf = (personId: string) => loans.filter((l) => l.archived && l.personId === personId)

  function attempt(restore: () => boolean) {
    try {
      setError(restore() ? null : 'Not found')
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    }
  }

  return (
    <Page title="Trash">
      <FormAlert message={error} />
      <Heading as="h2" size="lg">
        People
      </Heading>
      {archivedPeople.length === 0 ? (
        <Notice>No deleted people.</Notice>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Deleted people">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Loans</Table.ColumnHeader>
                <Table.ColumnHeader>Deleted On</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {archivedPeople.map((person) => (
                <Table.Row key={person.id}>
                  <Table.Cell fontWeight="medium">{person.name}</Table.Cell>
                  <Table.Cell>{person.phone || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{loansOf(person.id).length}</Table.Cell>
                  <Table.Cell>
                    {person.archivedAt ? (
                      <DateText date={localToday(new Date(person.archivedAt))} />
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => attempt(() => restorePerson(person.id))}
                    >
                      Restore
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Heading as="h2" size="lg">
        Loans
      </Heading>
      {archivedLoans.length === 0 ? (
        <Notice>No deleted loans.</Notice>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Deleted loans">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Loan</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Start Date</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {archivedLoans.map((loan) => (
                <Table.Row key={loan.id}>
                  <Table.Cell>
                    <LoanName loanId={loan.id} personName={names.get(loan.personId) ?? '—'} />
                  </Table.Cell>
                  <MoneyCell paise={loan.amount} />
                  <Table.Cell>
                    <DateText date={loan.startDate} />
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => attempt(() => restoreLoan(loan.id))}
                    >
                      Restore
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  )
}
