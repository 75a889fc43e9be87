import { useSyncExternalStore } from 'react'

/**
 * The deposit this device recorded last, so the person's page it lands on can offer "Send
 * receipt" for it. Kept in memory only: a receipt is offered right after recording, not later.
 */
let last: { personId: string; depositId: string } | null = null
const listeners = new Set<() => void>()

function changed(): void {
  for (const listener of listeners) listener()
}

/** Called by the deposit page after a deposit is recorded. */
export function rememberDeposit(personId: string, depositId: string): void {
  last = { personId, depositId }
  changed()
}

/** Done with the receipt: the page stops offering it. */
export function forgetDeposit(): void {
  last = null
  changed()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The id of the deposit just recorded for `personId`, or null. */
export function useLastDeposit(personId: string): string | null {
  return useSyncExternalStore(subscribe, () =>
    last !== null && last.personId === personId ? last.depositId : null,
  )
}
