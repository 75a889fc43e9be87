import { Box } from '@chakra-ui/react'
import { Navigate, Outlet } from '@tanstack/react-router'
import { useState, useSyncExternalStore } from 'react'
import { useSyncStatus } from '../../data/hooks.ts'
import { getSessionState, signOut, subscribeSession, type SessionUser } from '../../data/session.ts'
import type { Workspace } from '../../data/workspace.ts'
import { SignedInProvider } from '../../data/WorkspaceContext.tsx'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { BottomTabs } from './BottomTabs.tsx'
import { TopBar } from './TopBar.tsx'

/**
 * The signed-in frame around every screen. If the session ends while it is on screen (Logout
 * here, or the server refusing it) it leaves for the login page.
 */
export function AppShell({ user, workspace }: { user: SessionUser; workspace: Workspace }) {
  const session = useSyncExternalStore(subscribeSession, getSessionState)
  if (session.status !== 'signed-in' || session.user.id !== user.id) {
    return <Navigate to="/login" replace />
  }
  return (
    <SignedInProvider user={user} workspace={workspace}>
      <Frame email={user.email} />
    </SignedInProvider>
  )
}

function Frame({ email }: { email: string }) {
  const { unsaved } = useSyncStatus()
  const [confirming, setConfirming] = useState(false)
  // Signing out ends the session here at once; the check in AppShell then renders the redirect.
  // Changes the server has not stored stay in this device's IndexedDB and go out at the next
  // sign-in of this lender, but a lender handing the phone over should know they are pending.
  const logout = (): void => {
    if (unsaved > 0) setConfirming(true)
    else void signOut()
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
        <Outlet />
      </Box>
      <BottomTabs onLogout={logout} />
      <ConfirmDialog
        open={confirming}
        question={unsavedWarning(unsaved)}
        confirmLabel="Log out anyway"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void signOut()
        }}
      />
    </>
  )
}

function unsavedWarning(unsaved: number): string {
  const changes = unsaved === 1 ? '1 change' : `${unsaved} changes`
  return (
    `${changes} on this device ${unsaved === 1 ? 'is' : 'are'} not saved to the server yet. ` +
    'They stay on this device and are saved when you next log in here. Log out anyway?'
  )
}
