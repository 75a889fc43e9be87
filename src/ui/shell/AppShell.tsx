import { Box, ChakraProvider } from '@chakra-ui/react'
import { Navigate, Outlet } from '@tanstack/react-router'
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useSyncStatus } from '../../data/book/hooks.ts'
import {
  getSessionState,
  signOut,
  subscribeSession,
  type SessionUser,
} from '../../data/session/session.ts'
import type { Workspace } from '../../data/book/workspace.ts'
import { SignedInProvider } from '../../data/book/WorkspaceContext.tsx'
import { canSignInOffline, offlineSignInSupported } from '../../data/session/offlineSignIn.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { InMain } from '../inMain.ts'
import { appSystem } from '../theme.ts'
import { AppToaster } from '../Toaster.tsx'
import { useOnline } from '../useOnline.ts'
import { BottomTabs } from './BottomTabs.tsx'
import { NewerLayoutGate } from './NewerLayoutGate.tsx'
import { SharedBookBanner } from './SharedBookBanner.tsx'
import { SkippedNotice } from './SkippedNotice.tsx'
import { TopBar } from './TopBar.tsx'

// For the signed-in route, which builds the system in a task of its own (routes/app.tsx).
export { appSystem }

/**
 * The signed-in frame around every screen, and Chakra's provider: the screens below it are the
 * only ones drawn with Chakra (the signed-out pages are plain, see ui/plain.css). If the session
 * ends while it is on screen (Logout here, or the server refusing it) it leaves for the login
 * page.
 */
export function AppShell({ user, workspace }: { user: SessionUser; workspace: Workspace }) {
  const session = useSyncExternalStore(subscribeSession, getSessionState)
  if (session.status !== 'signed-in' || session.user.id !== user.id) {
    return <Navigate to="/login" replace />
  }
  return (
    <ChakraProvider value={appSystem()}>
      <SignedInProvider user={user} workspace={workspace}>
        <Frame email={user.email} />
      </SignedInProvider>
    </ChakraProvider>
  )
}

function Frame({ email }: { email: string }) {
  const { t } = useTranslation('shell')
  const { state, unsaved } = useSyncStatus()
  const online = useOnline()
  const [question, setQuestion] = useState<{ text: string; cancel: string } | null>(null)
  // Signing out ends the session here at once; the check in AppShell then renders the redirect.
  // Changes the server has not stored stay in this device's IndexedDB and go out at the next
  // sign-in of this lender, but a lender handing the phone over should know they are pending.
  // Offline, logging out used to lock the lender out of their own book: now they are told
  // whether this device can let them back in without the network, and offered to stay.
  const logout = (): void => {
    const offline = !online || state === 'offline'
    if (unsaved > 0) {
      setQuestion({
        text: unsavedWarning(t, unsaved, offline, email),
        cancel: t('common:cancel'),
      })
    } else if (offline) {
      setQuestion({ text: offlineWarning(t, email), cancel: t('logoutQuestion.stay') })
    } else void signOut()
  }
  return (
    <>
      <TopBar email={email} onLogout={logout} />
      <Box
        as="main"
        maxW="6xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        pt="5"
        pb={{ base: '24', md: '10' }}
      >
        <InMain.Provider value={true}>
          <NewerLayoutGate>
            <SharedBookBanner />
            <SkippedNotice />
            <AppToaster />
            <Outlet />
          </NewerLayoutGate>
        </InMain.Provider>
      </Box>
      <BottomTabs />
      <ConfirmDialog
        open={question !== null}
        question={question?.text ?? ''}
        confirmLabel={t('logoutQuestion.confirm')}
        cancelLabel={question?.cancel}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          setQuestion(null)
          void signOut()
        }}
      />
    </>
  )
}

function unsavedWarning(t: TFunction, unsaved: number, offline: boolean, email: string): string {
  const parts = [t('shell:logoutQuestion.unsaved', { count: unsaved })]
  if (offline) parts.push(offlineLoginNote(t, email))
  parts.push(t('shell:logoutQuestion.anyway'))
  return parts.join(' ')
}

function offlineWarning(t: TFunction, email: string): string {
  return t('shell:logoutQuestion.offline', { note: offlineLoginNote(t, email) })
}

/** Whether the lender can get back in without the network, in a sentence. */
function offlineLoginNote(t: TFunction, email: string): string {
  if (canSignInOffline(email)) return t('shell:logoutQuestion.canSignInOffline')
  if (!offlineSignInSupported()) return t('shell:logoutQuestion.insecure')
  return t('shell:logoutQuestion.notYet')
}
