import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { SessionUser } from '../session/session.ts'
import type { Workspace } from './workspace.ts'

interface SignedIn {
  user: SessionUser
  workspace: Workspace
}

const SignedInContext = createContext<SignedIn | null>(null)

/** Makes the signed-in lender and their open docs available to the data hooks below it. */
export function SignedInProvider({
  user,
  workspace,
  children,
}: SignedIn & { children: ReactNode }) {
  const value = useMemo(() => ({ user, workspace }), [user, workspace])
  return <SignedInContext value={value}>{children}</SignedInContext>
}

/**
 * Whether the open book takes changes from this account: its own, or one shared with it as a
 * partner; not one shared to read only (the server refuses a viewer's changes, see issue 31).
 */
export function useBookWritable(): boolean {
  return useSignedIn().workspace.shared?.role !== 'viewer'
}

/** The signed-in lender and workspace; only the signed-in shell renders the data hooks. */
export function useSignedIn(): SignedIn {
  const value = useContext(SignedInContext)
  if (!value) throw new Error('Data hooks are used outside the signed-in shell')
  return value
}
