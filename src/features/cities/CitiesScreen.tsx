import { Button, Flex, Input, Table } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_CITY_NAME_LENGTH } from '../../../shared/schema/city.ts'
import type { City } from '../../../shared/schema/types.ts'
import { useCities, useMutations } from '../../data/book/hooks.ts'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { WindowTableBody } from '../../ui/WindowRows.tsx'

/** Height of one row (a small table with a small button), for the rows not drawn. */
const ROW_PX = 41

/**
 * Rows drawn whole. A lender's villages are a few dozen, all on the page, where the browser's
 * find-in-page reaches them; a list longer than this (one account once stored 200,000 before the
 * server capped what an account adds) draws only the rows near the screen.
 */
const ALL_ROWS = 1000

/**
 * Cities and villages, shared by every lender: add by name; deleting is deliberately disabled.
 * In the order `readCities` gives (by name).
 */
export function CitiesScreen() {
  const sorted = useCities()
  const { addCity } = useMutations()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('cities')

  const cells = (city: City) => (
    <>
      <Table.Cell>{city.name}</Table.Cell>
      <Table.Cell fontFamily="mono">{city.id.slice(-8)}</Table.Cell>
      <Table.Cell>
        {/* Cities are shared by every lender, so none may delete one (spec §2). */}
        <Button size="sm" variant="outline" colorPalette="red" disabled>
          {t('delete')}
        </Button>
      </Table.Cell>
    </>
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    // Checked here too, so the lender reads it in their language (addCity would refuse it).
    if (name.trim().length > MAX_CITY_NAME_LENGTH) {
      setError(t('tooLong', { max: MAX_CITY_NAME_LENGTH }))
      return
    }
    try {
      // A blank name is ignored (spec §5): addCity returns null and the field stays as typed.
      if (addCity(name) !== null) setName('')
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    }
  }

  return (
    <Page title={t('title')}>
      <form onSubmit={submit} noValidate>
        <Flex gap="3" align="end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <FormField label={t('nameLabel')}>
            <Input value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </FormField>
          <Button type="submit" colorPalette="blue">
            {t('add')}
          </Button>
        </Flex>
      </form>
      <FormAlert message={error} />
      {sorted.length === 0 ? (
        <Notice>{t('empty')}</Notice>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0}>
          <Table.Root size="sm" aria-rowcount={sorted.length + 1}>
            <Table.Header>
              <Table.Row aria-rowindex={1}>
                <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            {sorted.length <= ALL_ROWS ? (
              <Table.Body>
                {sorted.map((city, index) => (
                  <Table.Row key={city.id} aria-rowindex={index + 2}>
                    {cells(city)}
                  </Table.Row>
                ))}
              </Table.Body>
            ) : (
              <WindowTableBody
                items={sorted}
                rowKey={(city) => city.id}
                columns={3}
                estimatePx={ROW_PX}
              >
                {cells}
              </WindowTableBody>
            )}
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  )
}
