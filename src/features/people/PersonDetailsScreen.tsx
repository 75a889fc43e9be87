import { Button, DataList } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { formatMobile, maskAadhaar } from '../../../shared/identity.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import { useActivePeople, useCities, useLoaded } from '../../data/hooks.ts'
import { Money } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { personWords } from '../../ui/words.ts'
import { genderLabel } from './personForm.ts'

/**
 * `/people/{id}`: one person's details, with the way on to their loans and their form. Aadhaar
 * is masked to its last four digits here, as everywhere but the edit form: the phone may be
 * lying on the counter, and the full number is only needed when it is being corrected.
 */
export function PersonDetailsScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const cityById = useMemo(() => cityIndex(cities), [cities])
  const person = people.find((p) => p.id === personId)
  if (!person) {
    return (
      <Page title="Person">
        <Notice>{loaded ? 'Person not found' : 'Loading…'}</Notice>
      </Page>
    )
  }
  const details: [string, ReactNode][] = [
    ['City', cityById.get(person.cityId)?.name ?? '—'],
    ['Phone', person.phone ? formatMobile(person.phone) : '—'],
    ['Aadhaar', person.aadhaar ? maskAadhaar(person.aadhaar) : '—'],
    ['Relationship', person.petName || '—'],
    ['Gender', genderLabel(person.gender)],
    [personWords.openingBalance, <Money key="balance" paise={person.balance} />],
  ]
  return (
    <Page
      title={person.name}
      actions={
        <>
          <Button asChild colorPalette="blue" size="sm">
            <Link to="/users/$personId/loans" params={{ personId: person.id }}>
              Loans
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/loans/add" search={{ personId: person.id }}>
              New Loan
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/people/edit/$id" params={{ id: person.id }}>
              Edit
            </Link>
          </Button>
        </>
      }
    >
      <DataList.Root orientation="horizontal" maxW="xl">
        {details.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Page>
  )
}
