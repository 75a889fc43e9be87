import { Input, InputGroup, SimpleGrid } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { paiseToRupeeInput } from '../../../shared/money.ts'
import { useActivePeople, useCities, useLoaded, useMutations } from '../../data/book/hooks.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { FormField, FormFooter, SelectField, useFocusFirstError } from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import {
  blankPerson,
  checkPersonForm,
  genderChoices,
  relationshipExamples,
  type Gender,
  type PersonErrors,
  type PersonFormValues,
} from './personForm.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import type { City, Language } from '../../../shared/schema/types.ts'
import { WritableOnly } from '../../ui/WritableOnly.tsx'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import { cityChoicesFor } from './peopleFilter.ts'

/** A count with Indian digit grouping (2,00,000). */
function formatCount(count: number): string {
  return count.toLocaleString('en-IN')
}

type Person = ReturnType<typeof useActivePeople>[number]

/** `/people/add` and `/people/edit/{id}`: the person form. */
export function PersonFormScreen(props: { personId?: string }) {
  return (
    <WritableOnly>
      <PersonFormOf {...props} />
    </WritableOnly>
  )
}

/** The form of a new person, or of the person `personId` once they are found. */
function PersonFormOf({ personId }: { personId?: string }) {
  const people = useActivePeople()
  const loaded = useLoaded()
  const { t } = useTranslation('people')
  if (personId === undefined) return <PersonForm />
  const person = people.find((p) => p.id === personId)
  if (person) return <PersonForm person={person} key={person.id} />
  return (
    <Page title={t('form.editTitle')}>
      <Notice>{loaded ? t('notFound') : t('loading')}</Notice>
    </Page>
  )
}

function valuesOf(person: Person, cityById: ReadonlyMap<string, City>): PersonFormValues {
  return {
    name: person.name,
    cityId: cityById.get(person.cityId)?.id ?? person.cityId,
    balance: paiseToRupeeInput(person.balance),
    aadhaar: person.aadhaar ?? '',
    petName: person.petName ?? '',
    phone: person.phone ?? '',
    gender: person.gender as Gender,
    language: person.language ?? '',
  }
}

/**
 * The form itself. It keeps what was typed when a check fails, and says what is missing (the old
 * app did nothing at all, which looked like a broken button).
 */
function PersonForm({ person }: { person?: Person }) {
  const cities = useCities()
  const { addPerson, updatePerson } = useMutations()
  const navigate = useNavigate()
  const { t } = useTranslation('people')
  // A person filed under a merged duplicate city shows (and keeps) the listed city.
  const [values, setValues] = useState<PersonFormValues>(() =>
    person ? valuesOf(person, cityIndex(cities)) : blankPerson,
  )
  const [errors, setErrors] = useState<PersonErrors>({})
  const [error, setError] = useState<string | null>(null)
  const { formRef, focusFirstError } = useFocusFirstError()
  const set = (patch: Partial<PersonFormValues>) => setValues((v) => ({ ...v, ...patch }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkPersonForm(values, t)
    setError(null)
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirstError()
      return
    }
    setErrors({})
    try {
      if (person) updatePerson(person.id, checked.person)
      else addPerson(checked.person)
    } catch (cause) {
      // The lender reads plain words; the exception is for whoever looks into it.
      console.error(cause)
      setError(t('ui:notSaved'))
      return
    }
    void navigate({ to: '/people' })
  }

  const submitLabel = person ? t('form.submitUpdate') : t('form.submitAdd')
  return (
    <Page title={person ? t('form.editTitle') : t('form.addTitle')}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <PersonFormFields values={values} set={set} errors={errors} />
        <FormFooter error={error} submitLabel={submitLabel} cancelTo="/people" />
      </form>
    </Page>
  )
}

/** The person form's fields, each refusal beside its field. */
function PersonFormFields({
  values,
  set,
  errors,
}: {
  values: PersonFormValues
  set: (patch: Partial<PersonFormValues>) => void
  errors: PersonErrors
}) {
  const cities = useCities()
  const people = useActivePeople()
  const { t } = useTranslation('people')
  const [search, setSearch] = useState('')
  const index = useMemo(() => cityIndex(cities), [cities])
  // A long shared list is offered a part at a time (see `cityChoicesFor`). The list is already by
  // name (`readCities`): sorting again with `localeCompare` built a collator per comparison, 27 s
  // for a list one account had bloated to 200,000 cities.
  const offered = useMemo(
    () => cityChoicesFor(people, cities, index, values.cityId, search),
    [people, cities, index, values.cityId, search],
  )
  const cityChoices = offered.cities.map((c) => ({ value: c.id, label: c.name }))
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="3xl">
      <FormField label={t('field.name')} error={errors.name}>
        <Input
          value={values.name}
          maxLength={MAX_TEXT_LENGTH}
          autoComplete="off"
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
      </FormField>
      {offered.narrowed && (
        <FormField
          label={t('form.findCity')}
          helper={t('form.findCityHelp', {
            shown: formatCount(offered.cities.length),
            total: formatCount(cities.length),
          })}
        >
          <Input
            type="search"
            value={search}
            maxLength={MAX_TEXT_LENGTH}
            autoComplete="off"
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </FormField>
      )}
      <SelectField
        label={t('field.city')}
        value={values.cityId}
        onChange={(cityId) => set({ cityId })}
        placeholder={t('form.selectCity')}
        choices={cityChoices}
        error={errors.cityId}
      />
      {/* The stored balance is only a note: what the person owes is "Due today", which the
          engine computes from their loans and deposits. */}
      <AmountField
        label={t('field.openingBalance')}
        helper={t('form.openingBalanceHelp')}
        value={values.balance}
        placeholder="0"
        onChange={(balance) => set({ balance })}
        error={errors.balance}
      />
      <FormField label={t('field.aadhaar')} helper={t('form.aadhaarHelp')} error={errors.aadhaar}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={values.aadhaar}
          onChange={(e) => set({ aadhaar: e.currentTarget.value })}
        />
      </FormField>
      <FormField label={t('field.relationship')} helper={t('form.relationshipHelp')}>
        <Input
          list="relationship-examples"
          value={values.petName}
          maxLength={MAX_TEXT_LENGTH}
          onChange={(e) => set({ petName: e.currentTarget.value })}
        />
        <datalist id="relationship-examples">
          {relationshipExamples.map((r) => (
            <option key={r} value={t(`relationships.${r}`)} />
          ))}
        </datalist>
      </FormField>
      <FormField label={t('field.phone')} helper={t('form.phoneHelp')} error={errors.phone}>
        <InputGroup startElement="+91">
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={values.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
          />
        </InputGroup>
      </FormField>
      <SelectField
        label={t('field.gender')}
        value={values.gender}
        onChange={(gender) => set({ gender: gender as Gender })}
        choices={genderChoices(t)}
      />
      {/* Reminders and receipts to this person go out in this language. */}
      <SelectField
        label={t('field.language')}
        value={values.language}
        onChange={(language) => set({ language: language as Language | '' })}
        placeholder={t('language.same')}
        choices={[
          { value: 'en', label: t('language.en') },
          { value: 'hi', label: t('language.hi') },
        ]}
      />
    </SimpleGrid>
  )
}
