/**
 * Who may do what in a book (issue 31). A book belongs to the account that made it (its owner);
 * the owner may let others in as members, each with one role:
 *
 * - `partner`: reads and writes the whole book, as the owner does; only the owner manages members;
 * - `viewer`: reads the whole book and writes nothing;
 * - `collector`: sees his villages only, never an Aadhaar, and records deposits there, and nothing
 *   else (see `shared/collect.ts`).
 *
 * The server decides: it checks every socket against the member's role when it opens and refuses
 * what the role does not allow (see `server/members/`).
 */

/** The members API (see `server/members/api.ts`). */
export const MEMBERS_PATH = '/api/members'
export const BOOKS_PATH = '/api/books'

export const MEMBER_ROLES = ['partner', 'viewer', 'collector'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** A signed-in account's access to a book: its own, or a member's. */
export type BookAccess = 'owner' | MemberRole

/** The roles an owner can invite today. */
export const INVITABLE_ROLES: readonly MemberRole[] = ['partner', 'viewer', 'collector']

/** Villages one collector may be given. */
export const MAX_VILLAGES = 50

/**
 * A collector's villages as given to the API: one to MAX_VILLAGES city ids, each named once; null
 * when `value` is not that.
 */
export function readVillages(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_VILLAGES) return null
  if (!value.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64)) return null
  return new Set(value).size === value.length ? (value as string[]) : null
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value)
}

/** Whether `access` may change the book's contents (people, loans, deposits, …). */
export function writesBook(access: BookAccess): boolean {
  return access === 'owner' || access === 'partner'
}

/** An invitation lives this long unless it is used first. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** The letters of an invitation code: no 0/O or 1/I/L, so it survives being read out or typed. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** Characters in an invitation code: 16 of 31 letters, about 79 bits, never guessed. */
export const INVITE_CODE_LENGTH = 16

/** An invitation code as the owner sends it, or as a member types it (spaces and case ignored). */
export function normalizeInviteCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase()
  if (code.length !== INVITE_CODE_LENGTH) return null
  for (const char of code) if (!INVITE_ALPHABET.includes(char)) return null
  return code
}

/** A member as the owner's members list shows them. */
export interface MemberInfo {
  id: string
  name: string
  email: string
  role: MemberRole
  /** A collector's villages (city ids); empty for the other roles. */
  villages: string[]
  /** When they joined (ISO timestamp). */
  joinedAt: string
}

/** An invitation not used yet, as the owner's members list shows it (never its code). */
export interface InviteInfo {
  id: string
  role: MemberRole
  /** A collector's villages (city ids); empty for the other roles. */
  villages: string[]
  createdAt: string
  expiresAt: string
}

/** A book shared with the signed-in account. */
export interface SharedBook {
  ownerId: string
  ownerName: string
  role: MemberRole
}
