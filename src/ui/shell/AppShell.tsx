import { Box } from '@chakra-ui/react'
import { Navigate, Outlet } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { getSessionState, signOut, subscribeSession, type SessionUser } from '../../data/session.ts'
import type { Workspace } from '../../data/workspace.ts'
import { SignedInProvider } from '../../data/WorkspaceContext.tsx'
import { BottomTabs } from './BottomTabs.tsx'
import { TopBar } from './TopBar.tsx'

// Signing out ends the session here at once; the check in AppShell then renders the redirect.
const logout = (): void => void signOut()

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
      <TopBar email={user.email} onLogout={logout} />
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
    </SignedInProvider>
  )
}
