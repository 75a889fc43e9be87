import { Box, Button, Card, Input, SimpleGrid, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  useActiveLoans,
  useActivePeople,
  useCities,
  useDashboard,
  useLoaded,
  useMutations,
} from '../../data/book/hooks.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { undoableToast } from '../../ui/undoableToast.ts'
import { formatINR } from '../../../shared/money.ts'
import { Figure } from '../../ui/Figure.tsx'
import { FormAlert, FormField, SelectField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { FirstSteps } from '../../ui/FirstSteps.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.ts'
import { useWide } from '../../ui/useWide.ts'
import { WindowStack, WindowTableBody } from '../../ui/WindowRows.tsx'
import { defaultPeopleQuery, filterAndSortPeople, type PeopleQuery } from './peopleFilter.ts'
import { genderChoices, genderLabel } from './personForm.ts'
import { RevivedNote } from './RevivedNote.tsx'
import { cityIndex } from '../../../shared/schema/city.ts'

type Person = ReturnType<typeof useActivePeople>[number]

// Rough heights for the virtualizer's first layout; each row is measured once it renders.
const TABLE_ROW_PX = 53
const CARD_PX = 210
const personKey = (person: Person) => person.id

/** The people list: filters, sorting, a count line, and Add / Edit / Delete. */
export function PeopleScreen() {
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const loans = useActiveLoans()
  const { archivePerson, restorePerson } = useMutations()
  const wide = useWide()
  const [query, setQuery] = useState<PeopleQuery>(defaultPeopleQuery)
  const { t } = useTranslation('people')
  const loansOf = (person: Person) => loans.filter((loan) => loan.personId === person.id).length
  // After a delete, the toast names who went and brings him (and his loans) back with Undo.
  const deletion = useConfirmedDelete<Person>(archivePerson, (person) => {
    const said = { name: person.name, count: loansOf(person) }
    undoableToast({
      title: t(said.count === 0 ? 'list.deletedNoLoans' : 'list.deleted', said),
      undoLabel: t('list.undoDelete'),
      undo: () =>
        restorePerson(person.id)
          ? { ok: true, title: t('list.restored', said) }
          : { ok: false, title: t('list.notRestored', said) },
    })
  })
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
  const set = (patch: Partial<PeopleQuery>) => setQuery((q) => ({ ...q, ...patch }))

  const cityName = (person: Person) => cityById.get(person.cityId)?.name ?? '—'

  return (
    <Page
      title={t('title')}
      actions={
        <Button asChild colorPalette="blue">
          <Link to="/people/add">{t('add')}</Link>
        </Button>
      }
    >
      {/* Two filters to a row on a phone, so the list itself starts on the first screen. */}
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
      ) : wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive aria-rowcount={shown.length + 1}>
            <Table.Header>
              <Table.Row aria-rowindex={1}>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.city')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.gender')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.relationship')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.phone')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('common:money.dueToday')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <WindowTableBody items={shown} rowKey={personKey} columns={7} estimatePx={TABLE_ROW_PX}>
              {(person) => (
                <>
                  <Table.Cell fontWeight="medium">
                    {person.name}
                    <RevivedNote revived={person.revived} />
                  </Table.Cell>
                  <Table.Cell>{cityName(person)}</Table.Cell>
                  <Table.Cell>{genderLabel(person.gender, t)}</Table.Cell>
                  <Table.Cell>{person.petName || '—'}</Table.Cell>
                  <Table.Cell>{person.phone || '—'}</Table.Cell>
                  <MoneyCell paise={owes(person)} />
                  <Table.Cell>
                    <PersonActions person={person} onDelete={() => deletion.ask(person)} />
                  </Table.Cell>
                </>
              )}
            </WindowTableBody>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <WindowStack items={shown} rowKey={personKey} estimatePx={CARD_PX}>
          {(person) => (
            <Card.Root size="sm" role="article" aria-label={person.name}>
              <Card.Header>
                <Card.Title as="h2">{person.name}</Card.Title>
                <RevivedNote revived={person.revived} />
                <Text color="fg.muted">
                  {cityName(person)} · {genderLabel(person.gender, t)}
                </Text>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="2" fontSize="sm">
                  <Figure label={t('common:money.dueToday')}>
                    <Money paise={owes(person)} />
                  </Figure>
                  <Figure label={t('field.phone')}>{person.phone || '—'}</Figure>
                  <Figure label={t('field.relationship')}>{person.petName || '—'}</Figure>
                </SimpleGrid>
              </Card.Body>
              <Card.Footer>
                <PersonActions person={person} onDelete={() => deletion.ask(person)} />
              </Card.Footer>
            </Card.Root>
          )}
        </WindowStack>
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

function PersonActions({ person, onDelete }: { person: Person; onDelete: () => void }) {
  const { t } = useTranslation('people')
  return (
    <RowActions onDelete={onDelete}>
      <Button asChild size="sm" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: person.id }}>
          {t('loans')}
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/people/edit/$id" params={{ id: person.id }}>
          {t('edit')}
        </Link>
      </Button>
    </RowActions>
  )
}
