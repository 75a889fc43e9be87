import { Box, Card, Input, SimpleGrid, Table, Text } from '@chakra-ui/react'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatINR } from '../../../shared/money.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import {
  useActiveLoans,
  useActivePeople,
  useCities,
  useDashboard,
  useLoaded,
  useMutations,
} from '../../data/book/hooks.ts'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { ButtonLink } from '../../ui/ButtonLink.tsx'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { Figure, MoneyFigure } from '../../ui/Figure.tsx'
import { FirstSteps } from '../../ui/FirstSteps.tsx'
import { FormAlert, FormField, SelectField } from '../../ui/form.tsx'
import { ListCard } from '../../ui/ListCard.tsx'
import { MoneyCell } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useUndoableDelete } from '../../ui/useConfirmedDelete.ts'
import { WindowList } from '../../ui/WindowRows.tsx'
import {
  citiesToFilterBy,
  defaultPeopleQuery,
  filterAndSortPeople,
  type PeopleQuery,
} from './peopleFilter.ts'
import { genderChoices, genderLabel } from './personForm.ts'
import { RevivedNote } from './RevivedNote.tsx'

type Person = ReturnType<typeof useActivePeople>[number]

// Rough heights for the virtualizer's first layout; each row is measured once it renders.
const TABLE_ROW_PX = 53
const CARD_PX = 210
const personKey = (person: Person) => person.id

/** The people list: filters, sorting, a count line, and Add / Edit / Delete. */
export function PeopleScreen() {
  const writable = useBookWritable()
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const loans = useActiveLoans()
  const { archivePerson, restorePerson } = useMutations()
  const [query, setQuery] = useState<PeopleQuery>(defaultPeopleQuery)
  const { t } = useTranslation('people')
  const loansOf = (person: Person) => loans.filter((loan) => loan.personId === person.id).length
  // After a delete, the toast names who went and brings him (and his loans) back with Undo.
  const deletion = useUndoableDelete<Person>(archivePerson, restorePerson, (person) => {
    const said = { name: person.name, count: loansOf(person) }
    return {
      deleted: t(said.count === 0 ? 'list.deletedNoLoans' : 'list.deleted', said),
      undo: t('list.undoDelete'),
      restored: t('list.restored', said),
      notRestored: t('list.notRestored', said),
    }
  })

  // What each person owes today is the engine's figure (the dashboard's rows, cached per
  // person), never the stored "balance", which is only the opening note typed in the form.
  const { rows } = useDashboard()
  const dueToday = useMemo(() => new Map(rows.map((r) => [r.personId, r.totalDue])), [rows])
  const owes = (person: Person) => dueToday.get(person.id) ?? 0
  const cityById = useMemo(() => cityIndex(cities), [cities])
  const shown = useMemo(
    () => filterAndSortPeople(people, cityById, query, dueToday),
    [people, cityById, query, dueToday],
  )
  const filterCities = useMemo(
    () => citiesToFilterBy(people, cities, cityById, query.cityId),
    [people, cities, cityById, query.cityId],
  )
  const cityName = (person: Person) => cityById.get(person.cityId)?.name ?? '—'
  const actions = (person: Person) => (
    <RowActions
      personId={person.id}
      viewLabel={t('loans')}
      edit={{ to: '/people/edit/$id', id: person.id, label: t('edit') }}
      onDelete={() => deletion.ask(person)}
    />
  )

  return (
    <Page
      title={t('title')}
      actions={
        writable ? (
          <ButtonLink colorPalette="blue" link={{ to: '/people/add' }}>
            {t('add')}
          </ButtonLink>
        ) : undefined
      }
    >
      <PeopleFilters query={query} onQuery={setQuery} cities={filterCities} />
      <FormAlert message={deletion.error} />
      <Text color="fg.muted" aria-live="polite">
        {t('list.showing', { shown: shown.length, total: people.length })}
      </Text>
      {people.length === 0 ? (
        <>
          <Notice>{loaded ? t('list.empty') : t('loading')}</Notice>
          {loaded && <FirstSteps />}
        </>
      ) : shown.length === 0 ? (
        <Notice>{t('list.noMatch')}</Notice>
      ) : (
        <WindowList
          items={shown}
          rowKey={personKey}
          columns={[
            { header: t('field.name') },
            { header: t('field.city') },
            { header: t('field.gender') },
            { header: t('field.relationship') },
            { header: t('field.phone') },
            { header: t('common:money.dueToday'), end: true },
            { header: t('actions') },
          ]}
          rowPx={TABLE_ROW_PX}
          cardPx={CARD_PX}
          row={(person) => (
            <PersonCells person={person} city={cityName(person)} owes={owes(person)}>
              {actions(person)}
            </PersonCells>
          )}
          card={(person) => (
            <PersonListCard person={person} city={cityName(person)} owes={owes(person)}>
              {actions(person)}
            </PersonListCard>
          )}
        />
      )}
      <ConfirmDialog
        question={
          deletion.deleting
            ? t(
                loansOf(deletion.deleting) === 0
                  ? 'list.confirmDeleteNoLoans'
                  : 'list.confirmDelete',
                {
                  name: deletion.deleting.name,
                  count: loansOf(deletion.deleting),
                  amount: formatINR(owes(deletion.deleting)),
                },
              )
            : ''
        }
        {...deletion.dialog}
      />
    </Page>
  )
}

