import { isMemberRole, type SharedBook } from '../../../shared/members.ts'
import { userRoom } from '../../../shared/protocol.ts'

/**
 * Which book this device opens for a signed-in account: its own, or one shared with it (issue
 * 31). Kept per account on the device, so it opens offline too; a shared book is kept in
 * IndexedDB under its owner's room, like the owner's own devices keep it.
 */

const key = (userId: string) => `rin-khata:book:${userId}`

/** The shared book this device opens for `userId`; null: the account's own. */
export function chosenBook(userId: string): SharedBook | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const { ownerId, ownerName, role } = value as Record<string, unknown>
    if (typeof ownerId !== 'string' || typeof ownerName !== 'string' || !isMemberRole(role)) {
      return null
    }
    return { ownerId, ownerName, role }
  } catch {
    return null
  }
}

/** The room of the book this device opens for `userId`. */
export function bookRoom(userId: string): string {
  return userRoom(chosenBook(userId)?.ownerId ?? userId)
}

/** Opens `book` (null: the account's own) from now on, starting on its dashboard. */
export function chooseBook(userId: string, book: SharedBook | null): void {
  if (book === null) localStorage.removeItem(key(userId))
  else localStorage.setItem(key(userId), JSON.stringify(book))
  // Every screen reads one open book: the simplest way to change it is to start again.
  window.location.assign('/dashboard')
}
