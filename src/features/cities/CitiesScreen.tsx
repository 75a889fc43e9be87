import { Button, Flex, Input, Table } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useCities, useMutations } from '../../data/hooks.ts'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Notice, Page } from '../../ui/Page.tsx'

/** Cities and villages, shared by every lender: add by name; deleting is deliberately disabled. */
export function CitiesScreen() {
  const cities = useCities()
  const { addCity } = useMutations()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const sorted = [...cities].sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      // A blank name is ignored (spec §5): addCity returns null and the field stays as typed.
      if (addCity(name) !== null) setName('')
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    }
  }

  return (
    <Page title="Cities">
      <form onSubmit={submit} noValidate>
        <Flex gap="3" align="end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <FormField label="City or village name">
            <Input value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </FormField>
          <Button type="submit" colorPalette="blue">
            Add
          </Button>
        </Flex>
      </form>
      <FormAlert message={error} />
      {sorted.length === 0 ? (
        <Notice>No cities yet.</Notice>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>ID</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sorted.map((city) => (
                <Table.Row key={city.id}>
                  <Table.Cell>{city.name}</Table.Cell>
                  <Table.Cell fontFamily="mono">{city.id.slice(-8)}</Table.Cell>
                  <Table.Cell>
                    {/* Cities are shared by every lender, so none may delete one (spec §2). */}
                    <Button size="xs" variant="outline" colorPalette="red" disabled>
                      Delete
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