/** The name search, the city (of those the people live in) and gender filters, and the sort. */
function PeopleFilters({
  query,
  onQuery,
  cities,
}: {
  query: PeopleQuery
  onQuery: (change: (query: PeopleQuery) => PeopleQuery) => void
  cities: readonly { id: string; name: string }[]
}) {
  const { t } = useTranslation('people')
  const set = (patch: Partial<PeopleQuery>) => onQuery((q) => ({ ...q, ...patch }))
  const sortChoices = [
    { value: 'name', label: t('field.name') },
    { value: 'dueToday', label: t('common:money.dueToday') },
    { value: 'city', label: t('field.city') },
    { value: 'gender', label: t('field.gender') },
  ]
  const orderChoices = [
    { value: 'asc', label: t('list.ascending') },
    { value: 'desc', label: t('list.descending') },
  ]
  // Two filters to a row on a phone, so the list itself starts on the first screen.
  return (
    <SimpleGrid columns={{ base: 2, lg: 5 }} gap="3">
      <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
        <FormField label={t('field.name')}>
          <Input
            type="search"
            placeholder={t('list.searchByName')}
            value={query.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
        </FormField>
      </Box>
      <SelectField
        label={t('field.city')}
        value={query.cityId}
        onChange={(cityId) => set({ cityId })}
        placeholder={t('list.allCities')}
        choices={cities.map((c) => ({ value: c.id, label: c.name }))}
      />
      <SelectField
        label={t('field.gender')}
        value={query.gender}
        onChange={(gender) => set({ gender })}
        placeholder={t('list.allGenders')}
        choices={genderChoices(t)}
      />
      <SelectField
        label={t('list.sortBy')}
        value={query.sortBy}
        onChange={(sortBy) => set({ sortBy: sortBy as PeopleQuery['sortBy'] })}
        choices={sortChoices}
      />
      <SelectField
        label={t('list.order')}
        value={query.order}
        onChange={(order) => set({ order: order as PeopleQuery['order'] })}
        choices={orderChoices}
      />
    </SimpleGrid>
  )
}

/** What a person's row and card show: the person, their city's name, what they owe, the buttons. */
interface PersonLine {
  person: Person
  city: string
  owes: Paise
  children: ReactNode
}

/** A person as a table row: name, city, gender, relationship, phone, due today, buttons. */
function PersonCells({ person, city, owes, children }: PersonLine) {
  const { t } = useTranslation('people')
  return (
    <>
      <Table.Cell fontWeight="medium">
        {person.name}
        <RevivedNote revived={person.revived} />
      </Table.Cell>
      <Table.Cell>{city}</Table.Cell>
      <Table.Cell>{genderLabel(person.gender, t)}</Table.Cell>
      <Table.Cell>{person.petName || '—'}</Table.Cell>
      <Table.Cell>{person.phone || '—'}</Table.Cell>
      <MoneyCell paise={owes} />
      <Table.Cell>{children}</Table.Cell>
    </>
  )
}

/** A person as a phone card: name, city and gender, then due today, phone and relationship. */
function PersonListCard({ person, city, owes, children }: PersonLine) {
  const { t } = useTranslation('people')
  return (
    <ListCard
      label={person.name}
      header={
        <>
          <Card.Title as="h2">{person.name}</Card.Title>
          <RevivedNote revived={person.revived} />
          <Text color="fg.muted">
            {city} · {genderLabel(person.gender, t)}
          </Text>
        </>
      }
      footer={children}
    >
      <MoneyFigure label={t('common:money.dueToday')} paise={owes} />
      <Figure label={t('field.phone')}>{person.phone || '—'}</Figure>
      <Figure label={t('field.relationship')}>{person.petName || '—'}</Figure>
    </ListCard>
  )
}
