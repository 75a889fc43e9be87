import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_VILLAGES } from '../../../shared/members.ts'
import { useActivePeople, useCities } from '../../data/book/hooks.ts'
import { FormAlert } from '../../ui/form.tsx'

/** One village as the picker offers it: its name, and every city id the book's people use for it. */
interface Village {
  name: string
  ids: string[]
  people: number
}

/**
 * The villages of the lender's people, grouped by name: two devices that added "Rampur" while
 * apart made two entries of the shared list (see `City.aliases`), and a collector of Rampur
 * collects from the people of both.
 */
function useVillages(): Village[] {
  const people = useActivePeople()
  const cities = useCities()
  return useMemo(() => {
    const names = new Map(cities.map((city) => [city.id, city.name]))
    const byName = new Map<string, Village>()
    for (const person of people) {
      const name = names.get(person.cityId)
      if (name === undefined) continue
      const key = name.toLocaleLowerCase()
      const village = byName.get(key) ?? { name, ids: [], people: 0 }
      if (!village.ids.includes(person.cityId)) village.ids.push(person.cityId)
      village.people += 1
      byName.set(key, village)
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  }, [people, cities])
}

/**
 * Which villages a collector collects in: a tick per village of the lender's people. He sees
 * those villages' people only, never an Aadhaar, and records deposits there and nowhere else.
 */
export function VillagePicker({
  name,
  initial,
  saveLabel,
  busy,
  onSave,
  onCancel,
}: {
  /** Whose villages, as the question names him ("a new collector", "Mohan"). */
  name: string
  initial: readonly string[]
  saveLabel: string
  busy: boolean
  onSave: (ids: string[]) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('settings')
  const villages = useVillages()
  const [chosen, setChosen] = useState(() => new Set(initial))
  const [error, setError] = useState<string | null>(null)
  const ids = villages.flatMap((village) =>
    village.ids.some((id) => chosen.has(id)) ? village.ids : [],
  )
  function toggle(village: Village, on: boolean) {
    const next = new Set(chosen)
    for (const id of village.ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    setChosen(next)
    setError(null)
  }
  function save() {
    if (ids.length === 0) return setError(t('members.villages.none'))
    if (ids.length > MAX_VILLAGES)
      return setError(t('members.villages.tooMany', { max: MAX_VILLAGES }))
    onSave(ids)
  }
  return (
    <Stack
      as="fieldset"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      aria-label={t('members.villages.question', { name })}
    >
      <Text as="legend" fontWeight="medium">
        {t('members.villages.question', { name })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('members.villages.note')}
      </Text>
      {villages.length === 0 ? (
        <Text color="fg.muted">{t('members.villages.empty')}</Text>
      ) : (
        <Box maxH="64" overflowY="auto">
          {villages.map((village) => (
            <Flex as="label" key={village.name} gap="2" align="center" minH="11" cursor="pointer">
              <input
                type="checkbox"
                checked={village.ids.some((id) => chosen.has(id))}
                onChange={(event) => toggle(village, event.currentTarget.checked)}
                style={{ width: '1.1rem', height: '1.1rem' }}
              />
              <Text>
                {village.name}{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {t('members.villages.people', { count: village.people })}
                </Text>
              </Text>
            </Flex>
          ))}
        </Box>
      )}
      <FormAlert message={error} />
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="teal" minH="11" loading={busy} onClick={save}>
          {saveLabel}
        </Button>
        <Button variant="ghost" minH="11" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
      </Flex>
    </Stack>
  )
}
