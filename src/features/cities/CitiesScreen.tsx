import { Button, Flex, Input, Table } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_CITY_NAME_LENGTH } from '../../../shared/schema/city.ts'
import { useCities, useMutations } from '../../data/hooks.ts'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'

/** Cities and villages, shared by every lender: add by name; deleting is deliberately disabled. */
export function CitiesScreen() {
  const cities = useCities()
  const { addCity } = useMutations()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation('cities')
  const sorted = [...cities].sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))

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
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sorted.map((city) => (
                <Table.Row key={city.id}>
                  <Table.Cell>{city.name}</Table.Cell>
                  <Table.Cell fontFamily="mono">{city.id.slice(-8)}</Table.Cell>
                  <Table.Cell>
                    {/* Cities are shared by every lender, so none may delete one (spec §2). */}
                    <Button size="sm" variant="outline" colorPalette="red" disabled>
                      {t('delete')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  )
}
