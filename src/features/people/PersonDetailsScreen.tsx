import { Button, DataList, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMobile, maskAadhaar } from '../../../shared/identity.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import { useActivePeople, useCities, useLoaded } from '../../data/book/hooks.ts'
import { Money } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
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
  const { t } = useTranslation('people')
  const cityById = useMemo(() => cityIndex(cities), [cities])
  const person = people.find((p) => p.id === personId)
  if (!person) {
    return (
      <Page title={t('person')}>
        <Notice>{loaded ? t('notFound') : t('loading')}</Notice>
      </Page>
    )
  }
  const details: [string, ReactNode][] = [
    [t('field.city'), cityById.get(person.cityId)?.name ?? '—'],
    [t('field.phone'), person.phone ? formatMobile(person.phone) : '—'],
    [t('field.aadhaar'), person.aadhaar ? maskAadhaar(person.aadhaar) : '—'],
    [t('field.relationship'), person.petName || '—'],
    [t('field.gender'), genderLabel(person.gender, t)],
    // Only a note typed from paper: it counts in no figure. When there is one, it can be
    // brought in as a loan with old dues, which counts from its date on (issue 27, harm 7).
    [
      t('field.openingBalance'),
      person.balance === 0 ? (
        '—'
      ) : (
        <Stack key="balance" gap="1" align="start">
          <Text>
            <Money paise={person.balance} /> · {t('notCounted')}
          </Text>
          <Button asChild size="xs" variant="outline" minH="11">
            <Link to="/loans/add" search={{ personId: person.id, oldDues: 1 }}>
              {t('bringOldDues')}
            </Link>
          </Button>
        </Stack>
      ),
    ],
  ]
  return (
    <Page
      title={person.name}
      actions={
        <>
          <Button asChild colorPalette="blue" size="sm">
            <Link to="/users/$personId/loans" params={{ personId: person.id }}>
              {t('loans')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/loans/add" search={{ personId: person.id }}>
              {t('newLoan')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/people/edit/$id" params={{ id: person.id }}>
              {t('edit')}
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
