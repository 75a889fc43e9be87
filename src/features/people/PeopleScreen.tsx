import { Box, Button, Card, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import {
  useActivePeople,
  useCities,
  useDashboard,
  useLoaded,
  useMutations,
} from '../../data/hooks.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { FormAlert, FormField, SelectField } from '../../ui/form.tsx'
import { Money, MoneyCell } from '../../ui/Money.tsx'
import { FirstSteps } from '../../ui/FirstSteps.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { RowActions } from '../../ui/RowActions.tsx'
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.ts'
import { useWide } from '../../ui/useWide.ts'
import { money } from '../../ui/words.ts'
import { defaultPeopleQuery, filterAndSortPeople, type PeopleQuery } from './peopleFilter.ts'
import { genderLabel, genders } from './personForm.ts'
import { RevivedNote } from './RevivedNote.tsx'
import { cityIndex } from '../../../shared/schema/city.ts'

type Person = ReturnType<typeof useActivePeople>[number]

const sortChoices = [
  { value: 'name', label: 'Name' },
  { value: 'dueToday', label: money.dueToday },
  { value: 'city', label: 'City' },
  { value: 'gender', label: 'Gender' },
]
const orderChoices = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
]

/** The people list: filters, sorting, a count line, and Add / Edit / Delete. */
export function PeopleScreen() {
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const { archivePerson } = useMutations()
  const wide = useWide()
  const [query, setQuery] = useState<PeopleQuery>(defaultPeopleQuery)
  const deletion = useConfirmedDelete<Person>(archivePerson)

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
      title="People"
      actions={
        <Button asChild colorPalette="blue">
          <Link to="/people/add">Add</Link>
        </Button>
      }
    >
      {/* Two filters to a row on a phone, so the list itself starts on the first screen. */}
      <SimpleGrid columns={{ base: 2, lg: 5 }} gap="3">
        <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
          <FormField label="Name">
            <Input
              type="search"
              placeholder="Search by name"
              value={query.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
          </FormField>
        </Box>
        <SelectField
          label="City"
          value={query.cityId}
          onChange={(cityId) => set({ cityId })}
          placeholder="All cities"
          choices={cities.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Gender"
          value={query.gender}
          onChange={(gender) => set({ gender })}
          placeholder="All genders"
          choices={genders}
        />
        <SelectField
          label="Sort by"
          value={query.sortBy}
          onChange={(sortBy) => set({ sortBy: sortBy as PeopleQuery['sortBy'] })}
          choices={sortChoices}
        />
        <SelectField
          label="Order"
          value={query.order}
          onChange={(order) => set({ order: order as PeopleQuery['order'] })}
          choices={orderChoices}
        />
      </SimpleGrid>
      <FormAlert message={deletion.error} />
      <Text color="fg.muted" aria-live="polite">
        Showing {shown.length} of {people.length} people
      </Text>
      {people.length === 0 ? (
        <>
          <Notice>{loaded ? 'No people found.' : 'Loading…'}</Notice>
          {loaded && <FirstSteps />}
        </>
      ) : shown.length === 0 ? (
        <Notice>No people found matching your filters.</Notice>
      ) : wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>City</Table.ColumnHeader>
                <Table.ColumnHeader>Gender</Table.ColumnHeader>
                <Table.ColumnHeader>Relationship</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{money.dueToday}</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((person) => (
                <Table.Row key={person.id}>
                  <Table.Cell fontWeight="medium">
                    {person.name}
                    <RevivedNote revived={person.revived} />
                  </Table.Cell>
                  <Table.Cell>{cityName(person)}</Table.Cell>
                  <Table.Cell>{genderLabel(person.gender)}</Table.Cell>
                  <Table.Cell>{person.petName || '—'}</Table.Cell>
                  <Table.Cell>{person.phone || '—'}</Table.Cell>
                  <MoneyCell paise={owes(person)} />
                  <Table.Cell>
                    <PersonActions person={person} onDelete={() => deletion.ask(person)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Stack gap="3">
          {shown.map((person) => (
            <Card.Root key={person.id} size="sm" role="article" aria-label={person.name}>
              <Card.Header>
                <Card.Title>{person.name}</Card.Title>
                <RevivedNote revived={person.revived} />
                <Text color="fg.muted">
                  {cityName(person)} · {genderLabel(person.gender)}
                </Text>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="2" fontSize="sm">
                  <Figure label={money.dueToday}>
                    <Money paise={owes(person)} />
                  </Figure>
                  <Figure label="Phone">{person.phone || '—'}</Figure>
                  <Figure label="Relationship">{person.petName || '—'}</Figure>
                </SimpleGrid>
              </Card.Body>
              <Card.Footer>
                <PersonActions person={person} onDelete={() => deletion.ask(person)} />
              </Card.Footer>
            </Card.Root>
          ))}
        </Stack>
      )}
      <ConfirmDialog question="Are you sure you want to delete this person?" {...deletion.dialog} />
    </Page>
  )
}

function PersonActions({ person, onDelete }: { person: Person; onDelete: () => void }) {
  return (
    <RowActions onDelete={onDelete}>
      <Button asChild size="xs" variant="outline">
        <Link to="/users/$personId/loans" params={{ personId: person.id }}>
          Loans
        </Link>
      </Button>
      <Button asChild size="xs" variant="outline">
        <Link to="/people/edit/$id" params={{ id: person.id }}>
          Edit
        </Link>
      </Button>
    </RowActions>
  )
}
