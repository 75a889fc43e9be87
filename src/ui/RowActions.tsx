import { Button, Flex } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { useBookWritable } from '../data/book/WorkspaceContext.tsx'
import { ButtonLink } from './ButtonLink.tsx'

/**
 * A list row's buttons: the way to the person's loans (`viewLabel`), Edit (`edit`: the form of
 * the person or of the loan), then Delete, which asks before it acts. Each is a thumb-sized target
 * (44 px, from the theme), and Delete stands 16 px clear of the others so a slip of the thumb
 * does not open the wrong question. In a book shared to read only, only the first.
 */
export function RowActions({
  personId,
  viewLabel,
  edit,
  onDelete,
}: {
  personId: string
  viewLabel: string
  edit: { to: '/people/edit/$id' | '/loans/edit/$id'; id: string; label: string }
  onDelete: () => void
}) {
  const { t } = useTranslation('common')
  const writable = useBookWritable()
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <ButtonLink
        size="sm"
        variant="outline"
        link={{ to: '/users/$personId/loans', params: { personId } }}
      >
        {viewLabel}
      </ButtonLink>
      {writable && (
        <ButtonLink size="sm" variant="outline" link={{ to: edit.to, params: { id: edit.id } }}>
          {edit.label}
        </ButtonLink>
      )}
      {writable && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} ms="2">
          {t('delete')}
        </Button>
      )}
    </Flex>
  )
}
