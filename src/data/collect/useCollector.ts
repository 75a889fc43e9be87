import { createContext, useContext, useSyncExternalStore } from 'react'
import type { SharedBook } from '../../../shared/members.ts'
import { CollectorBook, type CollectorState } from './collectorBook.ts'

let current: CollectorBook | null = null

/** The collector book of `userId` for `ownerId`, opened on first use (one at a time). */
export function openCollector(userId: string, ownerId: string): CollectorBook {
  if (current?.userId === userId && current.ownerId === ownerId) return current
  current?.close()
  current = new CollectorBook(userId, ownerId)
  void current.open()
  return current
}

/** Closes the open collector book (signing out); what it holds stays on the device. */
export function closeCollector(): void {
  current?.close()
  current = null
}

export interface Collecting {
  book: CollectorBook
  shared: SharedBook
  email: string
}

export const CollectingContext = createContext<Collecting | null>(null)

/** The collector's book and whose it is; only the collector's shell renders its screens. */
export function useCollecting(): Collecting {
  const value = useContext(CollectingContext)
  if (!value) throw new Error('Collector screens are used outside the collector shell')
  return value
}

/** His sheet and outbox as they stand, re-rendering on every change. */
export function useCollectorState(): CollectorState {
  const { book } = useCollecting()
  return useSyncExternalStore(book.subscribe, book.getState)
}
