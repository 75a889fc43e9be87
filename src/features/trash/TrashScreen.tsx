import { Button, Card, Heading, Table } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isIsoDate, localToday } from '../../../shared/dates.ts'
import { useLender, useMutations } from '../../data/book/hooks.ts'
import { DateText } from '../../ui/DateText.tsx'
import { DateFigure, Figure, MoneyFigure } from '../../ui/Figure.tsx'
import { FormAlert } from '../../ui/form.tsx'
import { ListCard } from '../../ui/ListCard.tsx'
import { MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { WindowList } from '../../ui/WindowRows.tsx'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
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

  // Restore, as a button; a refusal or a failure is said above the lists.
  const restoreWith = (restore: (id: string) => boolean) => (entry: { id: string }) => (
    <RestoreButton
      onClick={() => {
        try {
          setError(restore(entry.id) ? null : t('notFound'))
        } catch (cause) {
          // The lender reads plain words; the exception is for whoever looks into it.
          console.error(cause)
          setError(t('failed'))
        }
      }}
    />
  )

  return (
    <Page title={t('title')}>
      <FormAlert message={error} />
      <Heading as="h2" size="lg">
        {t('people')}
      </Heading>
      {archivedPeople.length === 0 ? (
        <Notice>{t('noPeople')}</Notice>
      ) : (
        <DeletedPeople
          people={archivedPeople}
          loanCount={(personId) => archivedLoanCount.get(personId) ?? 0}
          restore={restoreWith(restorePerson)}
        />
      )}
      <Heading as="h2" size="lg">
        {t('loans')}
      </Heading>
      {archivedLoans.length === 0 ? (
        <Notice>{t('noLoans')}</Notice>
      ) : (
        <DeletedLoans
          loans={archivedLoans}
          names={new Map(people.map((p) => [p.id, p.name]))}
          restore={restoreWith(restoreLoan)}
        />
      )}
    </Page>
  )
}

type Person = ReturnType<typeof useLender>['people'][number]
type Loan = ReturnType<typeof useLender>['loans'][number]

/** The deleted people: name, phone, how many loans went with them, the day, and Restore. */
function DeletedPeople({
  people,
  loanCount,
  restore,
}: {
  people: readonly Person[]
  loanCount: (personId: string) => number
  restore: (person: Person) => ReactNode
}) {
  const { t } = useTranslation('trash')
  return (
    <WindowList
      items={people}
      rowKey={byId}
      label={t('deletedPeople')}
      columns={[
        { header: t('name') },
        { header: t('phone') },
        { header: t('loanCount'), end: true },
        { header: t('deletedOn') },
        { header: t('actions') },
      ]}
      rowPx={TABLE_ROW_PX}
      cardPx={CARD_PX}
      row={(person) => (
        <>
          <Table.Cell fontWeight="medium">{person.name}</Table.Cell>
          <Table.Cell>{person.phone || '—'}</Table.Cell>
          <Table.Cell textAlign="end">{loanCount(person.id)}</Table.Cell>
          <Table.Cell>
            <ArchivedDay at={person.archivedAt} />
          </Table.Cell>
          <Table.Cell>{restore(person)}</Table.Cell>
        </>
      )}
      card={(person) => (
        <ListCard
          label={person.name}
          header={<Card.Title>{person.name}</Card.Title>}
          footer={restore(person)}
        >
          <Figure label={t('phone')}>{person.phone || '—'}</Figure>
          <Figure label={t('loanCount')}>{loanCount(person.id)}</Figure>
          <Figure label={t('deletedOn')}>
            <ArchivedDay at={person.archivedAt} />
          </Figure>
        </ListCard>
      )}
    />
  )
}

/** The loans deleted on their own: whose, how much, from when, and Restore. */
function DeletedLoans({
  loans,
  names,
  restore,
}: {
  loans: readonly Loan[]
  names: ReadonlyMap<string, string>
  restore: (loan: Loan) => ReactNode
}) {
  const { t } = useTranslation('trash')
  const nameOf = (loan: Loan) => names.get(loan.personId) ?? '—'
  return (
    <WindowList
      items={loans}
      rowKey={byId}
      label={t('deletedLoans')}
      columns={[
        { header: t('loan') },
        { header: t('amount'), end: true },
        { header: t('startDate') },
        { header: t('actions') },
      ]}
      rowPx={TABLE_ROW_PX}
      cardPx={CARD_PX}
      row={(loan) => (
        <>
          <Table.Cell>
            <LoanName loanId={loan.id} personName={nameOf(loan)} />
          </Table.Cell>
          <MoneyCell paise={loan.amount} />
          <Table.Cell>
            <DateText date={loan.startDate} />
          </Table.Cell>
          <Table.Cell>{restore(loan)}</Table.Cell>
        </>
      )}
      card={(loan) => (
        <ListCard
          label={nameOf(loan)}
          header={
            <Card.Title>
              <LoanName loanId={loan.id} personName={nameOf(loan)} />
            </Card.Title>
          }
          footer={restore(loan)}
        >
          <MoneyFigure label={t('amount')} paise={loan.amount} />
          <DateFigure label={t('startDate')} date={loan.startDate} />
        </ListCard>
      )}
    />
  )
}

function RestoreButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('trash')
  // In a book shared to read only, Trash is for reading.
  if (!useBookWritable()) return null
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
