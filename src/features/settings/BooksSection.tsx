import { Badge, Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { normalizeInviteCode, type SharedBook } from '../../../shared/members.ts'
import { chooseBook } from '../../data/book/chosenBook.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { joinBook, listSharedBooks } from '../../data/members/members.ts'
import { FormField } from '../../ui/form.tsx'
import { ListRow } from './ListRow.tsx'
import { Outcome, SubmitButton, type OutcomeMessage } from './Outcome.tsx'

/**
 * Which book this device works in: the lender's own, or one another lender shared with them
 * (as a partner or a viewer), and joining one with the code its owner sent.
 */
export function BooksSection() {
  const { t } = useTranslation('settings')
  const { user, workspace } = useSignedIn()
  const open = workspace.shared
  const [books, setBooks] = useState<SharedBook[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    void listSharedBooks().then((result) => {
      if (!current) return
      if (result.ok) setBooks(result.books)
      else setFailed(result.message)
    })
    return () => {
      current = false
    }
  }, [])

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (normalizeInviteCode(code) === null) {
      setOutcome({ ok: false, message: t('members.errors.notACode') })
      return
    }
    setBusy(true)
    const joined = await joinBook(code)
    setBusy(false)
    if (!joined.ok) {
      setOutcome({ ok: false, message: joined.message })
      return
    }
    setCode('')
    const listed = await listSharedBooks()
    if (listed.ok) setBooks(listed.books)
    const book = listed.ok ? listed.books.find((b) => b.ownerId === joined.ownerId) : undefined
    setOutcome({
      ok: true,
      message: t('books.joined', {
        owner: book?.ownerName ?? '',
        role: t(`members.role.${joined.role}`),
      }),
    })
  }

  return (
    <Stack gap="4">
      <Text>
        {open
          ? t('books.inShared', { owner: open.ownerName, role: t(`members.role.${open.role}`) })
          : t('books.inOwn')}
      </Text>
      {open && (
        <Box>
          <Button variant="outline" onClick={() => chooseBook(user.id, null)}>
            {t('books.openOwn')}
          </Button>
        </Box>
      )}
      {failed && <Text color="fg.muted">{failed}</Text>}
      {books && books.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" aria-label={t('books.list')}>
          {books.map((book) => (
            <ListRow key={book.ownerId} label={book.ownerName}>
              <Flex gap="2" align="center" wrap="wrap" minW="0" flex="1">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {book.ownerName}
                </Text>
                <Badge colorPalette="teal">{t(`members.role.${book.role}`)}</Badge>
              </Flex>
              {open?.ownerId === book.ownerId ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('books.openNow')}
                </Text>
              ) : (
                <Button size="sm" variant="outline" onClick={() => chooseBook(user.id, book)}>
                  {t('books.open')}
                </Button>
              )}
            </ListRow>
          ))}
        </Stack>
      )}
      <form onSubmit={(event) => void join(event)} noValidate>
        <Stack gap="3">
          <FormField label={t('books.code')} helper={t('books.codeHelper')}>
            <Input
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => {
                setCode(event.currentTarget.value)
                setOutcome(null)
              }}
            />
          </FormField>
          <Outcome outcome={outcome} />
          <SubmitButton busy={busy} variant="outline">
            {t('books.join')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  )
}
