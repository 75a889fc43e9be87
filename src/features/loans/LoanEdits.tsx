import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { LoanEdit } from '../../../shared/schema/types.ts'
import { useActivePeople, useMutations } from '../../data/book/hooks.ts'
import { toaster } from '../../ui/Toaster.tsx'
import { changesText, editLine, undoableEdit } from './loanEdits.ts'

/**
 * A loan's changes to its terms, newest first: each field old → new, on which device and when.
 * `latestOnly` (the card's face) shows just the latest, with its Undo unless it is an Undo or was
 * undone; the full list, in the card's details, has no buttons.
 */
export function LoanEdits({
  name,
  edits,
  latestOnly = false,
}: {
  name: string
  edits: readonly LoanEdit[]
  latestOnly?: boolean
}) {
  const { t } = useTranslation('loans')
  const people = useActivePeople()
  const { undoLoanEdit } = useMutations()
  if (edits.length === 0) return null
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name
  const undoable = latestOnly ? undoableEdit(edits) : null
  const undone = new Set(edits.flatMap((edit) => (edit.undoes ? [edit.undoes] : [])))
  const shown = [...edits].reverse().slice(0, latestOnly ? 1 : undefined)
  const undo = (edit: LoanEdit) => {
    const result = undoLoanEdit(edit.id)
    toaster.create(
      result.ok
        ? { title: t('change.undone', { changes: changesText(edit, t, nameOf) }), type: 'info' }
        : {
            title: t('change.notUndone', { reason: t(`change.reasons.${result.reason}`) }),
            type: 'error',
          },
    )
  }
  return (
    <Stack as="ul" aria-label={name} gap="1" listStyleType="none" fontSize="sm">
      {shown.map((edit) => (
        <Box as="li" key={edit.id}>
          <Flex gap="2" align="center" wrap="wrap">
            <Text color="fg.muted">
              {editLine(edit, t, nameOf)}
              {undone.has(edit.id) && ` · ${t('edits.undoneLater')}`}
            </Text>
            {edit === undoable && (
              <Button size="xs" minH="11" variant="outline" onClick={() => undo(edit)}>
                {t('change.undo')}
              </Button>
            )}
          </Flex>
        </Box>
      ))}
    </Stack>
  )
}
