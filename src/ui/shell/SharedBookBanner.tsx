import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { chooseBook } from '../../data/book/chosenBook.ts'
import { discardLocalCopy } from '../../data/book/workspace.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { listSharedBooks } from '../../data/members/members.ts'
import { FormAlert } from '../form.tsx'

/**
 * Above every screen of a book shared with this account: whose book it is and what the account
 * may do in it, and a way back to its own. Once per start, when online, it asks the server: it
 * says so when the owner no longer shares the book, and opens it again with the new role when
 * the owner changed it. When the server refused a change made here (a viewer's, made offline
 * before the owner made them one), that change is still in this device's copy only, which can
 * be dropped.
 */
export function SharedBookBanner() {
  const { t } = useTranslation('shell')
  const { user, workspace } = useSignedIn()
  const shared = workspace.shared
  const lender = workspace.lender
  const refused = useSyncExternalStore(
    (onChange) => lender.subscribe(onChange),
    () => lender.readOnlyRefused,
  )
  const [gone, setGone] = useState(false)
  const [discarding, setDiscarding] = useState(false)

  useEffect(() => {
    if (!shared) return
    let current = true
    void listSharedBooks().then((result) => {
      if (!current || !result.ok) return
      const now = result.books.find((b) => b.ownerId === shared.ownerId)
      setGone(now === undefined)
      // The owner gave this account another role meanwhile: the screens start again with it.
      if (now && now.role !== shared.role) chooseBook(user.id, now)
    })
    return () => {
      current = false
    }
  }, [shared, user.id])

  if (!shared) return null
  return (
    <Box
      role="status"
      aria-label={t('sharedBook.title', { owner: shared.ownerName })}
      borderWidth="1px"
      borderColor="teal.200"
      bg="teal.50"
      borderRadius="md"
      px="3"
      py="2"
      mb="4"
    >
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Stack gap="0" minW="0" flex="1">
          <Text fontWeight="semibold">{t('sharedBook.title', { owner: shared.ownerName })}</Text>
          <Text fontSize="sm">
            {gone
              ? t('sharedBook.gone', { owner: shared.ownerName })
              : t(`sharedBook.role.${shared.role}`)}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" onClick={() => chooseBook(user.id, null)}>
          {t('sharedBook.ownBook')}
        </Button>
      </Flex>
      {refused && (
        <Stack gap="2" mt="2" align="start">
          <FormAlert message={t('sharedBook.refused')} />
          <Button
            size="sm"
            colorPalette="red"
            loading={discarding}
            onClick={() => {
              setDiscarding(true)
              void discardLocalCopy()
            }}
          >
            {t('sharedBook.discard')}
          </Button>
        </Stack>
      )}
    </Box>
  )
}
