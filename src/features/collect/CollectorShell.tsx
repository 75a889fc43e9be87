import { Box, Button, ChakraProvider, Flex, Menu, Portal, Text } from '@chakra-ui/react'
import { Navigate, Outlet } from '@tanstack/react-router'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { SharedBook } from '../../../shared/members.ts'
import { chooseBook } from '../../data/book/chosenBook.ts'
import {
  closeCollector,
  CollectingContext,
  openCollector,
  useCollectorState,
} from '../../data/collect/useCollector.ts'
import {
  getSessionState,
  signOut,
  subscribeSession,
  type SessionUser,
} from '../../data/session/session.ts'
import { LANGUAGES, useLanguage } from '../../i18n/index.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { appSystem } from '../../ui/theme.ts'
import { AppToaster } from '../../ui/Toaster.tsx'

// For the collector's route, which builds the design system before its first render.
export { appSystem }

/**
 * A collector's frame (issue 31): whose book he collects for, his language, his own book, and
 * Log out. No tabs: his app is his villages' people and what he recorded.
 */
export function CollectorShell({ user, book }: { user: SessionUser; book: SharedBook }) {
  const session = useSyncExternalStore(subscribeSession, getSessionState)
  const collector = useMemo(() => openCollector(user.id, book.ownerId), [user.id, book.ownerId])
  const value = useMemo(
    () => ({ book: collector, shared: book, email: user.email }),
    [collector, book, user.email],
  )
  useEffect(() => {
    if (session.status !== 'signed-in') closeCollector()
  }, [session.status])
  if (session.status !== 'signed-in' || session.user.id !== user.id) {
    return <Navigate to="/login" replace />
  }
  return (
    <ChakraProvider value={appSystem()}>
      <CollectingContext value={value}>
        <Header owner={book.ownerName} userId={user.id} email={user.email} />
        <Box as="main" maxW="3xl" mx="auto" px={{ base: '3', md: '6' }} pt="4" pb="10">
          <AppToaster />
          <Outlet />
        </Box>
      </CollectingContext>
    </ChakraProvider>
  )
}

function Header({ owner, userId, email }: { owner: string; userId: string; email: string }) {
  const { t } = useTranslation('collect')
  const [language, setLanguage] = useLanguage()
  const { outbox } = useCollectorState()
  const [asking, setAsking] = useState(false)
  const waiting = outbox.filter((entry) => entry.state === 'waiting').length
  // Deposits still on this phone stay here across a sign-out, but he should know they have not
  // reached the owner yet before he hands the phone over.
  const logout = (): void => (waiting > 0 ? setAsking(true) : void signOut())
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Flex maxW="3xl" mx="auto" px={{ base: '3', md: '6' }} h="14" align="center" gap="3">
        <Box flex="1" minW="0">
          <Text fontWeight="bold" color="teal.800" truncate>
            {t('title', { owner })}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {email}
          </Text>
        </Box>
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" minH="11">
              {t('shell:menu')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                {LANGUAGES.filter((option) => option !== language).map((option) => (
                  <Menu.Item key={option} value={option} onSelect={() => setLanguage(option)}>
                    {t('common:languageName', { lng: option })}
                  </Menu.Item>
                ))}
                <Menu.Item value="own" onSelect={() => chooseBook(userId, null)}>
                  {t('openOwn')}
                </Menu.Item>
                <Menu.Separator />
                <Menu.Item value="logout" onSelect={logout}>
                  {t('shell:logout')}
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
      <ConfirmDialog
        open={asking}
        question={t('logoutWaiting', { count: waiting })}
        confirmLabel={t('shell:logoutQuestion.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          void signOut()
        }}
      />
    </Box>
  )
}
