import type { SystemContext } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'
import { system } from './theme.ts'

// The design system the app's ChakraProvider uses: the small one until the signed-in shell is
// about to render, then the full one (see theme.ts for why there are two).
let current: SystemContext = system
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current design system, for the root ChakraProvider. */
export function useDesignSystem(): SystemContext {
  return useSyncExternalStore(subscribe, () => current)
}

/** Loads the signed-in screens' design system and makes it current; resolves once it is. */
export async function loadAppSystem(): Promise<void> {
  const { appSystem } = await import('./appTheme.ts')
  if (current === appSystem) return
  current = appSystem
  for (const listener of listeners) listener()
}
