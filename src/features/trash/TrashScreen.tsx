import { Box, Button, Card, Heading, SimpleGrid, Table } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isIsoDate, localToday } from '../../../shared/dates.ts'
import { useLender, useMutations } from '../../data/book/hooks.ts'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { FormAlert } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { useWide } from '../../ui/useWide.ts'
import { WindowStack, WindowTableBody } from '../../ui/WindowRows.tsx'
import { LoanName } from '../loans/LoanName.tsx'

// A rough row height for the virtualizer's first layout; each row is measured once it renders.
const TABLE_ROW_PX = 53
const CARD_PX = 150
const byId = (entry: { id: string }) => entry.id

/**
 * Deleted people and loans. Nothing is ever destroyed: deleting archives, and Restore brings an
 * entry back with its payments intact (a person comes back with the loans deleted with them).
 * A table on a wide screen; on a phone one card each, Restore on every card (the tables were
 * 374–399 px wide, Restore cut off at 360 and 390 px).
 */
export function TrashScreen() {
  const { people, loans } = useLender()
  const { restorePerson, restoreLoan } = useMutations()
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('trash')
  const wide = useWide()
  const names = new Map(people.map((p) => [p.id, p.name]))
  const archivedPeople = people.filter((p) => p.archived)
  const archivedPersonIds = new Set(archivedPeople.map((p) => p.id))
  // A loan deleted together with its person is restored with them, so it is listed under them.
  const archivedLoans = loans.filter((l) => l.archived && !archivedPersonIds.has(l.personId))
  const archivedLoanCount = new Map<string, number>()
  for (const loan of loans) {
    if (loan.archived) {
      archivedLoanCount.set(loan.personId, (archivedLoanCount.get(loan.personId) ?? 0) + 1)
    }
  }

  function attempt(restore: () => boolean) {
    try {
      setError(restore() ? null : t('notFound'))
    } catch (cause) {
      // The lender reads plain words; the exception is for whoever looks into it.
      console.error(cause)
      setError(t('failed'))
    }
  }

  return (
    <Page title={t('title')}>
      <FormAlert message={error} />
      <Heading as="h2" size="lg">
        {t('people')}
      </Heading>
      {archivedPeople.length === 0 ? (
        <Notice>{t('noPeople')}</Notice>
      ) : !wide ? (
        <Box role="group" aria-label={t('deletedPeople')}>
          <WindowStack items={archivedPeople} rowKey={byId} estimatePx={CARD_PX}>
            {(person) => (
              <TrashCard
                label={person.name}
                title={person.name}
                onRestore={() => attempt(() => restorePerson(person.id))}
              >
                <Figure label={t('phone')}>{person.phone || '—'}</Figure>
                <Figure label={t('loanCount')}>{archivedLoanCount.get(person.id) ?? 0}</Figure>
                <Figure label={t('deletedOn')}>
                  <ArchivedDay at={person.archivedAt} />
                </Figure>
              </TrashCard>
            )}
          </WindowStack>
        </Box>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root
            size="sm"
            aria-label={t('deletedPeople')}
            aria-rowcount={archivedPeople.length + 1}
          >
            <Table.Header>
              <Table.Row aria-rowindex={1}>
                <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('phone')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('loanCount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('deletedOn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <WindowTableBody
              items={archivedPeople}
              rowKey={byId}
              columns={5}
              estimatePx={TABLE_ROW_PX}
            >
              {(person) => (
                <>
                  <Table.Cell fontWeight="medium">{person.name}</Table.Cell>
                  <Table.Cell>{person.phone || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{archivedLoanCount.get(person.id) ?? 0}</Table.Cell>
                  <Table.Cell>
                    <ArchivedDay at={person.archivedAt} />
                  </Table.Cell>
                  <Table.Cell>
                    <RestoreButton onClick={() => attempt(() => restorePerson(person.id))} />
                  </Table.Cell>
                </>
              )}
            </WindowTableBody>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Heading as="h2" size="lg">
        {t('loans')}
      </Heading>
      {archivedLoans.length === 0 ? (
        <Notice>{t('noLoans')}</Notice>
      ) : !wide ? (
        <Box role="group" aria-label={t('deletedLoans')}>
          <WindowStack items={archivedLoans} rowKey={byId} estimatePx={CARD_PX}>
            {(loan) => (
              <TrashCard
                label={names.get(loan.personId) ?? '—'}
                title={<LoanName loanId={loan.id} personName={names.get(loan.personId) ?? '—'} />}
                onRestore={() => attempt(() => restoreLoan(loan.id))}
              >
                <Figure label={t('amount')}>
                  <Money paise={loan.amount} />
                </Figure>
                <Figure label={t('startDate')}>
                  <DateText date={loan.startDate} />
                </Figure>
              </TrashCard>
            )}
          </WindowStack>
        </Box>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root
            size="sm"
            aria-label={t('deletedLoans')}
            aria-rowcount={archivedLoans.length + 1}
          >
            <Table.Header>
              <Table.Row aria-rowindex={1}>
                <Table.ColumnHeader>{t('loan')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('startDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <WindowTableBody
              items={archivedLoans}
              rowKey={byId}
              columns={4}
              estimatePx={TABLE_ROW_PX}
            >
              {(loan) => (
                <>
                  <Table.Cell>
                    <LoanName loanId={loan.id} personName={names.get(loan.personId) ?? '—'} />
                  </Table.Cell>
                  <MoneyCell paise={loan.amount} />
                  <Table.Cell>
                    <DateText date={loan.startDate} />
                  </Table.Cell>
                  <Table.Cell>
                    <RestoreButton onClick={() => attempt(() => restoreLoan(loan.id))} />
                  </Table.Cell>
                </>
              )}
            </WindowTableBody>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  )
}

/** A deleted entry on a phone: its name, its figures two by two, and Restore. */
function TrashCard({
  label,
  title,
  onRestore,
  children,
}: {
  label: string
  title: ReactNode
  onRestore: () => void
  children: ReactNode
}) {
  return (
    <Card.Root size="sm" role="article" aria-label={label}>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={2} gap="2" fontSize="sm">
          {children}
        </SimpleGrid>
      </Card.Body>
      <Card.Footer>
        <RestoreButton onClick={onRestore} />
      </Card.Footer>
    </Card.Root>
  )
}

function RestoreButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('trash')
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      {t('restore')}
    </Button>
  )
}

/**
 * The lender's calendar day of an archive time, or a dash. A time late on 9999-12-31 (which no
 * clock gives, but a book may hold) is a day of the year 10000 in India: no date to show.
 */
function ArchivedDay({ at }: { at: string | undefined }) {
  const day = at === undefined ? null : localToday(new Date(at))
  return day !== null && isIsoDate(day) ? <DateText date={day} /> : '—'
}
